import { APPLY_STATUS_LABELS, Errno, type Apply } from '@flagship/api-client';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, applicationSubmissions, auditLogs, projects } from '../src/db/schema';
import { createCall, PNG, pdf, receiptHash, someDistrict, TEST_FIELDS, validData } from './apply-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

describe.each(drivers)('applications on %s', (driver) => {
  let server: TestServer;
  let alice: User;
  let bob: User;
  let call: { projectId: number; formIds: number[] };
  let proposal: number;
  let poster: number;
  let bobsFile: number;
  let region: { id: number; path: string };

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([server.newUser(), server.newUser()]);
    call = await createCall(server.handle.db, 'open', 8);
    region = await someDistrict(server.handle.db);
    proposal = (await alice.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })).id;
    poster = (await alice.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: '海报.png' })).id;
    bobsFile = (await bob.api.files.upload({ file: new Blob([new Uint8Array(pdf('bob'))]), name: 'bob.pdf' })).id;
  });
  afterAll(() => server?.close());

  const form = (i: number) => ({ projectId: call.projectId, formId: call.formIds[i]! });
  const save = (user: User, i: number, body: { data: Record<string, unknown>; version: number; submit?: boolean }) =>
    user.api.apply.save({ ...form(i), ...body }, { silent: true });
  const dbRow = async (id: number) => (await server.handle.db.select().from(applications).where(eq(applications.id, id)))[0]!;

  it('answers a form with its parsed fields, the call and no application yet', async () => {
    const detail = await alice.api.project.form(form(0));
    expect(detail.project).toMatchObject({ id: call.projectId, status: 'open' });
    expect(detail.form).toMatchObject({ id: call.formIds[0], projectId: call.projectId, fields: TEST_FIELDS });
    expect(detail.apply).toBeNull();
  });

  it('answers 404 for a form of another call, and 401 without a session', async () => {
    const seeded = (await alice.api.project.list({ status: 'open' })).list.find((p) => p.id !== call.projectId)!;
    expect((await apiError(alice.api.project.form({ projectId: seeded.id, formId: call.formIds[0]! }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await apiError(alice.api.project.form({ projectId: call.projectId, formId: 99_999 }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await apiError(server.client().api.project.form(form(0), { silent: true }))).errno).toBe(Errno.LOGIN_REQUIRED);
  });

  it('saves partial drafts with optimistic versions, and refuses a stale version with 409', async () => {
    const first = await save(alice, 0, { data: { projectName: '草稿', unknownKey: 'dropped' }, version: 0 });
    expect(first).toMatchObject({ status: 'draft', version: 1, serialNumber: null, receipt: null, data: { projectName: '草稿' } });
    expect(first.data).not.toHaveProperty('unknownKey');

    const second = await save(alice, 0, { data: { projectName: '草稿二', performances: 3 }, version: 1 });
    expect(second).toMatchObject({ id: first.id, version: 2, data: { projectName: '草稿二', performances: 3 } });

    const stale = await apiError(save(alice, 0, { data: { projectName: '旧页面' }, version: 1 }));
    expect(stale.errno).toBe(Errno.CONFLICT);
    expect(stale.status).toBe(409);
    expect(stale.errmsg).toBe('数据已在别处修改，请刷新后重试');
    // A second "first save" is stale too: one application per user and form.
    expect((await apiError(save(alice, 0, { data: {}, version: 0 }))).errno).toBe(Errno.CONFLICT);

    expect((await alice.api.project.form(form(0))).apply).toMatchObject({ id: first.id, version: 2, data: { projectName: '草稿二' } });
    expect((await dbRow(first.id)).data).toEqual({ projectName: '草稿二', performances: 3 });
  });

  it('refuses a draft whose values have the wrong shape, naming the field', async () => {
    const error = await apiError(save(alice, 1, { data: { performances: 'twelve', team: 'x' }, version: 0 }));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.errmsg).toContain('「演出场次」');
    expect(error.fields).toMatchObject({ performances: expect.stringContaining('格式不正确'), team: expect.any(String) });
    expect((await apiError(alice.api.apply.save({ ...form(1), data: 'nope' as never, version: 0 }, { silent: true }))).errno).toBe(Errno.INVALID_INPUT);
    expect((await alice.api.project.form(form(1))).apply).toBeNull();
  });

  it('refuses a NUL character anywhere in the data with 400 naming the field, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ projectName: '钱塘\u0000潮' }, 'data.projectName'],
      [{ team: [{ name: '张三', role: '编\u0000剧' }] }, 'data.team.0.role'],
      [{ projectName: 'x', ['key\u0000']: 'y' }, 'data'],
    ];
    for (const [data, path] of cases) {
      const error = await apiError(save(alice, 7, { data, version: 0 }));
      expect(error.status, path).toBe(400);
      expect(error.errmsg).toBe('申报数据：不能包含空字符（U+0000）');
      expect(error.fields).toEqual({ [path]: '不能包含空字符（U+0000）' });
    }
    expect((await alice.api.project.form(form(7))).apply).toBeNull();
  });

  it('refuses references to uploads that are not the applicant’s own', async () => {
    const draft = await apiError(save(alice, 1, { data: { proposal: bobsFile }, version: 0 }));
    expect(draft.errno).toBe(Errno.INVALID_INPUT);
    expect(draft.errmsg).toContain('「申报书」');
    expect(draft.fields).toHaveProperty('proposal');
    const submit = await apiError(save(alice, 1, { data: validData({ proposal: bobsFile }), version: 0, submit: true }));
    expect(submit.errno).toBe(Errno.INVALID_INPUT);
    expect(submit.fields).toHaveProperty('proposal');
  });

  it('refuses to submit incomplete data: errmsg names the first field, data.fields all of them', async () => {
    const draft = await save(alice, 2, { data: { projectName: '只填了名称' }, version: 0 });
    const error = await apiError(save(alice, 2, { data: { ...draft.data, performances: 0, plan: '<p><script>x</script></p>' }, version: 1, submit: true }));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.errmsg).toBe('「演出场次」不能小于 1');
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(['performances', 'amount', 'genre', 'plan', 'proposal']));
    // A rich text that is only a script is empty once sanitised.
    expect(error.fields.plan).toContain('必填');
    expect((await dbRow(draft.id)).status).toBe('draft');
  });

  let submitted: Apply;

  it('submits inside the window: serial number, receipt, sanitised rich text, audit log', async () => {
    const draft = await save(alice, 3, { data: { projectName: 'x' }, version: 0 });
    const data = {
      ...validData({ proposal, evidence: [proposal], poster }, region.id),
      plan: '<p onclick="steal()">方案<script>alert(1)</script><img src="x" onerror="alert(2)"></p><a href="javascript:alert(3)">链接</a>',
    };
    submitted = await save(alice, 3, { data, version: draft.version, submit: true });
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
    expect(submitted).toMatchObject({ id: draft.id, status: 'submitted', version: 2 });
    expect(submitted.serialNumber).toMatch(new RegExp(`^FS-${year}-\\d{6}$`));
    expect(submitted.receipt).toMatchObject({ serialNumber: submitted.serialNumber, submittedAt: submitted.submittedAt });
    expect(submitted.receipt!.sha256).toBe(receiptHash(submitted.data));
    expect(Date.parse(submitted.submittedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const plan = submitted.data.plan as string;
    expect(plan).toContain('方案');
    expect(plan).not.toMatch(/script|onclick|onerror|javascript:/i);

    const row = await dbRow(submitted.id);
    expect(row).toMatchObject({ serialNumber: submitted.serialNumber, receiptHash: submitted.receipt!.sha256, status: 'submitted' });
    expect(row.data.plan).toBe(plan);
    const logs = await server.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'application.submit'), eq(auditLogs.objectId, String(submitted.id))));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ actorKind: 'user', actorId: alice.userId, objectType: 'application' });
  });

  it('keeps a submitted application read-only to the applicant', async () => {
    for (const submit of [false, true]) {
      const error = await apiError(save(alice, 3, { data: submitted.data, version: submitted.version, submit }));
      expect(error.errno).toBe(Errno.FORBIDDEN);
      expect(error.errmsg).toContain('已提交');
    }
    expect((await dbRow(submitted.id)).version).toBe(submitted.version);
  });

  it('lets a returned application be edited and resubmitted, keeping its serial number', async () => {
    await server.handle.db.update(applications).set({ status: 'returned', reviewMessage: '请补充预算' }).where(eq(applications.id, submitted.id));
    const detail = await alice.api.project.applyDetail({ applyId: submitted.id });
    expect(detail).toMatchObject({ status: 'returned', reviewMessage: '请补充预算' });
    const edited = await save(alice, 3, { data: { ...detail.data, amount: 200000 }, version: detail.version });
    expect(edited).toMatchObject({ status: 'returned', version: detail.version + 1 });
    const again = await save(alice, 3, { data: edited.data, version: edited.version, submit: true });
    expect(again).toMatchObject({ status: 'submitted', serialNumber: submitted.serialNumber });
    expect(again.receipt!.sha256).toBe(receiptHash(again.data));
    expect(again.receipt!.sha256).not.toBe(submitted.receipt!.sha256);
    // Both submissions are kept as they were sent, each with its receipt.
    const snapshots = await server.handle.db
      .select()
      .from(applicationSubmissions)
      .where(eq(applicationSubmissions.applicationId, submitted.id))
      .orderBy(asc(applicationSubmissions.version));
    expect(snapshots.map((s) => ({ version: s.version, data: s.data, receiptHash: s.receiptHash, submittedAt: s.submittedAt.toISOString() }))).toEqual(
      [submitted, again].map((a) => ({ version: a.version, data: a.data, receiptHash: a.receipt!.sha256, submittedAt: a.submittedAt })),
    );
    expect(snapshots[0]!.data.amount).toBe(180000.5);
    submitted = again;
  });

  it('lets a returned application be resubmitted after the deadline and after the call was taken down', async () => {
    const own = await createCall(server.handle.db, 'open', 1);
    const target = { projectId: own.projectId, formId: own.formIds[0]! };
    const first = await alice.api.apply.save({ ...target, data: validData({ proposal, evidence: [proposal], poster }, region.id), version: 0, submit: true }, { silent: true });
    const closeCall = (published: boolean) =>
      server.handle.db.update(projects).set({ applyEnd: new Date(Date.now() - 60_000), published }).where(eq(projects.id, own.projectId));
    await closeCall(true);
    await server.handle.db.update(applications).set({ status: 'returned', reviewMessage: '请补充附件' }).where(eq(applications.id, first.id));
    const again = await alice.api.apply.save({ ...target, data: first.data, version: first.version, submit: true }, { silent: true });
    expect(again).toMatchObject({ status: 'submitted', serialNumber: first.serialNumber });

    await closeCall(false);
    await server.handle.db.update(applications).set({ status: 'returned' }).where(eq(applications.id, first.id));
    const third = await alice.api.apply.save({ ...target, data: again.data, version: again.version, submit: true }, { silent: true });
    expect(third.status).toBe('submitted');
    // Only a returned application: a submitted one stays read-only, and nobody starts a new one here.
    expect((await apiError(alice.api.apply.save({ ...target, data: third.data, version: third.version, submit: true }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(bob.api.apply.save({ ...target, data: {}, version: 0 }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
  });

  it('refuses to submit outside the window, closed or upcoming, naming the window in Beijing time', async () => {
    for (const status of ['closed', 'upcoming'] as const) {
      const project = (await alice.api.project.list({ status })).list[0];
      expect(project, `a seeded ${status} call`).toBeDefined();
      const detail = await alice.api.project.detail({ id: project!.id });
      const formId = detail.forms[0]!.id;
      const error = await apiError(alice.api.apply.save({ projectId: project!.id, formId, data: {}, version: 0, submit: true }, { silent: true }));
      expect(error.errno).toBe(Errno.FORBIDDEN);
      expect(error.errmsg).toMatch(/^不在申报时间内（\d{4}-\d{2}-\d{2} \d{2}:\d{2} 至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}）$/);
      const beijing = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
      expect(error.errmsg).toContain(`${beijing(project!.applyStart)} 至 ${beijing(project!.applyEnd)}`);
      // Drafts may still be saved.
      expect((await alice.api.apply.save({ projectId: project!.id, formId, data: {}, version: 0 })).status).toBe('draft');
    }
  });

  it('shows an application to its owner only', async () => {
    expect((await alice.api.project.applyDetail({ applyId: submitted.id })).data).toEqual(submitted.data);
    const response = await fetch(`${server.baseUrl}/api/project/apply/${submitted.id}`, { headers: { authKey: bob.api.session.getToken()! } });
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain('钱塘潮');
    expect(JSON.parse(text)).toMatchObject({ errno: Errno.NOT_FOUND, data: null });
    expect((await bob.api.project.form(form(3))).apply).toBeNull();
  });

  it('lists my applications newest first, with status filter and pages, and shows them on the call', async () => {
    const all = await alice.api.project.myApplyList({ pageSize: 100 });
    expect(all.list.every((a) => a.projectTitle && a.formTitle)).toBe(true);
    const ids = all.list.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.list.find((a) => a.id === submitted.id)).toMatchObject({ status: 'submitted', serialNumber: submitted.serialNumber });
    expect(all.list[0]).not.toHaveProperty('data');

    const page = await alice.api.project.myApplyList({ page: 2, pageSize: 1 });
    expect(page).toMatchObject({ total: all.total, page: 2, pageSize: 1 });
    expect(page.list[0]?.id).toBe(ids[1]);
    // Every page of every size, the last one and one past the end: the same rows and total.
    expect(all.total).toBe(ids.length);
    for (let pageSize = 1; pageSize <= ids.length + 1; pageSize++) {
      for (let n = 1; n <= Math.ceil(ids.length / pageSize) + 1; n++) {
        const got = await alice.api.project.myApplyList({ page: n, pageSize });
        expect({ pageSize, n, total: got.total, ids: got.list.map((a) => a.id) }).toEqual({ pageSize, n, total: ids.length, ids: ids.slice((n - 1) * pageSize, n * pageSize) });
      }
    }

    const drafts = await alice.api.project.myApplyList({ status: 'draft' });
    expect(drafts.list.length).toBeGreaterThan(0);
    expect(drafts.list.every((a) => a.status === 'draft')).toBe(true);
    expect((await bob.api.project.myApplyList()).list.some((a) => ids.includes(a.id))).toBe(false);

    const detail = await alice.api.project.detail({ id: call.projectId });
    expect(detail.forms.find((f) => f.id === call.formIds[3])?.myApply).toMatchObject({ id: submitted.id, status: 'submitted' });
    expect(detail.forms.find((f) => f.id === call.formIds[7])?.myApply).toBeNull();
  });

  it('withdraws drafts and unreviewed submissions softly, and a new application can then start', async () => {
    const draft = await save(alice, 4, { data: { projectName: '将被删除' }, version: 0 });
    await alice.api.apply.remove({ id: call.formIds[4]!, applyId: draft.id });
    const row = await dbRow(draft.id);
    expect(row.status).toBe('withdrawn');
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.data).toEqual({ projectName: '将被删除' });
    expect((await alice.api.project.myApplyList({ pageSize: 100 })).list.some((a) => a.id === draft.id)).toBe(false);
    expect((await apiError(alice.api.project.applyDetail({ applyId: draft.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await alice.api.project.form(form(4))).apply).toBeNull();
    const fresh = await save(alice, 4, { data: { projectName: '重新开始' }, version: 0 });
    expect(fresh.id).not.toBe(draft.id);

    const logs = await server.handle.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'application.withdraw'), eq(auditLogs.objectId, String(draft.id))));
    expect(logs).toHaveLength(1);

    // A submitted one not yet under review may be withdrawn too; it keeps its serial number.
    await alice.api.apply.remove({ id: call.formIds[3]!, applyId: submitted.id });
    expect(await dbRow(submitted.id)).toMatchObject({ status: 'withdrawn', serialNumber: submitted.serialNumber });
  });

  it('refuses to delete someone else’s application, through the wrong form, or once reviewed (returned included)', async () => {
    const draft = await save(alice, 5, { data: { projectName: '审核中' }, version: 0 });
    expect((await apiError(bob.api.apply.remove({ id: call.formIds[5]!, applyId: draft.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await apiError(alice.api.apply.remove({ id: call.formIds[6]!, applyId: draft.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    for (const status of ['returned', 'reviewing', 'approved', 'rejected'] as const) {
      await server.handle.db.update(applications).set({ status }).where(eq(applications.id, draft.id));
      const error = await apiError(alice.api.apply.remove({ id: call.formIds[5]!, applyId: draft.id }, { silent: true }));
      expect(error.status).toBe(403);
      expect(error.errmsg).toBe(`申报${APPLY_STATUS_LABELS[status]}，不能撤回`);
      // Returned ones may still be edited and resubmitted.
      if (status !== 'returned') expect((await apiError(save(alice, 5, { data: {}, version: draft.version }))).errno).toBe(Errno.FORBIDDEN);
    }
    expect((await dbRow(draft.id)).deletedAt).toBeNull();
  });

  it('answers batch print data for my own applications only', async () => {
    const mine = (await alice.api.project.myApplyList({ pageSize: 100 })).list.filter((a) => a.projectId === call.projectId);
    const ids = mine.slice(0, 2).map((a) => a.id);
    const result = await alice.api.apply.batchPrint({ projectId: call.projectId, ids });
    expect(result.list.map((item) => item.apply.id)).toEqual(ids);
    expect(result.list[0]).toMatchObject({ project: { id: call.projectId }, form: { fields: TEST_FIELDS } });
    expect((await alice.api.apply.batchPrint({ projectId: 'all', ids: [ids[0]!] })).list).toHaveLength(1);

    const bobs = await save(bob, 6, { data: { projectName: 'bob' }, version: 0 });
    expect((await apiError(alice.api.apply.batchPrint({ projectId: 'all', ids: [ids[0]!, bobs.id] }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(alice.api.apply.batchPrint({ projectId: 'all', ids: [987_654] }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    const otherProject = (await alice.api.project.list({ status: 'open' })).list.find((p) => p.id !== call.projectId)!;
    expect((await apiError(alice.api.apply.batchPrint({ projectId: otherProject.id, ids }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    const url = alice.api.urls.batchPrint({ projectId: 'all', ids });
    expect(url).toContain(`ids=${ids[0]}`);
  });
});
