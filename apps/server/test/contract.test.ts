// The contract matrix of the account and content endpoints: who may call (401 / 1001, decided
// before the input is looked at), bad input named in Chinese (400), missing entries (404), and
// the lifetimes and storage of sessions and captchas.
import { createHash } from 'node:crypto';
import { Errno, type ApiClient } from '@flagship/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/rows';
import { apiError, drivers, startTestServer, uniqueAccount, type TestServer } from './harness';

describe.each(drivers)('contract matrix on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.handle.db.execute(query));

  // Inputs are invalid on purpose: the session is checked first, so they must not turn into 400.
  const needSession: [string, (api: ApiClient) => Promise<unknown>][] = [
    ['auth.editPassword', (api) => api.auth.editPassword({ oldPassword: '', password: 'short' })],
    ['auth.logout', (api) => api.auth.logout()],
    ['user.get', (api) => api.user.get({ id: 'abc' as unknown as number })],
    ['user.update', (api) => api.user.update({ id: 1, mobile: '12345', email: 'nope' })],
    ['user.twoFactorConfirm', (api) => api.user.twoFactorConfirm({ id: 1, code: '12ab', password: '' })],
    ['user.twoFactorDisable', (api) => api.user.twoFactorDisable({ id: 1 })],
  ];

  it.each(needSession)('%s: 401 without a token, before the input is validated', async (_name, call) => {
    const error = await apiError(call(server.client().api));
    expect([error.errno, error.status]).toEqual([Errno.LOGIN_REQUIRED, 401]);
  });

  it.each(needSession)('%s: 1001 with an unknown token, before the input is validated', async (_name, call) => {
    const c = server.client();
    c.api.session.set({ token: 'forged-token-value', id: 1, account: '13900000000', enterprise_authentication_status: null });
    const error = await apiError(call(c.api));
    expect([error.errno, error.status]).toEqual([Errno.SESSION_INVALID, 401]);
  });

  const badInput: [string, (api: ApiClient) => Promise<unknown>, string, string][] = [
    ['auth.login', (api) => api.auth.login({ account: 'not-an-account', password: 'whatever', captcha: 'abcd' }), 'account', '账号'],
    ['auth.sendCode', (api) => api.auth.sendCode({ account: 'nobody' }), 'account', '账号'],
    ['auth.findPassword', (api) => api.auth.findPassword({ account: '13900000000', code: '12ab', password: 'Fine-Password-1' }), 'code', '验证码'],
    ['auth.loginSecondStep', (api) => api.auth.loginSecondStep({ challenge: 'some-challenge', recoveryCode: 'short' }), 'recoveryCode', '恢复码'],
    ['auth.loginSecondStep', (api) => api.auth.loginSecondStep({ challenge: '', code: '123456' }), 'challenge', '登录凭据'],
    ['content.policyList', (api) => api.content.policyList({ pageSize: 1000 }), 'pageSize', '每页条数'],
    ['content.policyDetail', (api) => api.content.policyDetail({ id: 'abc' as unknown as number }), 'id', '编号'],
    ['content.expertList', (api) => api.content.expertList({ page: 0 }), 'page', '页码'],
    ['content.expertDetail', (api) => api.content.expertDetail({ id: -4 }), 'id', '编号'],
    ['enterprise.list', (api) => api.enterprise.list({ regionId: 'east' as unknown as number }), 'regionId', '地区'],
    ['enterprise.detail', (api) => api.enterprise.detail({ id: 0 }), 'id', '编号'],
  ];

  it.each(badInput)('%s: 400 naming the field in Chinese', async (_name, call, field, label) => {
    const error = await apiError(call(server.client().api));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.errmsg.startsWith(`${label}：`)).toBe(true);
    expect(error.fields).toHaveProperty([field]);
  });

  it("auth.editPassword: 400 naming the new password when it is too short", async () => {
    const user = await server.newUser();
    const error = await apiError(user.api.auth.editPassword({ oldPassword: user.password, password: 'short' }));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.errmsg).toMatch(/^密码：.*8/);
    expect(Object.keys(error.fields)).toEqual(['password']);
  });

  const details: [string, (api: ApiClient) => Promise<unknown>][] = [
    ['content.policyDetail', (api) => api.content.policyDetail({ id: 999_999 })],
    ['content.expertDetail', (api) => api.content.expertDetail({ id: 999_999 })],
    ['enterprise.detail', (api) => api.enterprise.detail({ id: 999_999 })],
  ];

  it.each(details)('%s: 404 for an entry that does not exist', async (_name, call) => {
    const error = await apiError(call(server.client().api));
    expect([error.errno, error.status]).toEqual([Errno.NOT_FOUND, 404]);
  });

  it('a session lasts 8 hours from login and is refused (1001) once that has passed', async () => {
    const user = await server.newUser();
    const [session] = await rows<{ lifetime: number }>(
      sql`select extract(epoch from (expires_at - created_at))::int as lifetime from sessions where user_id = ${user.userId}`,
    );
    expect(Number(session?.lifetime)).toBeGreaterThanOrEqual(8 * 3600 - 5);
    expect(Number(session?.lifetime)).toBeLessThanOrEqual(8 * 3600 + 5);
    expect((await user.api.user.get({ id: user.userId })).id).toBe(user.userId);

    // Eight hours later, as far as the session is concerned (a change made in the database reaches
    // the server's kept sessions with its notice, within moments).
    await server.handle.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.userId}`);
    await expect.poll(async () => (await apiError(user.api.user.get({ id: user.userId }))).errno, { timeout: 5_000 }).toBe(Errno.SESSION_INVALID);
  });

  it('stores tokens only as their hash', async () => {
    const user = await server.newUser();
    const token = user.api.session.getToken() as string;
    const stored = await rows<Record<string, unknown>>(sql`select * from sessions where user_id = ${user.userId}`);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('a captcha lives 5 minutes and is refused after that', async () => {
    const c = server.client();
    const answer = await c.captcha();
    const [issued] = await rows<{ left: number }>(sql`select extract(epoch from (expires_at - now()))::int as "left" from captchas order by expires_at desc limit 1`);
    expect(Number(issued?.left)).toBeGreaterThan(300 - 10);
    expect(Number(issued?.left)).toBeLessThanOrEqual(300);

    // Five minutes later.
    await server.handle.db.execute(sql`update captchas set expires_at = now() - interval '1 second' where used_at is null`);
    const error = await apiError(c.api.auth.register({ account: uniqueAccount(), password: 'Expired-Captcha-1', captcha: answer }));
    expect(error.errno).toBe(Errno.CAPTCHA_INVALID);
    expect(error.errmsg).toContain('过期');
  });

  it('a captcha answer is accepted in either case', async () => {
    const c = server.client();
    let answer = await c.captcha();
    for (let i = 0; i < 20 && !/[a-z]/i.test(answer); i++) answer = await c.captcha();
    const swapped = [...answer].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');
    expect(swapped).not.toBe(answer);
    const account = uniqueAccount();
    expect((await c.api.auth.register({ account, password: 'Either-Case-2026', captcha: swapped })).account).toBe(account);
  });
});
