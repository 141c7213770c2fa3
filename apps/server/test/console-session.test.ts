import { createApiClient, createMemorySessionStore, endpointList, Errno, REVIEWER_ENDPOINTS } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/auth/staff';
import { staffSessions } from '../src/db/schema';
import { auditOf, newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

describe.each(drivers)('console session and roles on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  let reviewer: StaffClient;

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
    reviewer = await newReviewer(server);
  });
  afterAll(() => server?.close());

  it('logs the demo admin in with a staff token and answers me', async () => {
    expect(admin.api.session.getToken()).toMatch(/^stf_/);
    expect(await admin.api.console.me()).toMatchObject({ account: 'admin', role: 'admin' });
    expect(await reviewer.api.console.me()).toMatchObject({ role: 'reviewer' });
    const [session] = await server.handle.db.select().from(staffSessions).where(eq(staffSessions.staffId, admin.staffId));
    // Only the hash is stored.
    expect(session?.tokenHash).not.toContain('stf_');
    const [entry] = await auditOf(server, 'staff.login');
    expect(entry).toMatchObject({ actorKind: 'staff', objectType: 'staff' });
    expect(entry?.ip).toBeTruthy();
  });

  it('refuses a wrong captcha, a wrong password and an unknown account', async () => {
    const c = server.client();
    await c.captcha();
    const captcha = await apiError(c.api.console.login({ account: 'admin', password: 'Flagship@2026', captcha: 'zzzz' }, { silent: true }));
    expect(captcha.errno).toBe(Errno.CAPTCHA_INVALID);
    const wrong = await apiError(c.api.console.login({ account: 'admin', password: 'nope-nope', captcha: await c.captcha() }, { silent: true }));
    expect(wrong.errno).toBe(Errno.INVALID_INPUT);
    expect(wrong.errmsg).toBe('账号或密码错误');
    const unknown = await apiError(c.api.console.login({ account: 'ghost', password: 'nope-nope', captcha: await c.captcha() }, { silent: true }));
    expect(unknown.errmsg).toBe('账号或密码错误');
    expect((await auditOf(server, 'staff.loginFailed')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad input with a message naming the field', async () => {
    const c = server.client();
    const error = await apiError(c.api.console.login({ account: '', password: 'x', captcha: 'abcd' }, { silent: true }));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.errmsg).toMatch(/^账号：/);
  });

  it('keeps applicant sessions out: 401 without a token, 403 with an applicant token, 1001 with a bad one', async () => {
    const anonymous = server.client();
    expect((await apiError(anonymous.api.console.me(undefined, { silent: true }))).errno).toBe(Errno.LOGIN_REQUIRED);

    const applicant = await server.newUser();
    expect((await apiError(applicant.api.console.me(undefined, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(applicant.api.console.projectList({}, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(applicant.api.console.applyList({ projectId: 1 }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);

    const session = createMemorySessionStore();
    session.set({ token: 'stf_not-a-real-token', account: 'x', enterprise_authentication_status: null });
    const forged = createApiClient({ baseUrl: server.baseUrl, session, policy: { onError: () => {}, reload: () => {} } });
    expect((await apiError(forged.console.me(undefined, { silent: true }))).errno).toBe(Errno.SESSION_INVALID);

    // A staff token opens nothing that needs an applicant.
    expect((await apiError(admin.api.project.myApplyList({}, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
  });

  it('lets a reviewer review but not publish', async () => {
    expect(await reviewer.api.console.authenticationList({})).toHaveProperty('list');
    expect(Array.isArray(await reviewer.api.console.projectOptions())).toBe(true);
    for (const call of [
      () => reviewer.api.console.projectList({}, { silent: true }),
      () => reviewer.api.console.projectPublish({ id: 1, published: false }, { silent: true }),
      () => reviewer.api.console.settingsGet(undefined, { silent: true }),
      () => reviewer.api.console.auditList({}, { silent: true }),
      () => reviewer.api.console.categoryCreate({ kind: 'policy', name: '审核员建的分类' }, { silent: true }),
    ]) {
      const error = await apiError(call());
      expect(error.errno).toBe(Errno.FORBIDDEN);
      expect(error.errmsg).toContain('仅管理员');
    }
  });

  it('names every console endpoint a reviewer may call, and only existing ones', () => {
    const names = endpointList.filter((e) => e.group === 'console').map((e) => e.name);
    for (const name of REVIEWER_ENDPOINTS) expect(names).toContain(name);
    for (const e of endpointList.filter((x) => x.group === 'console')) {
      expect(e.declaration.path.startsWith('/api/console/'), e.id).toBe(true);
      // Signing in (both steps) and accepting an expert's invitation come before any session.
      expect(e.declaration.auth, e.id).toBe(e.name === 'login' || e.name === 'loginSecondStep' || e.name === 'invitationAccept' ? 'public' : 'staff');
    }
  });

  it('searches the audit log by actor, action family, object, date and keyword', async () => {
    const created = await admin.api.console.categoryCreate({ kind: 'policy', name: '审计测试分类' });
    const byAction = await admin.api.console.auditList({ action: 'category.create' });
    expect(byAction.list[0]).toMatchObject({ actorKind: 'staff', actorAccount: 'admin', objectType: 'category', objectId: String(created.id) });
    expect(byAction.list[0]?.detail).toMatchObject({ name: '审计测试分类' });

    const family = await admin.api.console.auditList({ action: 'category.', actor: 'admin', objectType: 'category' });
    expect(family.list.every((e) => e.action.startsWith('category.'))).toBe(true);
    expect((await admin.api.console.auditList({ keyword: '审计测试分类' })).total).toBeGreaterThanOrEqual(1);
    expect((await admin.api.console.auditList({ actor: reviewer.account, action: 'category.create' })).total).toBe(0);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await admin.api.console.auditList({ from: future })).total).toBe(0);
    expect((await admin.api.console.auditList({ to: future, objectId: String(created.id), pageSize: 5 })).list.length).toBeGreaterThanOrEqual(1);

    const bad = await apiError(admin.api.console.auditList({ from: 'yesterday' }, { silent: true }));
    expect(bad.errno).toBe(Errno.INVALID_INPUT);
    expect(bad.errmsg).toMatch(/^开始时间：/);
  });

  it('ends the session on logout', async () => {
    const temp = await staffLogin(server);
    await temp.api.console.logout();
    expect((await apiError(temp.api.console.me(undefined, { silent: true }))).errno).toBe(Errno.SESSION_INVALID);
    expect((await auditOf(server, 'staff.logout'))[0]?.actorId).toBe(temp.staffId);
  });

  it('creates staff only with a strong password and a new account', async () => {
    await expect(createStaff(server.handle.db, { account: 'weakling', password: 'abc', role: 'reviewer' })).rejects.toThrow(/密码/);
    await expect(createStaff(server.handle.db, { account: 'weakling', password: 'Password123', role: 'reviewer' })).rejects.toThrow(/常见/);
    await expect(createStaff(server.handle.db, { account: 'weakling', password: 'Good#Pass2026', role: 'owner' })).rejects.toThrow(/角色/);
    await expect(createStaff(server.handle.db, { account: 'admin', password: 'Good#Pass2026', role: 'admin' })).rejects.toThrow(/已存在/);
    const made = await createStaff(server.handle.db, { account: 'Editor.Two', password: 'Good#Pass2026', role: 'admin' });
    expect(made.account).toBe('editor.two');
    const editor = await staffLogin(server, 'editor.two', 'Good#Pass2026');
    expect((await editor.api.console.me()).role).toBe('admin');
  });
});
