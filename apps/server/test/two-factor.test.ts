import { Errno, REAUTH_WINDOW_MS, type StaffSessionResult } from '@flagship/api-client';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, updateStaff } from '../src/auth/staff';
import { DEMO_ADMIN } from '../src/db/seed';
import { auditLogs, staff, staffLoginChallenges, staffSessions } from '../src/db/schema';
import { staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, uniqueAccount, type TestClient, type TestServer } from './harness';

// Two-factor sign-in for staff (issue 16).

const PASSWORD = 'Second@Step-2026';

/** The code the authenticator shows `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe.each(drivers)('two-factor sign-in on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
  });
  afterAll(() => server?.close());

  async function newMember(role: 'admin' | 'reviewer' = 'reviewer'): Promise<{ account: string; client: StaffClient }> {
    const account = `tfa${uniqueAccount()}`;
    await createStaff(server.handle.db, { account, password: PASSWORD, role, name: '两步验证' });
    return { account, client: await staffLogin(server, account, PASSWORD) };
  }

  /** Turn two-factor sign-in on for the client's account; the secret and recovery codes. */
  async function enrol(c: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { secret } = await c.api.console.twoFactorStart();
    const { recoveryCodes } = await c.api.console.twoFactorConfirm({ code: await codeAt(secret) });
    return { secret, recoveryCodes };
  }

  /** Password step: the challenge of the second step. */
  async function passwordStep(account: string, c: TestClient = server.client()): Promise<{ c: TestClient; challenge: string }> {
    const answer = await c.api.console.login({ account, password: PASSWORD, captcha: await c.captcha() });
    if (!('secondStep' in answer)) throw new Error('expected a second step');
    return { c, challenge: answer.challenge };
  }

  /** Forget the last TOTP step used, so a test can sign in again within the same 30 s. */
  const forgetLastStep = (account: string) => server.handle.db.update(staff).set({ totpLastStep: null }).where(eq(staff.account, account));

  it('enrols: a secret and QR code, a wrong code refused, then 10 recovery codes once', async () => {
    const { client } = await newMember();
    expect(await client.api.console.twoFactorStatus()).toMatchObject({ enabled: false, recoveryCodesLeft: 0, required: false, enrolmentOnly: false });
    const start = await client.api.console.twoFactorStart();
    expect(start.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(start.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Not in use before it is confirmed.
    expect((await client.api.console.twoFactorStatus()).enabled).toBe(false);

    const wrong = await apiError(client.api.console.twoFactorConfirm({ code: '000000' }, { silent: true }));
    expect(wrong.errno).toBe(Errno.INVALID_INPUT);
    expect(wrong.fields.code).toMatch(/验证码错误/);
    const malformed = await apiError(client.api.console.twoFactorConfirm({ code: '12ab' }, { silent: true }));
    expect(malformed.errmsg).toMatch(/^验证码：一次性验证码应为 6 位数字/);

    const { recoveryCodes } = await client.api.console.twoFactorConfirm({ code: await codeAt(start.secret) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await client.api.console.twoFactorStatus()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Only hashes are stored.
    const [row] = await server.handle.db.select().from(staff).where(eq(staff.id, client.staffId));
    expect(JSON.stringify(row?.recoveryCodeHashes)).not.toContain(recoveryCodes[0]!.replace('-', ''));
    expect((await apiError(client.api.console.twoFactorStart(undefined, { silent: true }))).errno).toBe(Errno.CONFLICT);
  });

  it('signs in with a TOTP code after the password; the same code and the same challenge are refused again', async () => {
    const { account, client } = await newMember();
    const { secret } = await enrol(client);
    const { c, challenge } = await passwordStep(account);
    const wrong = await apiError(c.api.console.loginSecondStep({ challenge, code: '000000' }, { silent: true }));
    expect(wrong.errmsg).toMatch(/验证码错误/);
    const code = await codeAt(secret, 1);
    const session = await c.api.console.loginSecondStep({ challenge, code });
    expect(session.token).toMatch(/^stf_/);
    c.api.session.set({ token: session.token, id: session.id, account: session.account, enterprise_authentication_status: null });
    expect(await c.api.console.me()).toMatchObject({ account });

    // The challenge is single-use; the code's step was used: a replay is refused.
    expect((await apiError(c.api.console.loginSecondStep({ challenge, code }, { silent: true }))).fields.challenge).toBeTruthy();
    const again = await passwordStep(account);
    const replay = await apiError(again.c.api.console.loginSecondStep({ challenge: again.challenge, code }, { silent: true }));
    expect(replay.errno).toBe(Errno.INVALID_INPUT);
    expect(replay.fields.code).toMatch(/已使用/);
  });

  it('takes each recovery code once', async () => {
    const { account, client } = await newMember();
    const { recoveryCodes } = await enrol(client);
    const first = await passwordStep(account);
    const session = await first.c.api.console.loginSecondStep({ challenge: first.challenge, recoveryCode: recoveryCodes[3]!.toUpperCase() });
    expect(session.token).toMatch(/^stf_/);
    const second = await passwordStep(account);
    const refused = await apiError(second.c.api.console.loginSecondStep({ challenge: second.challenge, recoveryCode: recoveryCodes[3]! }, { silent: true }));
    expect(refused.fields.recoveryCode).toMatch(/已使用/);
    expect((await client.api.console.twoFactorStatus()).recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired challenge', async () => {
    const { account, client } = await newMember();
    const { secret } = await enrol(client);
    const { c, challenge } = await passwordStep(account);
    await server.handle.db.update(staffLoginChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(sql`true`);
    const expired = await apiError(c.api.console.loginSecondStep({ challenge, code: await codeAt(secret, 1) }, { silent: true }));
    expect(expired.errno).toBe(Errno.INVALID_INPUT);
    expect(expired.errmsg).toMatch(/已超时/);
  });

  it('counts wrong codes in the login brake like wrong passwords', async () => {
    const { account, client } = await newMember();
    const { secret } = await enrol(client);
    const { c, challenge } = await passwordStep(account);
    const errnos: number[] = [];
    for (let i = 0; i < 6; i++) errnos.push((await apiError(c.api.console.loginSecondStep({ challenge, code: '000000' }, { silent: true }))).errno);
    expect(errnos.slice(0, 4)).toEqual(Array(4).fill(Errno.INVALID_INPUT));
    expect(errnos.at(-1)).toBe(Errno.TOO_MANY_REQUESTS);
    // The right code waits too.
    const right = await apiError(c.api.console.loginSecondStep({ challenge, code: await codeAt(secret, 1) }, { silent: true }));
    expect(right.errno).toBe(Errno.TOO_MANY_REQUESTS);
  });

  it('re-authentication: a stale session must prove itself again before settings, by password or TOTP code', async () => {
    const current = await admin.api.console.settingsGet();
    const stale = () =>
      server.handle.db
        .update(staffSessions)
        .set({ verifiedAt: new Date(Date.now() - REAUTH_WINDOW_MS - 60_000) })
        .where(eq(staffSessions.staffId, admin.staffId));
    await stale();
    const refused = await apiError(admin.api.console.settingsUpdate({ ...current }, { silent: true }));
    expect(refused.errno).toBe(Errno.FORBIDDEN);
    expect(refused.data).toMatchObject({ reauth: true });
    expect(refused.errmsg).toMatch(/再次验证身份/);
    // Reading is not sensitive.
    await admin.api.console.settingsGet();
    expect((await apiError(admin.api.console.reauth({ password: 'wrong-one' }, { silent: true }))).fields.password).toBe('密码错误');
    await admin.api.console.reauth({ password: DEMO_ADMIN.password });
    await admin.api.console.settingsUpdate({ ...current });

    const { account, client } = await newMember('admin');
    const { secret } = await enrol(client);
    await server.handle.db
      .update(staffSessions)
      .set({ verifiedAt: new Date(Date.now() - REAUTH_WINDOW_MS - 60_000) })
      .where(eq(staffSessions.staffId, client.staffId));
    expect((await apiError(client.api.console.settingsUpdate({ ...current }, { silent: true }))).data).toMatchObject({ reauth: true });
    await forgetLastStep(account);
    await client.api.console.reauth({ code: await codeAt(secret) });
    await client.api.console.settingsUpdate({ ...current });
    await stale();
  });

  it('enforcement: a member without two-factor sign-in may only enrol, then everything again', async () => {
    await admin.api.console.reauth({ password: DEMO_ADMIN.password });
    const current = await admin.api.console.settingsGet();
    // An admin without it would lock themselves out: refused.
    const own = await apiError(admin.api.console.settingsUpdate({ ...current, staffTwoFactorRequired: true }, { silent: true }));
    expect(own.fields.staffTwoFactorRequired).toMatch(/为自己的账号启用两步验证/);
    const { client: enforcer } = await newMember('admin');
    await enrol(enforcer);
    const { account, client: open } = await newMember();
    try {
      await enforcer.api.console.settingsUpdate({ ...current, staffTwoFactorRequired: true });
      expect((await enforcer.api.console.settingsGet()).staffTwoFactorRequired).toBe(true);
      expect((await apiError(admin.api.console.settingsGet(undefined, { silent: true }))).errmsg).toMatch(/启用两步验证/);

      // An open session is held to it as well as a new one.
      const blocked = await apiError(open.api.console.projectOptions(undefined, { silent: true }));
      expect(blocked.errno).toBe(Errno.FORBIDDEN);
      expect(blocked.errmsg).toMatch(/启用两步验证/);
      const c = server.client();
      const answer = (await c.api.console.login({ account, password: PASSWORD, captcha: await c.captcha() })) as StaffSessionResult;
      expect(answer.enrolmentOnly).toBe(true);
      c.api.session.set({ token: answer.token, id: answer.id, account, enterprise_authentication_status: null });
      expect(await c.api.console.twoFactorStatus()).toMatchObject({ required: true, enrolmentOnly: true });
      expect((await apiError(c.api.console.applyList({ projectId: 1 }, { silent: true }))).errmsg).toMatch(/启用两步验证/);
      await c.api.console.me();
      await enrol(c);
      await c.api.console.projectOptions();
      await open.api.console.projectOptions();
    } finally {
      await server.handle.db.execute(sql`update settings set staff_two_factor_required = false`);
    }
  });

  it('disables with the password and a code, and regenerates recovery codes', async () => {
    const { account, client } = await newMember();
    const { secret, recoveryCodes } = await enrol(client);
    await forgetLastStep(account);
    const fresh = await client.api.console.twoFactorRecoveryCodes({ code: await codeAt(secret) });
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(fresh.recoveryCodes).not.toContain(recoveryCodes[0]);
    const wrongPassword = await apiError(client.api.console.twoFactorDisable({ password: 'nope-nope', recoveryCode: fresh.recoveryCodes[0]! }, { silent: true }));
    expect(wrongPassword.fields.password).toBe('密码错误');
    const oldCode = await apiError(client.api.console.twoFactorDisable({ password: PASSWORD, recoveryCode: recoveryCodes[0]! }, { silent: true }));
    expect(oldCode.fields.recoveryCode).toMatch(/恢复码/);
    expect(await client.api.console.twoFactorDisable({ password: PASSWORD, recoveryCode: fresh.recoveryCodes[0]! })).toMatchObject({ enabled: false });
    const c = server.client();
    const answer = await c.api.console.login({ account, password: PASSWORD, captcha: await c.captcha() });
    expect('token' in answer).toBe(true);
  });

  it('lets an operator reset a lost second factor (staff CLI), ending the member\'s sessions', async () => {
    const { account, client } = await newMember();
    await enrol(client);
    const updated = await updateStaff(server.handle.db, { account, resetTwoFactor: true });
    expect(updated.endedSessions).toBe(1);
    expect((await apiError(client.api.console.me(undefined, { silent: true }))).errno).toBe(Errno.SESSION_INVALID);
    const c = server.client();
    expect('token' in (await c.api.console.login({ account, password: PASSWORD, captcha: await c.captcha() }))).toBe(true);
  });

  it('never shows the secret after enrolment: not in any answer, not in the audit log', async () => {
    const { account, client } = await newMember();
    const { secret } = await enrol(client);
    const answers = [await client.api.console.twoFactorStatus(), await client.api.console.me(), await passwordStep(account).then((s) => s.challenge)];
    expect(JSON.stringify(answers)).not.toContain(secret);
    const entries = await server.handle.db.select({ detail: auditLogs.detail }).from(auditLogs);
    expect(JSON.stringify(entries)).not.toContain(secret);
    const audit = await admin.api.console.auditList({ keyword: 'twoFactor', page: 1, pageSize: 50 });
    expect(audit.list.some((entry) => entry.action === 'staff.twoFactorEnable')).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });
});
