// Issue 16 (PIPL): an applicant asks for their account to be deleted; an admin carries it out
// (anonymisation) or refuses; staff's retention deletes old drafts of closed calls.
import { anonymisedName, creditCodeCheckChar, Errno, REAUTH_WINDOW_MS } from '@flagship/api-client';
import { eq, inArray, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/tokens';
import { applications, enterpriseAuthentications, projects, sessions, settings, staffSessions, uploads, users } from '../src/db/schema';
import { storageFor } from '../src/lib/storage';
import { RETENTION_JOB } from '../src/shared/retention-repository';
import { createCall, PNG, pdf, someDistrict, validData } from './apply-fixtures';
import { auditOf, newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer, signedIn } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

describe.each(drivers)('account deletion on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
  });
  afterAll(() => server?.close());

  const upload = async (user: User, bytes: Buffer = pdf(), name = 'f.pdf') => (await user.api.files.upload({ file: new Blob([new Uint8Array(bytes)]), name })).id;
  const keyOf = async (id: number) => (await server.handle.db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.id, id)))[0]?.key;
  const pendingOf = async (user: User) => (await admin.api.console.accountDeletionList({ status: 'pending', pageSize: 100 })).list.find((r) => r.userId === user.userId);

  it('the applicant asks with their password, sees the request, cancels it and asks again', async () => {
    const alice = await server.newUser();
    expect(await alice.api.user.deletionRequest({ id: alice.userId })).toBeNull();

    const wrong = await apiError(alice.api.user.requestDeletion({ id: alice.userId, password: 'not-my-password' }, { silent: true }));
    expect(wrong.errno).toBe(Errno.INVALID_INPUT);
    expect(wrong.fields.password).toBe('密码不正确');
    const empty = await apiError(alice.api.user.requestDeletion({ id: alice.userId, password: '' }, { silent: true }));
    expect(empty.errmsg).toMatch(/密码/);

    const asked = await alice.api.user.requestDeletion({ id: alice.userId, password: alice.password });
    expect(asked).toMatchObject({ status: 'pending', reason: null, decidedAt: null });
    expect(await alice.api.user.deletionRequest({ id: alice.userId })).toMatchObject({ id: asked.id, status: 'pending' });
    // One pending request at a time.
    expect((await apiError(alice.api.user.requestDeletion({ id: alice.userId, password: alice.password }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    expect(await pendingOf(alice)).toMatchObject({ id: asked.id, account: alice.account, drafts: 0, inReview: 0 });

    const cancelled = await alice.api.user.cancelDeletion({ id: alice.userId });
    expect(cancelled).toMatchObject({ id: asked.id, status: 'cancelled' });
    expect(await pendingOf(alice)).toBeUndefined();
    expect((await apiError(alice.api.user.cancelDeletion({ id: alice.userId }, { silent: true }))).errno).toBe(Errno.CONFLICT);

    const again = await alice.api.user.requestDeletion({ id: alice.userId, password: alice.password });
    expect(again.id).not.toBe(asked.id);
    expect((await auditOf(server, 'user.deletion.request')).filter((a) => a.actorId === alice.userId)).toHaveLength(2);

    // Only for themself.
    const bob = await server.newUser();
    expect((await apiError(bob.api.user.requestDeletion({ id: alice.userId, password: bob.password }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(bob.api.user.cancelDeletion({ id: alice.userId }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(bob.api.user.deletionRequest({ id: alice.userId }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
  });

  it('staff refuse with a reason; the applicant is told and sees it', async () => {
    const carol = await server.newUser(`carol-${process.pid}-${Date.now()}@example.org`);
    const asked = await carol.api.user.requestDeletion({ id: carol.userId, password: carol.password });
    const blank = await apiError(admin.api.console.accountDeletionRefuse({ id: asked.id, reason: '  ' }, { silent: true }));
    expect(blank.errmsg).toBe('原因：请填写不同意的理由');

    const refused = await admin.api.console.accountDeletionRefuse({ id: asked.id, reason: '您的申报正在评审中，评审结束后可再申请' });
    expect(refused).toMatchObject({ status: 'refused', reason: '您的申报正在评审中，评审结束后可再申请', decidedByAccount: admin.account });
    expect(await carol.api.user.deletionRequest({ id: carol.userId })).toMatchObject({ status: 'refused', reason: '您的申报正在评审中，评审结束后可再申请' });
    const mail = (await server.outbox()).filter((m) => m.includes(`To: ${carol.account}`)).at(-1);
    expect(mail).toContain('注销账号申请未获同意');
    expect(mail).toContain('评审结束后可再申请');
    // Decided once.
    expect((await apiError(admin.api.console.accountDeletionCarryOut({ id: asked.id }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    expect((await auditOf(server, 'user.deletion.refuse'))[0]).toMatchObject({ actorId: admin.staffId, objectId: String(asked.id) });
  });

  it('admins only, and behind the re-authentication window', async () => {
    const dave = await server.newUser();
    const asked = await dave.api.user.requestDeletion({ id: dave.userId, password: dave.password });
    const reviewer = await newReviewer(server);
    expect((await apiError(reviewer.api.console.accountDeletionList({}, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(reviewer.api.console.accountDeletionCarryOut({ id: asked.id }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(dave.api.console.accountDeletionList({}, { silent: true }))).errno).toBe(Errno.FORBIDDEN);

    const fresh = await staffLogin(server);
    await server.handle.db
      .update(staffSessions)
      .set({ verifiedAt: new Date(Date.now() - REAUTH_WINDOW_MS - 60_000) })
      .where(eq(staffSessions.tokenHash, hashToken(fresh.api.session.getToken()!)));
    const stale = await apiError(fresh.api.console.accountDeletionCarryOut({ id: asked.id }, { silent: true }));
    expect(stale.data).toMatchObject({ reauth: true });
    expect((await apiError(fresh.api.console.accountDeletionRefuse({ id: asked.id, reason: '不同意' }, { silent: true }))).data).toMatchObject({ reauth: true });
    expect((await dave.api.user.deletionRequest({ id: dave.userId }))?.status).toBe('pending');
  });

  it('carrying it out anonymises the person, ends their sessions, deletes drafts and files, keeps what they sent, and frees the phone', async () => {
    const erin = await server.newUser();
    const otherSession = server.client();
    const info = signedIn(await otherSession.api.auth.login({ account: erin.account, password: erin.password, captcha: await otherSession.captcha() }));
    otherSession.api.session.set(info);

    const db = server.handle.db;
    const regionId = (await someDistrict(db)).id;
    const call = await createCall(db, 'open', 2);
    const avatar = await upload(erin, PNG, '头像.png');
    await erin.api.user.update({ id: erin.userId, name: '沈清和', email: 'shen@example.org', avatar });
    // Two-factor sign-in on: its secret and recovery codes go with the account.
    const { secret } = await erin.api.user.twoFactorStart({ id: erin.userId });
    await erin.api.user.twoFactorConfirm({ id: erin.userId, code: await generate({ secret }), password: erin.password });
    const draftFile = await upload(erin, pdf('draft'), '草稿附件.pdf');
    const draft = await erin.api.apply.save({ projectId: call.projectId, formId: call.formIds[0]!, version: 0, data: { projectName: '草稿', proposal: draftFile } });
    const proposal = await upload(erin, pdf('sent'), '申报书.pdf');
    const sent = await erin.api.apply.save({ projectId: call.projectId, formId: call.formIds[1]!, version: 0, submit: true, data: validData({ proposal }, regionId) });
    const licence = await upload(erin, PNG, '营业执照.png');
    const body = '91330106MA2AB7C9D';
    await erin.api.enterprise.submitAuthentication({
      enterpriseName: '西泠文化传播有限公司',
      creditCode: body + creditCodeCheckChar(body),
      type: '有限责任公司',
      legalRepresentative: '沈清和',
      regionId,
      address: '西湖区北山街 1 号',
      contactName: '沈清和',
      contactPhone: '13912345678',
      licenseFiles: [licence],
      introduction: '<p>简介</p>',
    });
    const keys = { avatar: await keyOf(avatar), draftFile: await keyOf(draftFile), licence: await keyOf(licence), proposal: await keyOf(proposal) };

    const asked = await erin.api.user.requestDeletion({ id: erin.userId, password: erin.password });
    expect(await pendingOf(erin)).toMatchObject({ drafts: 1, inReview: 1, submitted: 1, name: '沈清和' });

    const done = await admin.api.console.accountDeletionCarryOut({ id: asked.id });
    const marker = anonymisedName(erin.userId);
    expect(done).toMatchObject({ status: 'done', account: marker, name: marker, decidedByAccount: admin.account });

    // The account: neutral marker, no contact details, no password, no sessions.
    const [row] = await db.select().from(users).where(eq(users.id, erin.userId));
    expect(row).toMatchObject({ account: marker, name: marker, mobile: '', email: '', avatar: null, totpSecret: null, totpEnabledAt: null, recoveryCodeHashes: [] });
    expect(row!.anonymizedAt).not.toBeNull();
    const live = await db.select().from(sessions).where(eq(sessions.userId, erin.userId));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await apiError(erin.api.user.get({ id: erin.userId }, { silent: true }))).errno).toBe(Errno.SESSION_INVALID);
    expect((await apiError(otherSession.api.user.get({ id: erin.userId }, { silent: true }))).errno).toBe(Errno.SESSION_INVALID);
    const c = server.client();
    // The old password no longer opens anything: the same answer as a wrong password.
    const refused = await apiError(c.api.auth.login({ account: erin.account, password: erin.password, captcha: await c.captcha() }, { silent: true }));
    expect(refused.errmsg).toBe('账号或密码错误');

    // Enterprise authentication: the people in it are gone, the licence image too.
    const [authentication] = await db.select().from(enterpriseAuthentications).where(eq(enterpriseAuthentications.userId, erin.userId));
    expect(authentication).toMatchObject({ legalRepresentative: marker, contactName: marker, contactPhone: '', address: '', licenseFiles: [] });
    expect(authentication!.enterpriseName).toBe('西泠文化传播有限公司');

    // Drafts and their files gone; the sent application, its receipt and files kept and readable by staff.
    expect(await db.select().from(applications).where(eq(applications.id, draft.id))).toEqual([]);
    const left = new Set((await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, [avatar, draftFile, licence, proposal]))).map((r) => r.id));
    expect([...left]).toEqual([proposal]);
    const storage = storageFor(server.config);
    for (const key of [keys.avatar, keys.draftFile, keys.licence]) expect(await storage.get(key!)).toBeNull();
    expect(await storage.get(keys.proposal!)).not.toBeNull();
    const seen = await admin.api.console.applyGet({ applyId: sent.id });
    expect(seen.apply).toMatchObject({ serialNumber: sent.serialNumber, account: marker, applicantName: marker, applicantEmail: null });
    expect(seen.submissions[0]!.sha256).toBe(sent.receipt!.sha256);
    expect(seen.attachments.map((a) => a.id)).toEqual([proposal]);
    const file = await fetch(`${server.baseUrl}/api/file/${proposal}`, { headers: { authKey: admin.api.session.getToken()! } });
    expect(file.status).toBe(200);

    expect((await auditOf(server, 'user.anonymise'))[0]).toMatchObject({ actorId: admin.staffId, objectId: String(asked.id) });
    expect((await server.outbox()).filter((m) => m.includes('账号已注销')).length).toBeGreaterThan(0);

    // The same phone can register again, as a new person.
    const again = await server.newUser(erin.account, 'Flagship-Again-2026');
    expect(again.userId).not.toBe(erin.userId);
    expect(await again.api.user.deletionRequest({ id: again.userId })).toBeNull();
    expect((await again.api.project.myApplyList({})).list).toEqual([]);
  });
});

describe.each(drivers)('retention on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
  });
  afterAll(() => server?.close());

  const run = async () => {
    await server.app.jobs.send(RETENTION_JOB, {});
    await server.app.jobs.settle([RETENTION_JOB]);
  };

  it('staff set the periods, with messages naming the field and the range', async () => {
    const current = await admin.api.console.settingsGet();
    expect(current).toMatchObject({ draftRetentionDays: null, orphanUploadGraceHours: null, orphanUploadGraceDefaultHours: server.config.orphanUploadGraceMs / 3600_000 });
    const tooMany = await apiError(admin.api.console.settingsUpdate({ ...current, draftRetentionDays: 0 }, { silent: true }));
    expect(tooMany.errmsg).toBe('草稿保留天数：应为 1 到 3650 之间的整数（天）');
    const fraction = await apiError(admin.api.console.settingsUpdate({ ...current, orphanUploadGraceHours: 1.5 }, { silent: true }));
    expect(fraction.errmsg).toBe('未引用文件保留小时数：应为 1 到 8760 之间的整数（小时）');
    const saved = await admin.api.console.settingsUpdate({ ...current, draftRetentionDays: 30, orphanUploadGraceHours: 48 });
    expect(saved).toMatchObject({ draftRetentionDays: 30, orphanUploadGraceHours: 48 });
    // Omitted: kept.
    const { draftRetentionDays: _d, orphanUploadGraceHours: _o, ...rest } = saved;
    expect(await admin.api.console.settingsUpdate(rest)).toMatchObject({ draftRetentionDays: 30, orphanUploadGraceHours: 48 });
  });

  it('the daily job deletes unsent drafts of calls closed longer ago than the setting, with their files, and nothing else', async () => {
    const db = server.handle.db;
    const regionId = (await someDistrict(db)).id;
    const alice = await server.newUser();
    const up = async (name: string) => (await alice.api.files.upload({ file: new Blob([new Uint8Array(pdf(name))]), name: `${name}.pdf` })).id;

    // Three calls, all open while alice writes; two then close (one long ago), one stays open.
    const old = await createCall(db, 'open', 2);
    const recent = await createCall(db, 'open', 1);
    const open = await createCall(db, 'open', 1);
    const oldDraftFile = await up('old-draft');
    const oldDraft = await alice.api.apply.save({ projectId: old.projectId, formId: old.formIds[0]!, version: 0, data: { proposal: oldDraftFile } });
    const oldSentFile = await up('old-sent');
    const oldSent = await alice.api.apply.save({ projectId: old.projectId, formId: old.formIds[1]!, version: 0, submit: true, data: validData({ proposal: oldSentFile }, regionId) });
    const recentDraftFile = await up('recent-draft');
    const recentDraft = await alice.api.apply.save({ projectId: recent.projectId, formId: recent.formIds[0]!, version: 0, data: { proposal: recentDraftFile } });
    const openDraft = await alice.api.apply.save({ projectId: open.projectId, formId: open.formIds[0]!, version: 0, data: { projectName: '进行中' } });
    const closedAgo = async (projectId: number, days: number) =>
      db
        .update(projects)
        .set({ applyStart: sql`now() - make_interval(days => ${days + 30})`, applyEnd: sql`now() - make_interval(days => ${days})` })
        .where(eq(projects.id, projectId));
    await closedAgo(old.projectId, 40);
    await closedAgo(recent.projectId, 5);
    const oldDraftKey = (await db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.id, oldDraftFile)))[0]!.key;

    // Without a setting nothing is deleted.
    await db.update(settings).set({ draftRetentionDays: null }).where(eq(settings.id, 1));
    await run();
    expect((await db.select({ id: applications.id }).from(applications).where(eq(applications.userId, alice.userId))).length).toBe(4);

    await db.update(settings).set({ draftRetentionDays: 30 }).where(eq(settings.id, 1));
    await run();
    const left = (await db.select({ id: applications.id }).from(applications).where(eq(applications.userId, alice.userId))).map((r) => r.id).sort();
    expect(left).toEqual([oldSent.id, recentDraft.id, openDraft.id].sort());
    expect(left).not.toContain(oldDraft.id);
    const files = (await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, [oldDraftFile, oldSentFile, recentDraftFile]))).map((r) => r.id).sort();
    expect(files).toEqual([oldSentFile, recentDraftFile].sort());
    expect(await storageFor(server.config).get(oldDraftKey)).toBeNull();
    expect((await auditOf(server, 'application.retention'))[0]!.detail).toMatchObject({ drafts: [oldDraft.id], uploads: 1, days: 30 });
  });

  it('the sweep of unreferenced uploads uses the grace staff set', async () => {
    const db = server.handle.db;
    const bob = await server.newUser();
    const orphan = (await bob.api.files.upload({ file: new Blob([new Uint8Array(pdf('orphan'))]), name: 'o.pdf' })).id;
    await db.update(uploads).set({ createdAt: sql`now() - make_interval(hours => 3)` }).where(eq(uploads.id, orphan));
    await db.update(settings).set({ orphanUploadGraceHours: 4 }).where(eq(settings.id, 1));
    await run();
    expect(await db.select().from(uploads).where(eq(uploads.id, orphan))).toHaveLength(1);
    await db.update(settings).set({ orphanUploadGraceHours: 2 }).where(eq(settings.id, 1));
    await run();
    expect(await db.select().from(uploads).where(eq(uploads.id, orphan))).toHaveLength(0);
  });
});
