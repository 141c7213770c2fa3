// The contract of every staff endpoint, walked from the SDK's list: who may call it, and that
// every action that changes something leaves an audit entry.
import { creditCodeCheckChar, endpointList, Errno, REVIEWER_ENDPOINTS, STAFF_ROLE_LABELS, type Endpoints, type FormField } from '@flagship/api-client';
import ExcelJS from 'exceljs';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCall, pdf, PNG, someDistrict, validData } from './apply-fixtures';
import { auditOf, emailAccount, newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { invitationToken } from './expert-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';
import { assign, createRound, insertExpert, newExpert, submittedApplication, type ExpertClient } from './review-fixtures';
import { roundBody } from './review-round-fixtures';
import { SoftAuthenticator } from './soft-authenticator';

type ConsoleEndpoint = keyof Endpoints['console'];

const staffEndpoints = endpointList.filter((e) => e.declaration.auth === 'staff');
const reviewerMay = new Set<string>(REVIEWER_ENDPOINTS);
const MISSING_ID = '999999';
const DAY = 86_400_000;

/** Call an endpoint over HTTP with a token (or none) and whatever input; answers the envelope. */
async function call(server: TestServer, declaration: (typeof staffEndpoints)[number]['declaration'], token?: string) {
  const path = declaration.path.replace(/\{\w+\}/g, MISSING_ID);
  const headers: Record<string, string> = token ? { authkey: token } : {};
  const init: RequestInit = { method: declaration.method, headers };
  if (declaration.method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = '{}';
  }
  const response = await fetch(`${server.baseUrl}${path}`, init);
  const envelope = (await response.json()) as { errno: number; errmsg: string };
  return { status: response.status, ...envelope };
}

describe.each(drivers)('every staff endpoint on %s', (driver) => {
  let server: TestServer;
  let reviewer: StaffClient;
  let applicantToken: string;

  beforeAll(async () => {
    server = await startTestServer(driver);
    reviewer = await newReviewer(server);
    applicantToken = (await server.newUser()).api.session.getToken() as string;
  });
  afterAll(() => server?.close());

  it('covers the whole console: every /api/console endpoint but the public ones (login, accepting an invitation) needs staff', () => {
    expect(staffEndpoints.map((e) => e.id).sort()).toEqual(
      endpointList
        .filter((e) => e.group === 'console' && e.name !== 'login' && e.name !== 'loginSecondStep' && e.name !== 'invitationAccept')
        .map((e) => e.id)
        .sort(),
    );
  });

  for (const { id, name, declaration } of staffEndpoints) {
    it(`${id}: 401 without a token, 403 for an applicant, 1001 for a bad token, ${reviewerMay.has(name) ? 'open to reviewers' : '403 for a reviewer'}`, async () => {
      const anonymous = await call(server, declaration);
      expect([anonymous.status, anonymous.errno]).toEqual([401, Errno.LOGIN_REQUIRED]);
      const applicant = await call(server, declaration, applicantToken);
      expect([applicant.status, applicant.errno]).toEqual([403, Errno.FORBIDDEN]);
      const forged = await call(server, declaration, 'stf_not-a-real-token');
      expect(forged.errno).toBe(Errno.SESSION_INVALID);

      // Logging out ends the session it is called with: use one of its own.
      const token = (name === 'logout' ? await staffLogin(server, reviewer.account, 'Review@2026-ok') : reviewer).api.session.getToken() as string;
      const asReviewer = await call(server, declaration, token);
      if (reviewerMay.has(name)) {
        expect(asReviewer.errno, asReviewer.errmsg).not.toBe(Errno.FORBIDDEN);
        expect(asReviewer.status).not.toBe(403);
      } else {
        const only = (declaration.roles ?? ['admin']).map((role) => STAFF_ROLE_LABELS[role]).join('或');
        expect([asReviewer.status, asReviewer.errno, asReviewer.errmsg]).toEqual([403, Errno.FORBIDDEN, `无权执行此操作：仅${only}可用`]);
      }
    });
  }
});

describe.each(drivers)('audit entries of staff actions on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  let reviewer: StaffClient;
  let district: number;
  let province: number;
  const made: Record<string, number> = {};
  const twoFactor = { secret: '', recoveryCodes: [] as string[] };
  let invitedAccount = '';
  let tempClient: StaffClient | undefined;
  const temp = () => tempClient as StaffClient;
  let expertClient: ExpertClient | undefined;
  const expert = () => expertClient as ExpertClient;
  const FIELDS: FormField[] = [{ key: 'workTitle', kind: 'text', label: '作品名称', required: true }];
  const creditCode = (body: string) => body + creditCodeCheckChar(body);

  /** Each step does one action through the SDK and names the object its audit entry must point at. */
  const steps: { endpoint: ConsoleEndpoint; action: string; by?: () => StaffClient; run: () => Promise<number | string> }[] = [
    { endpoint: 'categoryCreate', action: 'category.create', run: async () => (made.category = (await admin.api.console.categoryCreate({ kind: 'expert', name: '审计·门类' })).id) },
    { endpoint: 'categoryUpdate', action: 'category.update', run: async () => (await admin.api.console.categoryUpdate({ id: made.category!, name: '审计·门类二' })).id },
    { endpoint: 'categoryDelete', action: 'category.delete', run: async () => (await admin.api.console.categoryDelete({ id: made.category! }), made.category!) },
    { endpoint: 'regionCreate', action: 'region.create', run: async () => (made.region = (await admin.api.console.regionCreate({ parentId: province, name: '审计市' })).id) },
    { endpoint: 'regionUpdate', action: 'region.update', run: async () => (await admin.api.console.regionUpdate({ id: made.region!, name: '审计新市' })).id },
    { endpoint: 'regionDelete', action: 'region.delete', run: async () => (await admin.api.console.regionDelete({ id: made.region! }), made.region!) },
    {
      endpoint: 'projectCreate',
      action: 'project.create',
      run: async () =>
        (made.project = (
          await admin.api.console.projectCreate({ title: '审计测试项目', applyStart: new Date(Date.now() - DAY).toISOString(), applyEnd: new Date(Date.now() + 30 * DAY).toISOString() })
        ).id),
    },
    {
      endpoint: 'projectUpdate',
      action: 'project.update',
      run: async () =>
        (await admin.api.console.projectUpdate({ id: made.project!, title: '审计测试项目（改）', applyStart: new Date(Date.now() - DAY).toISOString(), applyEnd: new Date(Date.now() + 20 * DAY).toISOString() })).id,
    },
    { endpoint: 'formCreate', action: 'form.create', run: async () => (made.form = (await admin.api.console.formCreate({ projectId: made.project!, title: '申报书', fields: FIELDS })).id) },
    { endpoint: 'formUpdate', action: 'form.update', run: async () => (await admin.api.console.formUpdate({ projectId: made.project!, formId: made.form!, title: '申报书（改）', fields: FIELDS })).id },
    {
      endpoint: 'formReorder',
      action: 'form.reorder',
      run: async () => {
        made.spare = (await admin.api.console.formCreate({ projectId: made.project!, title: '附表', fields: [] })).id;
        await admin.api.console.formReorder({ projectId: made.project!, formIds: [made.spare, made.form!] });
        return made.project!;
      },
    },
    { endpoint: 'formDelete', action: 'form.delete', run: async () => (await admin.api.console.formDelete({ projectId: made.project!, formId: made.spare! }), made.spare!) },
    { endpoint: 'projectPublish', action: 'project.publish', run: async () => (await admin.api.console.projectPublish({ id: made.project!, published: true })).id },
    { endpoint: 'projectPublish', action: 'project.unpublish', run: async () => (await admin.api.console.projectPublish({ id: made.project!, published: false })).id },
    { endpoint: 'policyCreate', action: 'policy.create', run: async () => (made.policy = (await admin.api.console.policyCreate({ title: '审计测试公告' })).id) },
    { endpoint: 'policyUpdate', action: 'policy.update', run: async () => (await admin.api.console.policyUpdate({ id: made.policy!, title: '审计测试公告（改）', pinned: true })).id },
    { endpoint: 'policyDelete', action: 'policy.delete', run: async () => (await admin.api.console.policyDelete({ id: made.policy! }), made.policy!) },
    { endpoint: 'expertCreate', action: 'expert.create', run: async () => (made.expert = (await admin.api.console.expertCreate({ name: '审计专家', regionId: district })).id) },
    { endpoint: 'expertUpdate', action: 'expert.update', run: async () => (await admin.api.console.expertUpdate({ id: made.expert!, name: '审计专家', published: false })).id },
    { endpoint: 'expertDelete', action: 'expert.delete', run: async () => (await admin.api.console.expertDelete({ id: made.expert! }), made.expert!) },
    {
      endpoint: 'expertInvite',
      action: 'expert.invite',
      run: async () => {
        made.invited = (await admin.api.console.expertCreate({ name: '审计受邀专家' })).id;
        invitedAccount = emailAccount();
        made.invitedStaff = (await admin.api.console.expertInvite({ id: made.invited, account: invitedAccount })).staffId;
        return made.invited;
      },
    },
    {
      endpoint: 'invitationAccept',
      action: 'expert.acceptInvitation',
      by: () => ({ staffId: made.invitedStaff! }) as StaffClient,
      run: async () => (await server.client().api.console.invitationAccept({ token: await invitationToken(server, invitedAccount), password: 'Expert@2026-ok' }), made.invitedStaff!),
    },
    { endpoint: 'expertAccountUpdate', action: 'expert.disableAccount', run: async () => (await admin.api.console.expertAccountUpdate({ id: made.invited!, disabled: true }), made.invited!) },
    {
      endpoint: 'enterpriseCreate',
      action: 'enterprise.create',
      run: async () => (made.enterprise = (await admin.api.console.enterpriseCreate({ enterpriseName: '审计测试文化有限公司', creditCode: creditCode('91330106MA2AU7D1T'), type: '有限责任公司' })).id),
    },
    {
      endpoint: 'enterpriseUpdate',
      action: 'enterprise.update',
      run: async () => (await admin.api.console.enterpriseUpdate({ id: made.enterprise!, enterpriseName: '审计测试艺术有限公司', creditCode: creditCode('91330106MA2AU7D1T'), type: '有限责任公司' })).id,
    },
    { endpoint: 'enterpriseDelete', action: 'enterprise.delete', run: async () => (await admin.api.console.enterpriseDelete({ id: made.enterprise! }), made.enterprise!) },
    {
      endpoint: 'settingsUpdate',
      action: 'settings.update',
      run: async () => {
        const { accessPasswordSet: _set, ...current } = await admin.api.console.settingsGet();
        await admin.api.console.settingsUpdate({ ...current, siteTitle: `${current.siteTitle}·审计` });
        return 1;
      },
    },
    // Two-factor sign-in (issue 16), on the admin's own account and back off again.
    {
      endpoint: 'passkeyRegister',
      action: 'staff.passkeyAdd',
      run: async () => {
        const authenticator = new SoftAuthenticator(new URL(server.config.consoleUrl).origin);
        await admin.api.console.passkeyRegister({ name: '审计·钥匙', credential: authenticator.register(await admin.api.console.passkeyRegisterOptions()) });
        return admin.staffId;
      },
    },
    {
      endpoint: 'passkeyDelete',
      action: 'staff.passkeyRemove',
      run: async () => (await admin.api.console.passkeyDelete({ id: (await admin.api.console.twoFactorStatus()).passkeys[0]!.id }), admin.staffId),
    },
    {
      endpoint: 'accountDeletionCarryOut',
      action: 'user.anonymise',
      run: async () => {
        const leaving = await server.newUser();
        const request = await leaving.api.user.requestDeletion({ id: leaving.userId, password: leaving.password });
        await admin.api.console.accountDeletionCarryOut({ id: request.id });
        return request.id;
      },
    },
    {
      endpoint: 'accountDeletionRefuse',
      action: 'user.deletion.refuse',
      run: async () => {
        const staying = await server.newUser();
        const request = await staying.api.user.requestDeletion({ id: staying.userId, password: staying.password });
        await admin.api.console.accountDeletionRefuse({ id: request.id, reason: '该账号有待结项的资助项目' });
        return request.id;
      },
    },
    { endpoint: 'twoFactorStart', action: 'staff.twoFactorStart', run: async () => ((twoFactor.secret = (await admin.api.console.twoFactorStart()).secret), admin.staffId) },
    {
      endpoint: 'twoFactorConfirm',
      action: 'staff.twoFactorEnable',
      run: async () => (await admin.api.console.twoFactorConfirm({ code: await generate({ secret: twoFactor.secret }) }), admin.staffId),
    },
    {
      endpoint: 'twoFactorRecoveryCodes',
      action: 'staff.recoveryCodesRegenerate',
      run: async () => ((twoFactor.recoveryCodes = (await admin.api.console.twoFactorRecoveryCodes({ code: await generate({ secret: twoFactor.secret, epoch: Date.now() / 1000 + 30 }) })).recoveryCodes), admin.staffId),
    },
    { endpoint: 'reauth', action: 'staff.reauth', run: async () => (await admin.api.console.reauth({ password: 'Flagship@2026' }), admin.staffId) },
    {
      endpoint: 'twoFactorDisable',
      action: 'staff.twoFactorDisable',
      run: async () => (await admin.api.console.twoFactorDisable({ password: 'Flagship@2026', recoveryCode: twoFactor.recoveryCodes[0]! }), admin.staffId),
    },
    { endpoint: 'authenticationApprove', action: 'authentication.approve', by: () => reviewer, run: async () => (await reviewer.api.console.authenticationApprove({ id: await newAuthentication('91330106MA2AU8E2W') })).id },
    {
      endpoint: 'authenticationReject',
      action: 'authentication.reject',
      by: () => reviewer,
      run: async () => (await reviewer.api.console.authenticationReject({ id: await newAuthentication('91330106MA2AU9F3X'), reason: '材料不全' })).id,
    },
    { endpoint: 'applyReview', action: 'apply.startReview', by: () => reviewer, run: async () => (await reviewer.api.console.applyReview({ applyId: made.first!, status: 'reviewing' })).id },
    { endpoint: 'applyReview', action: 'apply.return', by: () => reviewer, run: async () => (await reviewer.api.console.applyReview({ applyId: made.first!, status: 'returned', message: '请补充材料' })).id },
    { endpoint: 'applyReview', action: 'apply.reject', by: () => reviewer, run: async () => (await reviewer.api.console.applyReview({ applyId: made.second!, status: 'rejected', message: '不符合条件' })).id },
    { endpoint: 'applyReview', action: 'apply.approve', run: async () => (await admin.api.console.applyReview({ applyId: made.third!, status: 'approved' })).id },
    { endpoint: 'applyExportJob', action: 'apply.export', by: () => reviewer, run: async () => (await reviewer.api.console.applyExportJob({ projectId: made.call! }), made.call!) },
    { endpoint: 'applyDownloadJob', action: 'apply.download', by: () => reviewer, run: async () => (await reviewer.api.console.applyDownloadJob({ projectId: made.call!, ids: [made.first!] }), made.call!) },
    { endpoint: 'applyBatchPrint', action: 'apply.print', by: () => reviewer, run: async () => (await reviewer.api.console.applyBatchPrint({ projectId: made.call!, ids: [made.first!, made.second!] }), made.call!) },
    // A call's review round, by staff.
    { endpoint: 'reviewRoundSave', action: 'review.round.save', run: async () => (await admin.api.console.reviewRoundSave({ projectId: made.call!, ...roundBody() })).projectId },
    {
      endpoint: 'reviewAssign',
      action: 'review.assign',
      by: () => reviewer,
      run: async () => {
        made.inReview = await submitted(made.callForm!);
        made.reviewExpert = (await insertExpert(server.handle.db)).expertId;
        await reviewer.api.console.reviewAssign({ projectId: made.call!, applicationIds: [made.inReview], expertIds: [made.reviewExpert] });
        return made.call!;
      },
    },
    {
      endpoint: 'reviewUnassign',
      action: 'review.unassign',
      by: () => reviewer,
      run: async () => {
        const [assigned] = (await reviewer.api.console.reviewAssignmentList({ projectId: made.call!, applicationId: made.inReview! })).list;
        await reviewer.api.console.reviewUnassign({ id: assigned!.id });
        return assigned!.id;
      },
    },
    { endpoint: 'reviewAutoAssign', action: 'review.autoAssign', by: () => reviewer, run: async () => (await reviewer.api.console.reviewAutoAssign({ projectId: made.call! }), made.call!) },
    {
      endpoint: 'reviewDecisions',
      action: 'apply.approve',
      run: async () => (await admin.api.console.reviewDecisions({ projectId: made.call!, applicationIds: [made.inReview!], status: 'approved' }), made.inReview!),
    },
    { endpoint: 'reviewExport', action: 'review.export', by: () => reviewer, run: async () => (await reviewer.api.console.reviewExport({ projectId: made.call! }), made.call!) },
    {
      endpoint: 'reviewAssignmentImport',
      action: 'review.import',
      by: () => reviewer,
      run: async () => {
        const workbook = new ExcelJS.Workbook();
        workbook.addWorksheet('分配').addRows([
          ['申报编号', '专家账号'],
          ['NO-SUCH-SERIAL', 'nobody'],
        ]);
        const file = new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]);
        await reviewer.api.console.reviewAssignmentImport({ projectId: made.call!, file, name: '分配.xlsx' });
        return made.call!;
      },
    },
    // Results announcements (issue 14): reviewers prepare, admins publish and withdraw.
    {
      endpoint: 'resultAnnouncementCreate',
      action: 'results.create',
      by: () => reviewer,
      run: async () => {
        const period = { objectionStartsAt: new Date().toISOString(), objectionEndsAt: new Date(Date.now() + 5 * 86_400_000).toISOString() };
        made.results = (await reviewer.api.console.resultAnnouncementCreate({ projectId: made.call!, title: '立项公示', introduction: '', contact: '', ...period })).id;
        return made.call!;
      },
    },
    {
      endpoint: 'resultAnnouncementUpdate',
      action: 'results.update',
      by: () => reviewer,
      run: async () => {
        const [current] = await reviewer.api.console.resultAnnouncementList({ projectId: made.call! });
        const items = current!.items.map((i) => ({ applicationId: i.applicationId, amountGranted: 10000 }));
        await reviewer.api.console.resultAnnouncementUpdate({ id: made.results!, title: current!.title, introduction: '', contact: '', objectionStartsAt: current!.objectionStartsAt, objectionEndsAt: current!.objectionEndsAt, items });
        return made.call!;
      },
    },
    { endpoint: 'resultAnnouncementPublish', action: 'results.publish', run: async () => (await admin.api.console.resultAnnouncementPublish({ id: made.results! })).projectId },
    { endpoint: 'resultAnnouncementWithdraw', action: 'results.withdraw', run: async () => (await admin.api.console.resultAnnouncementWithdraw({ id: made.results!, reason: '核对有误' })).projectId },
    // The expert workspace: the expert is the actor.
    {
      endpoint: 'myReviewDeclare',
      action: 'review.declare',
      by: () => expert(),
      run: async () => {
        expertClient = await newExpert(server);
        const app = await submittedApplication(server);
        const round = await createRound(server.handle.db, app.projectId);
        made.reviewedCall = app.projectId;
        made.assignment = (await assign(server.handle.db, { roundId: round.id, applicationId: app.applicationId, expertId: expert().expertId })).id;
        return (await expert().api.console.myReviewDeclare({ id: made.assignment, conflict: false })).id;
      },
    },
    {
      endpoint: 'myReviewSave',
      action: 'review.submit',
      by: () => expert(),
      run: async () => (await expert().api.console.myReviewSave({ id: made.assignment!, scores: { quality: 8, impact: 50 }, recommendation: 'fund', version: 0, submit: true })).id,
    },
    { endpoint: 'reviewReopen', action: 'review.reopen', run: async () => (await admin.api.console.reviewReopen({ id: made.assignment!, reason: '评分理由需补充' })).id },
    {
      endpoint: 'reviewRoundNew',
      action: 'review.round.new',
      run: async () => (await admin.api.console.reviewRoundNew({ projectId: made.reviewedCall!, ...roundBody() })).projectId,
    },
    { endpoint: 'myProfileUpdate', action: 'expert.interests', by: () => expert(), run: async () => (await expert().api.console.myProfileUpdate({ declaredInterests: '某剧院' }), expert().expertId) },
    { endpoint: 'logout', action: 'staff.logout', by: () => temp(), run: async () => (await temp().api.console.logout(), temp().staffId) },
  ];

  /** A pending enterprise authentication of a new applicant. */
  async function newAuthentication(body: string): Promise<number> {
    const applicant = await server.newUser(emailAccount());
    const licence = await applicant.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: '营业执照.png' });
    const sent = await applicant.api.enterprise.submitAuthentication({
      enterpriseName: `审计企业${body.slice(-4)}`,
      creditCode: creditCode(body),
      type: '有限责任公司',
      legalRepresentative: '王五',
      regionId: district,
      address: '文三路 1 号',
      contactName: '赵六',
      contactPhone: '13912345678',
      licenseFiles: [licence.id],
      introduction: '',
    });
    return sent.id;
  }

  /** A submitted application of a new applicant to the test call. */
  async function submitted(formId: number): Promise<number> {
    const applicant = await server.newUser(emailAccount());
    const file = await applicant.api.files.upload({ file: new Blob([new Uint8Array(pdf(applicant.account))]), name: '申报书.pdf' });
    return (await applicant.api.apply.save({ projectId: made.call!, formId, version: 0, submit: true, data: validData({ proposal: file.id }) })).id;
  }

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
    reviewer = await newReviewer(server);
    tempClient = await staffLogin(server);
    const region = await someDistrict(server.handle.db);
    district = region.id;
    province = (await server.client().api.base.regions()).find((r) => r.level === 1)!.id;
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    made.call = projectId;
    made.callForm = formIds[0]!;
    made.first = await submitted(formIds[0]!);
    made.second = await submitted(formIds[0]!);
    made.third = await submitted(formIds[0]!);
  });
  afterAll(() => server?.close());

  it('has a step for every console endpoint that changes something or hands data out', () => {
    // Ceremony options hand out a challenge and change no record: nothing to audit.
    const unaudited = new Set(['login', 'loginSecondStep', 'passkeyRegisterOptions', 'reauthPasskeyOptions']);
    const audited = endpointList.filter((e) => e.group === 'console' && !unaudited.has(e.name) && (e.declaration.method !== 'GET' || e.name === 'applyBatchPrint' || e.name === 'reviewExport'));
    expect([...new Set(steps.map((s) => s.endpoint))].sort()).toEqual(audited.map((e) => e.name).sort());
  });

  for (const step of steps) {
    it(`${step.endpoint} writes ${step.action}`, async () => {
      const objectId = await step.run();
      const actor = step.by?.() ?? admin;
      const [entry] = await auditOf(server, step.action);
      expect(entry).toMatchObject({ actorKind: 'staff', actorId: actor.staffId, objectId: String(objectId) });
      expect(entry?.ip).toBeTruthy();
      expect(Date.now() - entry!.createdAt.getTime()).toBeLessThan(60_000);
    });
  }
});

describe.each(drivers)('console login rate limit on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { rateLimit: { max: 3, windowMs: 60_000 } });
  });
  afterAll(() => server?.close());

  it('answers 429 with retryAfter after too many attempts', async () => {
    const c = server.client();
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await apiError(c.api.console.login({ account: 'admin', password: 'wrong-password', captcha: 'zzzz' }, { silent: true })));
    expect(attempts.slice(0, 3).map((e) => e.errno)).toEqual([Errno.CAPTCHA_INVALID, Errno.CAPTCHA_INVALID, Errno.CAPTCHA_INVALID]);
    expect(attempts[3]).toMatchObject({ errno: Errno.TOO_MANY_REQUESTS, status: 429, data: { retryAfter: expect.any(Number) } });
  });
});
