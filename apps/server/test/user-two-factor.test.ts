// Optional two-factor sign-in for applicants (issue 16): TOTP and recovery codes, the same second step as staff.
import { Errno } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { apiError, drivers, startTestServer, type TestClient, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

/** The code the authenticator shows `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe.each(drivers)('applicant two-factor sign-in on %s', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  async function enrol(user: User): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { secret } = await user.api.user.twoFactorStart({ id: user.userId });
    const { recoveryCodes } = await user.api.user.twoFactorConfirm({ id: user.userId, code: await codeAt(secret), password: user.password });
    return { secret, recoveryCodes };
  }

  /** Password step: the challenge of the second step. */
  async function passwordStep(user: User, password = user.password, c: TestClient = server.client()): Promise<{ c: TestClient; challenge: string }> {
    const answer = await c.api.auth.login({ account: user.account, password, captcha: await c.captcha() });
    if (!('secondStep' in answer)) throw new Error('expected a second step');
    expect(answer).toMatchObject({ secondStep: 'twoFactor', totp: true, passkey: null, account: user.account });
    return { c, challenge: answer.challenge };
  }

  /** Forget the last TOTP step used, so a test can use a code of the same 30 s again. */
  const forgetLastStep = (user: User) => server.handle.db.update(users).set({ totpLastStep: null }).where(eq(users.id, user.userId));

  it('enrols: QR code and secret, a wrong code refused naming the field, then 10 recovery codes once, stored as hashes', async () => {
    const user = await server.newUser();
    expect(await user.api.user.twoFactorStatus({ id: user.userId })).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const start = await user.api.user.twoFactorStart({ id: user.userId });
    expect(start.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.otpauthUri).toContain(encodeURIComponent(user.account).replace('%40', '@'));
    expect(start.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await user.api.user.twoFactorStatus({ id: user.userId })).enabled).toBe(false);

    // The password again: an open session alone does not bind a phone to the account.
    const noPassword = await apiError(user.api.user.twoFactorConfirm({ id: user.userId, code: await codeAt(start.secret) } as never, { silent: true }));
    expect(noPassword.errmsg).toBe('密码：请输入登录密码');
    const wrongPassword = await apiError(user.api.user.twoFactorConfirm({ id: user.userId, code: await codeAt(start.secret), password: 'Not-The-Password-1' }, { silent: true }));
    expect(wrongPassword.errmsg).toBe('登录密码：密码不正确');
    expect((await user.api.user.twoFactorStatus({ id: user.userId })).enabled).toBe(false);

    const wrong = await apiError(user.api.user.twoFactorConfirm({ id: user.userId, code: '000000', password: user.password }, { silent: true }));
    expect(wrong.errno).toBe(Errno.INVALID_INPUT);
    expect(wrong.errmsg).toMatch(/^一次性验证码：/);
    expect(wrong.fields.code).toMatch(/验证码错误/);
    const malformed = await apiError(user.api.user.twoFactorConfirm({ id: user.userId, code: '12ab', password: user.password }, { silent: true }));
    expect(malformed.errno).toBe(Errno.INVALID_INPUT);
    expect(malformed.errmsg).toMatch(/^验证码：一次性验证码应为 6 位数字/);

    const { recoveryCodes } = await user.api.user.twoFactorConfirm({ id: user.userId, code: await codeAt(start.secret), password: user.password });
    expect(recoveryCodes).toHaveLength(10);
    expect(await user.api.user.twoFactorStatus({ id: user.userId })).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const [row] = await server.handle.db.select().from(users).where(eq(users.id, user.userId));
    expect(JSON.stringify(row?.recoveryCodeHashes)).not.toContain(recoveryCodes[0]!.replace('-', ''));
    expect((await apiError(user.api.user.twoFactorStart({ id: user.userId }, { silent: true }))).errno).toBe(Errno.CONFLICT);

    // Only the owner.
    const other = await server.newUser();
    expect((await apiError(other.api.user.twoFactorStatus({ id: user.userId }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(other.api.user.twoFactorStart({ id: user.userId }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
  });

  it('asks for the second step after the password; signs in with a TOTP code once; the challenge and the code are single-use', async () => {
    const user = await server.newUser();
    const { secret } = await enrol(user);
    const { c, challenge } = await passwordStep(user);
    // The challenge is no session.
    const holder = server.client();
    holder.api.session.set({ token: challenge, id: user.userId, account: user.account, enterprise_authentication_status: null });
    expect((await apiError(holder.api.user.get({ id: user.userId }, { silent: true }))).errno).toBe(Errno.SESSION_INVALID);

    const wrong = await apiError(c.api.auth.loginSecondStep({ challenge, code: '000000' }, { silent: true }));
    expect(wrong.errno).toBe(Errno.INVALID_INPUT);
    expect(wrong.fields.code).toMatch(/验证码错误/);
    const code = await codeAt(secret, 1);
    const info = await c.api.auth.loginSecondStep({ challenge, code });
    expect(info).toMatchObject({ id: user.userId, account: user.account, enterprise_authentication_status: null });
    c.api.session.set(info);
    expect((await c.api.user.get({ id: user.userId })).account).toBe(user.account);

    expect((await apiError(c.api.auth.loginSecondStep({ challenge, code }, { silent: true }))).fields.challenge).toBeTruthy();
    const again = await passwordStep(user);
    const replay = await apiError(again.c.api.auth.loginSecondStep({ challenge: again.challenge, code }, { silent: true }));
    expect(replay.fields.code).toMatch(/已使用/);

    // Neither code nor recovery code, or both: 400 naming the field.
    const none = await apiError(again.c.api.auth.loginSecondStep({ challenge: again.challenge }, { silent: true }));
    expect(none.errno).toBe(Errno.INVALID_INPUT);
    expect(none.errmsg).toMatch(/^验证码：/);
  });

  it('takes each recovery code once, and says so in the audit log', async () => {
    const user = await server.newUser();
    const { recoveryCodes } = await enrol(user);
    const first = await passwordStep(user);
    const info = await first.c.api.auth.loginSecondStep({ challenge: first.challenge, recoveryCode: recoveryCodes[2]!.toUpperCase() });
    expect(info.id).toBe(user.userId);
    const second = await passwordStep(user);
    const refused = await apiError(second.c.api.auth.loginSecondStep({ challenge: second.challenge, recoveryCode: recoveryCodes[2]! }, { silent: true }));
    expect(refused.errno).toBe(Errno.INVALID_INPUT);
    expect(refused.fields.recoveryCode).toMatch(/已使用/);
    expect((await user.api.user.twoFactorStatus({ id: user.userId })).recoveryCodesLeft).toBe(9);
    // Another applicant's challenge does not open this account, nor a staff sign-in.
    const staffAnswer = await apiError(second.c.api.console.loginSecondStep({ challenge: second.challenge, recoveryCode: recoveryCodes[4]! }, { silent: true }));
    expect(staffAnswer.fields.challenge).toBeTruthy();
  });

  it('counts wrong codes in the login brake: after five, even the right code waits', async () => {
    const user = await server.newUser();
    const { secret } = await enrol(user);
    const { c, challenge } = await passwordStep(user);
    const errnos: number[] = [];
    for (let i = 0; i < 6; i++) errnos.push((await apiError(c.api.auth.loginSecondStep({ challenge, code: '000000' }, { silent: true }))).errno);
    expect(errnos.slice(0, 4)).toEqual(Array(4).fill(Errno.INVALID_INPUT));
    expect(errnos.at(-1)).toBe(Errno.TOO_MANY_REQUESTS);
    const right = await apiError(c.api.auth.loginSecondStep({ challenge, code: await codeAt(secret, 1) }, { silent: true }));
    expect(right.errno).toBe(Errno.TOO_MANY_REQUESTS);
  });

  it('a password reset does not wipe the count of wrong codes: the mailbox alone buys no fresh guesses', async () => {
    const user = await server.newUser();
    await enrol(user);
    const { c, challenge } = await passwordStep(user);
    for (let i = 0; i < 5; i++) await apiError(c.api.auth.loginSecondStep({ challenge, code: '000000' }, { silent: true }));
    const reset = server.client();
    await reset.api.auth.sendCode({ account: user.account });
    await reset.api.auth.findPassword({ account: user.account, code: await server.codeFor(user.account), password: 'Recovered-Pass-7y' });
    const after = server.client();
    const refused = await apiError(after.api.auth.login({ account: user.account, password: 'Recovered-Pass-7y', captcha: await after.captcha() }, { silent: true }));
    expect(refused.errno).toBe(Errno.TOO_MANY_REQUESTS);
  });

  it('a password reset leaves two-factor sign-in on: the new password still leads to the second step', async () => {
    const user = await server.newUser();
    const { secret } = await enrol(user);
    const c = server.client();
    await c.api.auth.sendCode({ account: user.account });
    await c.api.auth.findPassword({ account: user.account, code: await server.codeFor(user.account), password: 'Recovered-Pass-9x' });
    const step = await passwordStep(user, 'Recovered-Pass-9x');
    const info = await step.c.api.auth.loginSecondStep({ challenge: step.challenge, code: await codeAt(secret, 1) });
    expect(info.id).toBe(user.userId);
  });

  it('regenerates recovery codes with a code (the old ones void), and turns off with the password, a code or a recovery code', async () => {
    const user = await server.newUser();
    const { secret, recoveryCodes } = await enrol(user);
    const wrong = await apiError(user.api.user.twoFactorRecoveryCodes({ id: user.userId, code: '000000' }, { silent: true }));
    expect(wrong.fields.code).toMatch(/验证码错误/);
    const fresh = (await user.api.user.twoFactorRecoveryCodes({ id: user.userId, code: await codeAt(secret, 1) })).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await passwordStep(user);
    expect((await apiError(old.c.api.auth.loginSecondStep({ challenge: old.challenge, recoveryCode: recoveryCodes[0]! }, { silent: true }))).fields.recoveryCode).toBeTruthy();

    const badPassword = await apiError(user.api.user.twoFactorDisable({ id: user.userId, password: 'not-the-password' }, { silent: true }));
    expect(badPassword.errno).toBe(Errno.INVALID_INPUT);
    expect(badPassword.fields.password).toMatch(/不正确/);
    const both = await apiError(user.api.user.twoFactorDisable({ id: user.userId, password: user.password, code: '123456' }, { silent: true }));
    expect(both.errmsg).toMatch(/^密码：请输入密码、一次性验证码或恢复码/);
    expect((await user.api.user.twoFactorStatus({ id: user.userId })).enabled).toBe(true);

    expect(await user.api.user.twoFactorDisable({ id: user.userId, password: user.password })).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const plain = server.client();
    expect('token' in (await plain.api.auth.login({ account: user.account, password: user.password, captcha: await plain.captcha() }))).toBe(true);

    // On again with a new secret; off with a recovery code, then on and off with a code.
    const second = await enrol(user);
    await user.api.user.twoFactorDisable({ id: user.userId, recoveryCode: second.recoveryCodes[5]! });
    const third = await enrol(user);
    await forgetLastStep(user);
    expect((await apiError(user.api.user.twoFactorDisable({ id: user.userId, code: '000000' }, { silent: true }))).fields.code).toMatch(/验证码错误/);
    expect((await user.api.user.twoFactorDisable({ id: user.userId, code: await codeAt(third.secret) })).enabled).toBe(false);
    expect((await apiError(user.api.user.twoFactorDisable({ id: user.userId, password: user.password }, { silent: true }))).errno).toBe(Errno.CONFLICT);
  });

  it('says in the personal data copy whether two-factor sign-in is on, never the secret or the codes', async () => {
    const user = await server.newUser();
    const { secret, recoveryCodes } = await enrol(user);
    const response = await fetch(`${server.baseUrl}/api/user/${user.userId}/personal-data?authkey=${encodeURIComponent(user.api.session.getToken()!)}`);
    expect(response.status).toBe(200);
    const json = strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))['个人数据.json']!);
    const record = JSON.parse(json) as { account: { twoFactor: { enabled: boolean; enabledAt: string | null } } };
    expect(record.account.twoFactor.enabled).toBe(true);
    expect(record.account.twoFactor.enabledAt).toMatch(/^\d{4}-/);
    expect(json).not.toContain(secret);
    expect(json).not.toMatch(/totp|recoveryCode/i);
    expect(json).not.toContain(recoveryCodes[0]!);
  });
});
