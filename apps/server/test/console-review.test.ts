import { creditCodeCheckChar, Errno, type SubmitAuthenticationInput } from '@flagship/api-client';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../src/lib/mailer';
import { notifyUser } from '../src/shared/notices-repository';
import { createCall, PNG, pdf, someDistrict, validData } from './apply-fixtures';
import { AUTHENTICATIONS } from '../src/db/seed';
import { auditOf, emailAccount, newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer, signedIn } from './harness';

type Applicant = Awaited<ReturnType<TestServer['newUser']>>;

describe.each(drivers)('console review on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  let reviewer: StaffClient;
  let region: { id: number; path: string };

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
    reviewer = await newReviewer(server);
    region = await someDistrict(server.handle.db);
  });
  afterAll(() => server?.close());

  it('has the demo review work to show on a fresh database: pending authentications and applications in every state', async () => {
    const queue = await reviewer.api.console.authenticationList({ status: 0 });
    expect(queue.total).toBeGreaterThanOrEqual(AUTHENTICATIONS.length);
    const pending = await reviewer.api.console.authenticationGet({ id: queue.list[0]!.id });
    expect(pending.licenseUploads).toHaveLength(1);
    expect(await reviewer.api.files.get({ id: pending.licenseUploads[0]!.id })).toBeInstanceOf(Blob);

    const calls = (await reviewer.api.console.projectOptions()).filter((p) => p.submittedCount > 0);
    const seen = [];
    for (const call of calls) seen.push(...(await reviewer.api.console.applyList({ projectId: call.id, pageSize: 100 })).list);
    expect(new Set(seen.map((a) => a.status))).toEqual(new Set(['submitted', 'reviewing', 'returned', 'approved', 'rejected']));
    expect(seen.some((a) => a.applicantEmail === null)).toBe(true);
    const detail = await reviewer.api.console.applyGet({ applyId: seen.find((a) => a.status === 'submitted')!.id });
    expect(detail.apply.receipt?.serialNumber).toMatch(/^FS-\d{4}-\d{6}$/);
    expect(detail.attachments.length).toBeGreaterThanOrEqual(2);
    expect(await reviewer.api.files.get({ id: detail.attachments[0]!.id })).toBeInstanceOf(Blob);
  });

  describe('enterprise authentications', () => {
    let applicant: Applicant;
    let input: SubmitAuthenticationInput;
    const body = '91330106MA2EF7G8H';

    beforeAll(async () => {
      applicant = await server.newUser(emailAccount());
      const licence = await applicant.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: '营业执照.png' });
      input = {
        enterpriseName: '审核测试演艺有限公司',
        creditCode: body + creditCodeCheckChar(body),
        type: '有限责任公司',
        legalRepresentative: '王五',
        regionId: region.id,
        address: '西湖区文三路 1 号',
        contactName: '赵六',
        contactPhone: '13912345678',
        licenseFiles: [licence.id],
        introduction: '<p>专注舞台艺术</p>',
      };
    });

    it('queues a submission; a rejection with a reason reaches the applicant, who may submit again', async () => {
      const submitted = await applicant.api.enterprise.submitAuthentication(input);
      const queue = await reviewer.api.console.authenticationList({ status: 0, keyword: '审核测试演艺' });
      expect(queue.list.map((a) => a.id)).toEqual([submitted.id]);
      expect(queue.list[0]).toMatchObject({ account: applicant.account, applicantEmail: applicant.account, status: 0 });

      const detail = await reviewer.api.console.authenticationGet({ id: submitted.id });
      expect(detail.licenseUploads.map((u) => u.name)).toEqual(['营业执照.png']);
      // Staff fetch the applicant's files through the usual file endpoint.
      const image = await reviewer.api.files.get({ id: detail.licenseUploads[0]!.id });
      expect(image).toBeInstanceOf(Blob);

      const noReason = await apiError(reviewer.api.console.authenticationReject({ id: submitted.id, reason: ' ' }, { silent: true }));
      expect(noReason.errno).toBe(Errno.INVALID_INPUT);
      expect(noReason.errmsg).toMatch(/^原因：请填写未通过的原因/);

      // Staff end their reason with a full stop, as one does: the notice has one, not two.
      const reason = '营业执照不清晰。';
      const rejected = await reviewer.api.console.authenticationReject({ id: submitted.id, reason });
      expect(rejected).toMatchObject({ status: 2, reason, reviewerAccount: reviewer.account });
      expect(await applicant.api.enterprise.checkAuthenticationStatus()).toEqual({ code: 'fail', status: 2, reason });
      expect((await applicant.api.enterprise.getEnterpriseInfo())?.reason).toBe(reason);
      const notice = (await server.outbox()).find((m) => m.includes(`To: ${applicant.account}`) && m.includes('企业认证未通过'));
      expect(notice).toContain('原因：营业执照不清晰。您可以修改后重新提交。');
      expect(notice).not.toContain('。。');
      expect((await apiError(reviewer.api.console.authenticationApprove({ id: submitted.id }, { silent: true }))).errno).toBe(Errno.CONFLICT);
      expect((await auditOf(server, 'authentication.reject'))[0]).toMatchObject({ actorId: reviewer.staffId, objectId: String(submitted.id) });
    });

    it('approves a new submission: the company enters the library and the applicant reads status 1', async () => {
      const again = await applicant.api.enterprise.submitAuthentication({ ...input, address: '西湖区文三路 2 号' });
      expect((await apiError(admin.api.console.authenticationApprove({ id: again.id, categoryId: 999_999 }, { silent: true }))).errmsg).toMatch(/^分类：/);
      const approved = await admin.api.console.authenticationApprove({ id: again.id });
      expect(approved.status).toBe(1);
      expect(approved.enterpriseId).toBeTruthy();

      const library = await server.client().api.enterprise.list({ keyword: '审核测试演艺' });
      expect(library.list).toEqual([expect.objectContaining({ id: approved.enterpriseId, creditCode: input.creditCode })]);
      expect((await server.client().api.enterprise.detail({ id: approved.enterpriseId! })).address).toBe('西湖区文三路 2 号');

      expect(await applicant.api.enterprise.checkAuthenticationStatus()).toMatchObject({ code: 'success', status: 1 });
      const c = server.client();
      const info = signedIn(await c.api.auth.login({ account: applicant.account, password: applicant.password, captcha: await c.captcha() }));
      expect(info.enterprise_authentication_status).toBe(1);
      expect((await server.outbox()).some((m) => m.includes(`To: ${applicant.account}`) && m.includes('企业认证已通过'))).toBe(true);
      expect((await auditOf(server, 'authentication.approve'))[0]?.detail).toMatchObject({ enterpriseId: approved.enterpriseId, creditCode: input.creditCode });
    });
  });

  describe('applications', () => {
    let projectId: number;
    let formId: number;
    let alice: Applicant;
    let applyId: number;
    let serial: string;

    beforeAll(async () => {
      ({ projectId, formIds: [formId = 0] } = await createCall(server.handle.db, 'open'));
      alice = await server.newUser(emailAccount());
      const proposal = await alice.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' });
      const sent = await alice.api.apply.save({ projectId, formId, version: 0, submit: true, data: validData({ proposal: proposal.id }, region.id) });
      applyId = sent.id;
      serial = sent.serialNumber!;
      // A draft of someone else: never shown to staff.
      const bob = await server.newUser();
      await bob.api.apply.save({ projectId, formId, version: 0, data: { projectName: '草稿' } });
    });

    it('lists what was submitted (never drafts) and opens one read-only with its form and files', async () => {
      const list = await reviewer.api.console.applyList({ projectId });
      expect(list.list.map((a) => a.id)).toEqual([applyId]);
      expect(list.list[0]).toMatchObject({ status: 'submitted', account: alice.account, serialNumber: serial });
      expect((await reviewer.api.console.applyList({ projectId, keyword: serial })).total).toBe(1);
      expect((await reviewer.api.console.applyList({ projectId, status: 'approved' })).total).toBe(0);
      expect((await apiError(reviewer.api.console.applyList({ projectId, status: 'nope' as 'draft' }, { silent: true }))).errmsg).toMatch(/^状态：/);

      const detail = await reviewer.api.console.applyGet({ applyId });
      expect(detail.form.id).toBe(formId);
      expect(detail.apply.data.projectName).toBe('原创越剧《钱塘潮》');
      expect(detail.attachments.map((u) => u.name)).toEqual(['申报书.pdf']);
      expect(await reviewer.api.files.get({ id: detail.attachments[0]!.id })).toBeInstanceOf(Blob);

      const options = await reviewer.api.console.projectOptions();
      expect(options.find((p) => p.id === projectId)).toMatchObject({ submittedCount: 1, forms: [{ id: formId }] });
    });

    it('returns for changes; the applicant edits and resubmits; approval reaches the applicant by e-mail', async () => {
      const reviewing = await reviewer.api.console.applyReview({ applyId, status: 'reviewing' });
      expect(reviewing.status).toBe('reviewing');
      const locked = await alice.api.project.applyDetail({ applyId });
      expect((await apiError(alice.api.apply.save({ projectId, formId, version: locked.version, data: locked.data }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);

      const noMessage = await apiError(reviewer.api.console.applyReview({ applyId, status: 'returned' }, { silent: true }));
      expect(noMessage.errno).toBe(Errno.INVALID_INPUT);
      expect(noMessage.errmsg).toMatch(/^审核意见：/);
      expect((await apiError(reviewer.api.console.applyReview({ applyId, status: 'approved', version: 1 }, { silent: true }))).errno).toBe(Errno.CONFLICT);

      const returned = await reviewer.api.console.applyReview({ applyId, status: 'returned', message: '请补充演出场次说明' });
      expect(returned).toMatchObject({ status: 'returned', reviewMessage: '请补充演出场次说明', reviewerAccount: reviewer.account });
      expect(returned.reviewedAt).toBeTruthy();
      const returnMail = (await server.outbox()).find((m) => m.includes(`To: ${alice.account}`) && m.includes('退回修改'));
      expect(returnMail).toContain('测试专项资助项目');

      const mine = await alice.api.project.applyDetail({ applyId });
      expect(mine).toMatchObject({ status: 'returned', reviewMessage: '请补充演出场次说明' });
      const resent = await alice.api.apply.save({ projectId, formId, version: mine.version, submit: true, data: { ...mine.data, performances: 20 } });
      expect(resent).toMatchObject({ status: 'submitted', serialNumber: serial });
      // Staff see both times it was sent, each with its receipt.
      const history = (await reviewer.api.console.applyGet({ applyId })).submissions;
      expect(history).toHaveLength(2);
      expect(history[1]).toEqual({ version: resent.version, submittedAt: resent.submittedAt, sha256: resent.receipt!.sha256 });
      expect(history[0]!.sha256).not.toBe(history[1]!.sha256);
      expect(history[0]!.version).toBeLessThan(history[1]!.version);

      const approved = await admin.api.console.applyReview({ applyId, status: 'approved', message: '同意立项', version: resent.version });
      expect(approved.status).toBe('approved');
      expect((await alice.api.project.applyDetail({ applyId })).status).toBe('approved');
      const mail = (await server.outbox()).find((m) => m.includes(`To: ${alice.account}`) && m.includes('已通过'));
      expect(mail).toBeDefined();
      expect(mail).toContain('测试专项资助项目');
      expect(mail).toContain('同意立项');

      const again = await apiError(admin.api.console.applyReview({ applyId, status: 'rejected', message: '改判' }, { silent: true }));
      expect(again.errno).toBe(Errno.CONFLICT);
      expect(again.errmsg).toContain('已通过');
      expect((await auditOf(server, 'apply.return'))[0]).toMatchObject({ actorId: reviewer.staffId, objectId: String(applyId) });
      expect((await auditOf(server, 'apply.approve'))[0]?.detail).toMatchObject({ from: 'submitted', to: 'approved', message: '同意立项' });
    });

    it('tells staff when an applicant has no e-mail address: the decision goes to the SMS outbox only, with a warning', async () => {
      const carol = await server.newUser();
      const file = await carol.api.files.upload({ file: new Blob([new Uint8Array(pdf('carol'))]), name: 'c.pdf' });
      const sent = await carol.api.apply.save({ projectId, formId, version: 0, submit: true, data: validData({ proposal: file.id }) });
      expect((await reviewer.api.console.applyGet({ applyId: sent.id })).apply.applicantEmail).toBeNull();
      const rejected = await reviewer.api.console.applyReview({ applyId: sent.id, status: 'rejected', message: '不符合申报条件' });
      expect(rejected.applicantEmail).toBeNull();
      // Two messages to carol, both by SMS: her submission's confirmation and the decision. They
      // are queued apart, so either may be delivered first.
      const toCarol = (await server.outbox()).filter((m) => m.includes(`To: ${carol.account}`));
      expect(toCarol).toHaveLength(2);
      for (const message of toCarol) expect(message).toContain('Channel: sms');
      expect(toCarol.filter((m) => m.includes('未通过'))).toHaveLength(1);
      expect((await carol.api.project.applyDetail({ applyId: sent.id })).status).toBe('rejected');
      expect((await reviewer.api.console.applyList({ projectId, keyword: alice.account })).list[0]?.applicantEmail).toBe(alice.account);

      const warnings: unknown[] = [];
      const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
      const channels: string[] = [];
      const mailer: Mailer = { sendMail: async (m) => void channels.push(`mail ${m.to}`), sendSms: async (m) => void channels.push(`sms ${m.to}`) };
      await notifyUser(server.handle.db, mailer, log, carol.userId, '测试', '正文');
      expect(channels).toEqual([`sms ${carol.account}`]);
      expect(JSON.stringify(warnings)).toContain('no e-mail address');

      // An e-mail address on file is used, and staff see it.
      await carol.api.user.update({ id: carol.userId, email: 'carol@example.org' });
      await notifyUser(server.handle.db, mailer, log, carol.userId, '测试', '正文');
      expect(channels.at(-1)).toBe('mail carol@example.org');
      expect(warnings).toHaveLength(1);
      expect((await reviewer.api.console.applyGet({ applyId: sent.id })).apply.applicantEmail).toBe('carol@example.org');
    });

    it('gives the print data of selected applications (spreadsheets and zips are jobs: console-jobs.test.ts)', async () => {
      const print = await reviewer.api.console.applyBatchPrint({ projectId, ids: [applyId] });
      expect(print.list[0]).toMatchObject({ apply: { id: applyId, status: 'approved' }, form: { id: formId }, project: { id: projectId } });

      const other = await createCall(server.handle.db, 'open');
      expect((await apiError(admin.api.console.applyBatchPrint({ projectId: other.projectId, ids: [applyId] }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
      expect((await apiError(admin.api.console.applyBatchPrint({ projectId, ids: [] }, { silent: true }))).errmsg).toMatch(/^申报编号：/);
      expect((await auditOf(server, 'apply.print'))[0]?.detail).toMatchObject({ ids: [applyId] });
    });
  });
});
