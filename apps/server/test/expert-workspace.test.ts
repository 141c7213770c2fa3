// The expert workspace (issue 12): an expert's own assignments, the declaration of interests
// before any content, blind rounds, drafts, submission, concurrent saves, phases and peers.
import { Errno, type FormField, type ReviewSaveInput } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, enterprises, forms, reviewRounds, users } from '../src/db/schema';
import { weightedTotal } from '../src/shared/review-scoring';
import { PNG, TEST_FIELDS } from './apply-fixtures';
import { auditOf, newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';
import { encodeUriPart, withLoneSurrogate } from './hostile';
import {
  assign,
  createRound,
  insertExpert,
  newExpert,
  setPhase,
  submittedApplication,
  TEST_CRITERIA,
  type ExpertClient,
  type RoundValues,
  type SubmittedApplication,
} from './review-fixtures';

const FULL: ReviewSaveInput = { scores: { quality: 8, impact: 50 }, recommendation: 'fund', commentToStaff: '整体扎实', version: 0 };

let creditCounter = 0;
/** A library enterprise (credit codes only need to be unique here). */
async function insertEnterprise(server: TestServer, name: string, userId: number | null = null): Promise<number> {
  creditCounter += 1;
  const creditCode = `91${String(process.pid).padStart(8, '0').slice(-8)}${String(Date.now() % 1e6).padStart(6, '0')}${String(creditCounter).padStart(2, '0')}`;
  const [row] = await server.handle.db.insert(enterprises).values({ name, creditCode, userId }).returning({ id: enterprises.id });
  return row!.id;
}

describe.each(drivers)('expert workspace on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  let reviewer: StaffClient;
  let expertA: ExpertClient;
  let expertB: ExpertClient;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [admin, reviewer, expertA, expertB] = await Promise.all([staffLogin(server), newReviewer(server), newExpert(server), newExpert(server)]);
  });
  afterAll(() => server?.close());

  /** A submitted application on a new call, its round and an assignment of `expert`. */
  async function assigned(expert: { expertId: number }, round: RoundValues = {}, status?: 'declared') {
    const app = await submittedApplication(server);
    const r = await createRound(server.handle.db, app.projectId, round);
    const a = await assign(server.handle.db, { roundId: r.id, applicationId: app.applicationId, expertId: expert.expertId, ...(status ? { status, declaredAt: new Date() } : {}) });
    return { app, round: r, id: a.id };
  }

  /** The file endpoint as a browser calls it, for its headers. */
  function fetchFile(expert: ExpertClient, id: number, fileId: number): Promise<Response> {
    return fetch(`${server.baseUrl}/api/console/my/reviews/${id}/files/${fileId}`, { headers: { authkey: expert.api.session.getToken()! } });
  }

  it('keeps experts to their workspace, everyone else out of it, and each expert to their own assignments', async () => {
    const { app, id } = await assigned(expertA, {}, 'declared');
    for (const call of [
      () => expertA.api.console.applyList({ projectId: app.projectId }, { silent: true }),
      () => expertA.api.console.applyGet({ applyId: app.applicationId }, { silent: true }),
      () => expertA.api.console.projectOptions({}, { silent: true }),
      () => expertA.api.console.reviewRoundGet({ projectId: app.projectId }, { silent: true }),
      () => expertA.api.console.reviewAssignmentList({ projectId: app.projectId }, { silent: true }),
      () => expertA.api.console.expertList({}, { silent: true }),
      () => expertA.api.console.auditList({}, { silent: true }),
    ]) {
      const refused = await apiError(call());
      expect([refused.errno, refused.message]).toEqual([Errno.FORBIDDEN, expect.stringMatching(/^无权执行此操作：仅管理员(或审核员)?可用$/)]);
    }
    const upload = await apiError(expertA.api.files.upload({ file: new Blob([new Uint8Array([37, 80, 68, 70])]), name: 'a.pdf' }, { silent: true }));
    expect([upload.errno, upload.message]).toEqual([Errno.FORBIDDEN, '评审专家不能上传文件']);
    // The applicant's upload is the expert's only through the workspace, never the general file endpoint.
    expect((await apiError(expertA.api.files.get({ id: app.uploadIds[0]! }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect(await expertA.api.console.myReviewFile({ id, fileId: app.uploadIds[0]! })).toBeInstanceOf(Blob);

    for (const staffMember of [admin, reviewer]) {
      expect((await apiError(staffMember.api.console.myReviewList({}, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
      expect((await apiError(staffMember.api.console.myReviewGet({ id }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
      expect((await apiError(staffMember.api.console.myProfile({}, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    }
    expect((await apiError(app.applicant.api.console.myReviewList({}, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(app.applicant.api.console.myReviewGet({ id }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);

    // Another expert's assignment answers exactly like a missing one.
    const missing = await apiError(expertB.api.console.myReviewGet({ id: 2_000_000_000 }, { silent: true }));
    for (const call of [
      () => expertB.api.console.myReviewGet({ id }, { silent: true }),
      () => expertB.api.console.myReviewDeclare({ id, conflict: false }, { silent: true }),
      () => expertB.api.console.myReviewSave({ id, ...FULL }, { silent: true }),
      () => expertB.api.console.myReviewFile({ id, fileId: app.uploadIds[0]! }, { silent: true }),
    ]) {
      const error = await apiError(call());
      expect([error.errno, error.errmsg]).toEqual([missing.errno, missing.errmsg]);
    }
    expect((await fetchFile(expertB, id, app.uploadIds[0]!)).status).toBe(404);
    expect((await expertB.api.console.myReviewList({ pageSize: 100 })).list.map((r) => r.id)).not.toContain(id);
    // A file of another application, through the expert's own assignment, is not found either.
    const other = await submittedApplication(server);
    expect((await apiError(expertA.api.console.myReviewFile({ id, fileId: other.uploadIds[0]! }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
  });

  it('shows only the title and applicant before the declaration; no conflict opens the content', async () => {
    const { app, round, id } = await assigned(expertA);
    const before = await expertA.api.console.myReviewGet({ id });
    expect(before).toMatchObject({
      status: 'assigned',
      phase: 'reviewing',
      projectId: app.projectId,
      applicationTitle: '原创越剧《钱塘潮》',
      applicantName: app.applicant.account,
      application: null,
      peers: null,
      criteria: TEST_CRITERIA,
      review: { scores: {}, total: null, recommendation: null, version: 0 },
    });
    expect((await apiError(expertA.api.console.myReviewFile({ id, fileId: app.uploadIds[0]! }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(expertA.api.console.myReviewSave({ id, ...FULL }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    const noReason = await apiError(expertA.api.console.myReviewDeclare({ id, conflict: true, reason: ' ' }, { silent: true }));
    expect([noReason.errno, noReason.errmsg]).toEqual([Errno.INVALID_INPUT, expect.stringContaining('请说明原因')]);

    const declared = await expertA.api.console.myReviewDeclare({ id, conflict: false });
    expect(declared.status).toBe('declared');
    expect(declared.application?.data).toEqual(app.data);
    expect(declared.application?.form.fields).toEqual(TEST_FIELDS);
    expect(declared.application?.files.map((f) => f.name)).toEqual(['申报书.pdf', '证明材料.pdf']);
    const file = await fetchFile(expertA, id, app.uploadIds[1]!);
    expect(file.status).toBe(200);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain('证明材料.pdf');
    expect((await file.text()).startsWith('%PDF')).toBe(true);

    const [entry] = await auditOf(server, 'review.declare');
    expect(entry).toMatchObject({ actorId: expertA.staffId, objectId: String(id), detail: { conflict: false, applicationId: app.applicationId, roundId: round.id } });
    const again = await apiError(expertA.api.console.myReviewDeclare({ id, conflict: true, reason: '后来想起' }, { silent: true }));
    expect([again.errno, again.errmsg]).toEqual([Errno.CONFLICT, expect.stringContaining('不能重复声明')]);
  });

  it('keeps a declared conflict with its reason and never shows that expert the content', async () => {
    const { app, id } = await assigned(expertA);
    const declared = await expertA.api.console.myReviewDeclare({ id, conflict: true, reason: '曾任该单位顾问' });
    expect(declared).toMatchObject({ status: 'conflict', conflictReason: '曾任该单位顾问', application: null });
    expect((await expertA.api.console.myReviewGet({ id })).application).toBeNull();
    expect((await apiError(expertA.api.console.myReviewFile({ id, fileId: app.uploadIds[0]! }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    const save = await apiError(expertA.api.console.myReviewSave({ id, ...FULL }, { silent: true }));
    expect(save.errno).toBe(Errno.CONFLICT);
    expect((await expertA.api.console.myReviewList({ status: 'conflict', pageSize: 100 })).list.map((r) => r.id)).toContain(id);
    const [entry] = await auditOf(server, 'review.conflict');
    expect(entry).toMatchObject({ actorId: expertA.staffId, objectId: String(id), detail: { conflict: true, reason: '曾任该单位顾问' } });
  });

  it('finds a conflict that arose after the assignment when the expert declares none, and keeps the content closed', async () => {
    const { app, id } = await assigned(expertB);
    const applicantName = '林间剧社主理人';
    await server.handle.db.update(users).set({ name: applicantName }).where(eq(users.id, app.applicant.userId));
    await expertB.api.console.myProfileUpdate({ declaredInterests: `${applicantName}\n另一家单位` });
    try {
      const declared = await expertB.api.console.myReviewDeclare({ id, conflict: false });
      expect(declared).toMatchObject({ status: 'conflict', conflictReason: '系统识别：专家的工作单位或利益关联与申报单位相同', application: null });
      const [entry] = await auditOf(server, 'review.conflict');
      expect(entry).toMatchObject({ actorId: expertB.staffId, objectId: String(id), detail: { conflict: true, found: true } });
    } finally {
      await expertB.api.console.myProfileUpdate({ declaredInterests: '' });
    }
  });

  it('takes declarations in the assignment and reviewing phases, not once the round has closed', async () => {
    const early = await assigned(expertA, { phase: 'assignment' });
    expect((await expertA.api.console.myReviewDeclare({ id: early.id, conflict: false })).status).toBe('declared');
    const late = await assigned(expertA, { phase: 'closed' });
    const error = await apiError(expertA.api.console.myReviewDeclare({ id: late.id, conflict: false }, { silent: true }));
    expect([error.errno, error.errmsg]).toEqual([Errno.CONFLICT, expect.stringContaining('评审已结束')]);
    const summary = (await expertA.api.console.myReviewList({ pageSize: 100 })).list.find((r) => r.id === late.id);
    expect(summary).toMatchObject({ phase: 'closed', overdue: true, status: 'assigned' });
  });

  describe('a blind round', () => {
    const person = '周明远';
    const company = '钱塘潮演艺有限公司';
    const phone = '13900001111';
    const street = '杭州市西湖区文三路 1 号';
    const fileName = `${person}-${company}申报书.pdf`;
    const identityFields: FormField[] = [
      { key: 'orgName', kind: 'text', label: '申报单位名称' },
      { key: 'contactName', kind: 'text', label: '联系人' },
      { key: 'contactPhone', kind: 'mobile', label: '联系电话' },
      { key: 'mail', kind: 'email', label: '电子邮箱' },
      { key: 'street', kind: 'textarea', label: '通讯地址' },
      { key: 'licence', kind: 'image', label: '营业执照' },
    ];
    let licenceId: number;
    let app: SubmittedApplication;
    let roundId: number;
    let id: number;
    let secrets: string[];

    beforeAll(async () => {
      const db = server.handle.db;
      app = await submittedApplication(server, { fileName });
      const account = app.applicant.account;
      await db.update(users).set({ name: person }).where(eq(users.id, app.applicant.userId));
      await insertEnterprise(server, company, app.applicant.userId);
      licenceId = (await app.applicant.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: '执照.png' })).id;
      await db
        .update(forms)
        .set({ fields: [...TEST_FIELDS, ...identityFields] })
        .where(eq(forms.id, app.formId));
      await db
        .update(applications)
        .set({
          data: {
            ...app.data,
            projectName: `${company}原创越剧`,
            plan: `<p>由${person}主创，联系账号 ${account}。</p>`,
            team: [{ name: person, role: `${company}编剧` }],
            orgName: company,
            contactName: person,
            contactPhone: phone,
            mail: 'zhou@example.org',
            street,
            licence: licenceId,
          },
        })
        .where(eq(applications.id, app.applicationId));
      const round = await createRound(db, app.projectId, { blind: true });
      roundId = round.id;
      id = (await assign(db, { roundId, applicationId: app.applicationId, expertId: expertA.expertId })).id;
      secrets = [person, company, account, phone, 'zhou@example.org', '文三路', fileName, '申报书.pdf', '证明材料.pdf'];
    });

    /** Everything the expert can fetch about the assignment, as text: answers and file headers. */
    async function everythingFetched(): Promise<string> {
      const texts: string[] = [];
      texts.push(JSON.stringify(await expertA.api.console.myReviewList({ pageSize: 100 })));
      const review = await expertA.api.console.myReviewGet({ id });
      texts.push(JSON.stringify(review));
      for (const f of review.application?.files ?? []) {
        const response = await fetchFile(expertA, id, f.id);
        expect(response.status).toBe(200);
        const disposition = response.headers.get('content-disposition') ?? '';
        texts.push(disposition, decodeURIComponent(disposition.replace(/^.*filename\*=UTF-8''/, '')));
        await response.arrayBuffer();
      }
      return texts.join('\n');
    }

    it('hides the applicant before the declaration too', async () => {
      const before = await expertA.api.console.myReviewGet({ id });
      expect(before).toMatchObject({ blind: true, applicantName: null, applicationTitle: '【已隐去】原创越剧' });
      for (const secret of secrets) expect(JSON.stringify(before)).not.toContain(secret);
    });

    it('leaves out identity answers, hides the identity in the rest and names files neutrally', async () => {
      const declared = await expertA.api.console.myReviewDeclare({ id, conflict: false });
      const shown = declared.application!;
      // An identity field's file goes with the field: neither listed nor fetchable.
      expect(shown.files.map((f) => f.name)).toEqual(['附件1.pdf', '附件2.pdf']);
      expect((await fetchFile(expertA, id, licenceId)).status).toBe(404);
      expect(shown.data).not.toHaveProperty('contactName');
      expect(shown.data).not.toHaveProperty('orgName');
      expect(shown.form.fields.map((f) => f.key)).not.toContain('contactPhone');
      expect(shown.data).toMatchObject({ projectName: '【已隐去】原创越剧', plan: expect.stringContaining('由【已隐去】主创'), performances: 12, genre: 'drama' });
      expect(shown.data.team).toEqual([{ role: '【已隐去】编剧' }]);
      await expertA.api.console.myReviewSave({ id, scores: { quality: 6 }, commentToStaff: '', version: 0 });

      const fetched = await everythingFetched();
      for (const secret of secrets) expect(fetched, secret).not.toContain(secret);
      expect(fetched).toContain('附件1.pdf');
    });

    it('shows all of it once the round is not blind (the leak test can fail)', async () => {
      const db = server.handle.db;
      await db.update(reviewRounds).set({ blind: false }).where(eq(reviewRounds.id, roundId));
      try {
        const fetched = await everythingFetched();
        for (const secret of [person, company, fileName, phone, '执照.png']) expect(fetched).toContain(secret);
      } finally {
        await db.update(reviewRounds).set({ blind: true }).where(eq(reviewRounds.id, roundId));
      }
    });
  });

  describe('scoring', () => {
    it('saves drafts, checks scores against the scheme and submits a complete review', async () => {
      const { id, app, round } = await assigned(expertA, {}, 'declared');
      const draft = await expertA.api.console.myReviewSave({ id, scores: { quality: 7 }, commentToStaff: '初稿', version: 0 });
      expect(draft).toMatchObject({ status: 'declared', review: { scores: { quality: 7 }, total: null, commentToStaff: '初稿', version: 1 } });
      expect(draft.savedAt).not.toBeNull();
      expect(draft.submittedAt).toBeNull();

      const cases: [ReviewSaveInput, string, string][] = [
        [{ scores: { quality: 11 }, version: 1 }, '艺术质量：应为 0–10 之间的整数', 'scores'],
        [{ scores: { quality: 7.5 }, version: 1 }, '艺术质量：应为 0–10 之间的整数', 'scores'],
        [{ scores: { novelty: 3 }, version: 1 }, '评分：“novelty”不在评审方案中', 'scores'],
        // The fuzz's counterexample (seed 1701588538): an unknown key of 5 000 characters is cut short.
        [{ scores: { ['a'.repeat(5000)]: 1 }, version: 1 }, `评分：“${'a'.repeat(20)}…”不在评审方案中`, 'scores'],
        [{ scores: { quality: 8 }, recommendation: 'fund', version: 1, submit: true }, '社会效益：请评分', 'scores'],
        [{ scores: FULL.scores, version: 1, submit: true }, '推荐意见：提交前请选择推荐意见', 'recommendation'],
        [{ scores: FULL.scores, commentToApplicant: '很好', version: 1 }, '给申报人的意见：本轮评审不向申报人展示意见，请留空', 'commentToApplicant'],
      ];
      for (const [body, message, field] of cases) {
        const error = await apiError(expertA.api.console.myReviewSave({ id, ...body }, { silent: true }));
        expect([error.errno, error.errmsg, Object.keys(error.fields)]).toEqual([Errno.INVALID_INPUT, expect.stringContaining(message), [field]]);
      }
      // Refused by the contract before the handler: still named in Chinese.
      for (const [body, message] of [
        [{ scores: { quality: '七' }, version: 1 }, '评分：分数应为数字'],
        [{ scores: {}, recommendation: 'maybe', version: 1 }, '推荐意见：推荐意见应为'],
      ] as const) {
        const error = await apiError(expertA.api.console.myReviewSave({ id, ...(body as unknown as ReviewSaveInput) }, { silent: true }));
        expect([error.errno, error.errmsg]).toEqual([Errno.INVALID_INPUT, expect.stringContaining(message)]);
      }
      const stale = await apiError(expertA.api.console.myReviewSave({ id, ...FULL, version: 0 }, { silent: true }));
      expect([stale.errno, stale.errmsg]).toEqual([Errno.CONFLICT, expect.stringContaining('刷新')]);

      const submitted = await expertA.api.console.myReviewSave({ id, ...FULL, version: 1, submit: true });
      expect(submitted).toMatchObject({
        status: 'submitted',
        review: { scores: FULL.scores, total: weightedTotal(TEST_CRITERIA, FULL.scores as Record<string, number>), recommendation: 'fund', commentToStaff: '整体扎实', version: 2 },
      });
      expect(submitted.review.total).toBe(68);
      expect(submitted.submittedAt).not.toBeNull();
      const [entry] = await auditOf(server, 'review.submit');
      expect(entry).toMatchObject({ actorId: expertA.staffId, objectId: String(id), detail: { applicationId: app.applicationId, roundId: round.id, total: 68, recommendation: 'fund' } });

      const after = await apiError(expertA.api.console.myReviewSave({ id, ...FULL, version: 2 }, { silent: true }));
      expect([after.errno, after.errmsg]).toEqual([Errno.CONFLICT, '评审已提交，如需修改请联系工作人员']);
    });

    it('takes a comment to the applicant where the round allows it', async () => {
      const { id } = await assigned(expertA, { applicantComments: true }, 'declared');
      const saved = await expertA.api.console.myReviewSave({ id, ...FULL, commentToApplicant: '建议加强宣传' });
      expect(saved.review.commentToApplicant).toBe('建议加强宣传');
      expect(saved.applicantComments).toBe(true);
    });

    it('lets exactly one of concurrent saves of one version win', async () => {
      const { id } = await assigned(expertA, {}, 'declared');
      const results = await Promise.allSettled(
        [1, 2, 3, 4, 5].map((q) => expertA.api.console.myReviewSave({ id, scores: { quality: q }, commentToStaff: `第${q}稿`, version: 0 }, { silent: true })),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      for (const r of lost) expect((r.reason as { errno: number }).errno).toBe(Errno.CONFLICT);
      const final = await expertA.api.console.myReviewGet({ id });
      expect(final.review.version).toBe(1);
      expect(final.review).toEqual(won[0]!.value.review);
    });

    it('saves only in the reviewing phase', async () => {
      const { id, round } = await assigned(expertA, { phase: 'assignment' }, 'declared');
      const early = await apiError(expertA.api.console.myReviewSave({ id, ...FULL }, { silent: true }));
      expect([early.errno, early.errmsg]).toEqual([Errno.CONFLICT, '评审尚未开始']);
      await setPhase(server.handle.db, round.id, 'reviewing');
      expect((await expertA.api.console.myReviewSave({ id, ...FULL })).review.version).toBe(1);
      await setPhase(server.handle.db, round.id, 'closed');
      const late = await apiError(expertA.api.console.myReviewSave({ id, ...FULL, version: 1 }, { silent: true }));
      expect([late.errno, late.errmsg]).toEqual([Errno.CONFLICT, '评审已结束']);
      expect((await expertA.api.console.myReviewGet({ id })).overdue).toBe(true);
    });
  });

  describe('peers', () => {
    async function withPeers(peerVisibility: 'never' | 'after_submit') {
      const db = server.handle.db;
      const app = await submittedApplication(server);
      const round = await createRound(db, app.projectId, { peerVisibility });
      const [c, d, e] = await Promise.all([insertExpert(db, { name: '同行甲专家' }), insertExpert(db, { name: '同行乙专家' }), insertExpert(db, { name: '同行丙专家' })]);
      const base = { roundId: round.id, applicationId: app.applicationId };
      await assign(db, { ...base, expertId: c.expertId, status: 'submitted', scores: { quality: 9, impact: 80 }, total: 86, recommendation: 'fund', commentToStaff: '很好', submittedAt: new Date(Date.now() - 2000) });
      await assign(db, { ...base, expertId: d.expertId, status: 'submitted', scores: { quality: 4, impact: 30 }, total: 36, recommendation: 'do_not_fund', commentToStaff: '一般', submittedAt: new Date(Date.now() - 1000) });
      // A draft is no one's to see.
      await assign(db, { ...base, expertId: e.expertId, status: 'declared', scores: { quality: 1 }, commentToStaff: '草稿' });
      const own = await assign(db, { ...base, expertId: expertA.expertId, status: 'declared' });
      return { id: own.id, names: [c, d, e].flatMap((x) => [x.name, x.account]), ids: [c, d, e].map((x) => x.expertId) };
    }

    it('shows the others’ submitted reviews after the expert’s own submit, labelled, never named', async () => {
      const { id, names } = await withPeers('after_submit');
      expect((await expertA.api.console.myReviewGet({ id })).peers).toBeNull();
      const submitted = await expertA.api.console.myReviewSave({ id, ...FULL, submit: true });
      expect(submitted.peers).toEqual([
        { label: '专家A', scores: { quality: 9, impact: 80 }, total: 86, recommendation: 'fund', commentToStaff: '很好' },
        { label: '专家B', scores: { quality: 4, impact: 30 }, total: 36, recommendation: 'do_not_fund', commentToStaff: '一般' },
      ]);
      const text = JSON.stringify(await expertA.api.console.myReviewGet({ id }));
      for (const name of names) expect(text).not.toContain(name);
      expect(text).not.toContain('草稿');
    });

    it('shows none when the round says never', async () => {
      const { id } = await withPeers('never');
      expect((await expertA.api.console.myReviewSave({ id, ...FULL, submit: true })).peers).toBeNull();
    });
  });

  it('drops an assignment once a later round supersedes its round, or its application is withdrawn', async () => {
    const db = server.handle.db;
    const superseded = await assigned(expertB, {}, 'declared');
    const withdrawn = await assigned(expertB, {}, 'declared');
    const listed = async () => (await expertB.api.console.myReviewList({ pageSize: 100 })).list.map((r) => r.id);
    expect(await listed()).toEqual(expect.arrayContaining([superseded.id, withdrawn.id]));

    await createRound(db, superseded.app.projectId, { number: 2 });
    await db.update(applications).set({ status: 'withdrawn' }).where(eq(applications.id, withdrawn.app.applicationId));
    const now = await listed();
    for (const gone of [superseded, withdrawn]) {
      expect(now).not.toContain(gone.id);
      expect((await apiError(expertB.api.console.myReviewGet({ id: gone.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
      expect((await apiError(expertB.api.console.myReviewSave({ id: gone.id, ...FULL }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    }
  });

  it('lists the expert’s assignments with paging and a status filter', async () => {
    const expert = await newExpert(server);
    const first = await assigned(expert);
    const second = await assigned(expert, {}, 'declared');
    const all = await expert.api.console.myReviewList({ pageSize: 1 });
    expect([all.total, all.list.length]).toEqual([2, 1]);
    expect((await expert.api.console.myReviewList({ status: 'declared' })).list.map((r) => r.id)).toEqual([second.id]);
    expect((await expert.api.console.myReviewList({ status: 'assigned' })).list).toMatchObject([{ id: first.id, applicationTitle: '原创越剧《钱塘潮》', overdue: false }]);
  });

  it('shows the expert’s library entry and changes only the declared interests', async () => {
    const expert = await newExpert(server, { name: '林评审', title: '一级编剧', organisation: '省戏剧家协会', specialities: ['戏剧', '曲艺'] });
    const profile = await expert.api.console.myProfile();
    expect(profile).toEqual({
      name: '林评审',
      title: '一级编剧',
      organisation: '省戏剧家协会',
      specialities: ['戏剧', '曲艺'],
      declaredInterests: '',
      interestEnterpriseIds: [],
      interestEnterprises: [],
    });
    const enterpriseId = await insertEnterprise(server, '某某文化传媒有限公司');
    const updated = await expert.api.console.myProfileUpdate({ declaredInterests: '省话剧院\n某剧社', interestEnterpriseIds: [enterpriseId, enterpriseId], name: '改名' } as never);
    expect(updated).toEqual({
      ...profile,
      declaredInterests: '省话剧院\n某剧社',
      interestEnterpriseIds: [enterpriseId],
      interestEnterprises: [{ id: enterpriseId, name: '某某文化传媒有限公司' }],
    });
    const [entry] = await auditOf(server, 'expert.interests');
    expect(entry).toMatchObject({ actorId: expert.staffId, objectId: String(expert.expertId) });

    const unknown = await apiError(expert.api.console.myProfileUpdate({ declaredInterests: '', interestEnterpriseIds: [enterpriseId, 1_999_999_999] }, { silent: true }));
    expect([unknown.errno, unknown.errmsg, Object.keys(unknown.fields)]).toEqual([Errno.INVALID_INPUT, expect.stringContaining('1999999999'), ['interestEnterpriseIds']]);
    expect((await expert.api.console.myProfile()).interestEnterpriseIds).toEqual([enterpriseId]);
  });
});

describe('hostile input in the expert workspace', () => {
  let server: TestServer;
  let expert: ExpertClient;
  let ids: number[];
  let fileIds: number[];

  beforeAll(async () => {
    server = await startTestServer('pglite');
    expert = await newExpert(server);
    const app = await submittedApplication(server);
    const round = await createRound(server.handle.db, app.projectId, { applicantComments: true });
    const base = { roundId: round.id, applicationId: app.applicationId };
    ids = [(await assign(server.handle.db, { ...base, expertId: expert.expertId, status: 'declared' })).id];
    fileIds = app.uploadIds;
  });
  afterAll(() => server?.close());

  const text = fc.oneof(fc.string(), withLoneSurrogate, fc.constantFrom('', ' ', '__proto__', 'constructor', 'quality', 'impact', '1e309', 'a'.repeat(6000)));
  const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, 5, 10, 100, 1e308, -1));
  const value: fc.Arbitrary<unknown> = fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.array(fc.oneof(number, text), { maxLength: 3 }));
  const body = fc.record(
    {
      scores: fc.oneof(fc.dictionary(text, fc.oneof(number, value), { maxKeys: 4 }), value),
      recommendation: fc.oneof(fc.constantFrom('fund', 'fund_with_changes', 'do_not_fund'), value),
      commentToStaff: fc.oneof(text, value),
      commentToApplicant: fc.oneof(text, value),
      version: fc.oneof(fc.constantFrom(0, 1, 2), value),
      submit: fc.oneof(fc.boolean(), value),
      conflict: fc.oneof(fc.boolean(), value),
      reason: fc.oneof(text, value),
      declaredInterests: fc.oneof(text, value),
      interestEnterpriseIds: fc.oneof(fc.array(fc.oneof(fc.integer(), value), { maxLength: 4 }), value),
    },
    { requiredKeys: [] },
  );
  const routes: [string, string][] = [
    ['PUT', '/api/console/my/reviews/{id}'],
    ['POST', '/api/console/my/reviews/{id}/declaration'],
    ['PUT', '/api/console/my/profile'],
    ['GET', '/api/console/my/reviews/{id}/files/{fileId}'],
    ['GET', '/api/console/my/reviews/{id}'],
  ];

  it.each(routes)('%s %s: never a 5xx; a 400 names its field in Chinese', async (method, route) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...ids.map(String)), fc.constantFrom('0', '-1', 'x', '99999999999')), fc.oneof(fc.constantFrom(...fileIds.map(String)), text), body, async (id, fileId, payload) => {
        const path = route.replace('{id}', encodeUriPart(id)).replace('{fileId}', encodeUriPart(fileId || 'x'));
        const init: RequestInit = { method, headers: { authkey: expert.api.session.getToken()! } };
        if (method !== 'GET') {
          init.headers = { ...init.headers, 'content-type': 'application/json' };
          init.body = JSON.stringify(payload);
        }
        const response = await fetch(`${server.baseUrl}${path}`, init);
        const answer = await response.text();
        expect(response.status, answer).toBeLessThan(500);
        if (!(response.headers.get('content-type') ?? '').includes('application/json')) return;
        const json = JSON.parse(answer) as { errno: number; errmsg: string; data: { fields?: Record<string, string> } | null };
        expect(typeof json.errno).toBe('number');
        if (json.errno === Errno.INVALID_INPUT) {
          expect(json.errmsg, answer).toMatch(/[\u4e00-\u9fff]/u);
          if (Object.keys(json.data?.fields ?? {}).length > 0) expect(json.errmsg, answer).toMatch(/^[^：]+：/);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    );
  });
});
