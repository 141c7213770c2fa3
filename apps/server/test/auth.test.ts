import { randomBytes, scryptSync } from 'node:crypto';
import { Errno, type ApiError } from '@flagship/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/rows';
import { databaseRateLimitStore } from '../src/plugins/rate-limit-store';
import { apiError, drivers, startTestServer, uniqueAccount, type TestClient, type TestServer, signedIn } from './harness';

describe.each(drivers)('accounts and sessions on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  it('registers, logs in with the captcha and returns token and user info', async () => {
    const c = server.client();
    const account = uniqueAccount();
    const registered = await c.api.auth.register({ account, password: 'Orchid-Lantern-58', captcha: await c.captcha() });
    expect(registered.account).toBe(account);
    const info = signedIn(await c.api.auth.login({ account, password: 'Orchid-Lantern-58', captcha: await c.captcha() }));
    expect(info).toMatchObject({ id: registered.id, account, enterprise_authentication_status: null });
    // At least 128 random bits.
    expect(Buffer.from(info.token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('rehashes a password stored with weaker parameters on the next login', async () => {
    const user = await server.newUser();
    const salt = randomBytes(16);
    const weak = `scrypt$1024$8$1$${salt.toString('base64')}$${scryptSync(user.password, salt, 64, { N: 1024, r: 8, p: 1 }).toString('base64')}`;
    await server.handle.db.execute(sql`update users set password_hash = ${weak} where id = ${user.userId}`);
    const c = server.client();
    await c.api.auth.login({ account: user.account, password: user.password, captcha: await c.captcha() });
    const [row] = rowsOf<{ password_hash: string }>(await server.handle.db.execute(sql`select password_hash from users where id = ${user.userId}`));
    // Today's cost is the suite's (test/setup.ts); production's is held in src/db/password.test.ts.
    expect(row?.password_hash).toMatch(/^scrypt\$2048\$8\$1\$/);
    await c.api.auth.login({ account: user.account, password: user.password, captcha: await c.captcha() });
  });

  it('refuses a duplicate account with 409', async () => {
    const user = await server.newUser();
    const c = server.client();
    const error = await apiError(c.api.auth.register({ account: user.account, password: 'Another-Pass-77', captcha: await c.captcha() }));
    expect(error.errno).toBe(Errno.CONFLICT);
  });

  it('accepts e-mail accounts case-insensitively', async () => {
    const c = server.client();
    const account = `Poet.${Date.now()}@Example.org`;
    await c.api.auth.register({ account, password: 'Quiet-River-2026', captcha: await c.captcha() });
    const info = signedIn(await c.api.auth.login({ account: account.toUpperCase(), password: 'Quiet-River-2026', captcha: await c.captcha() }));
    expect(info.account).toBe(account.toLowerCase());
  });

  it('names the field and the rule of bad input in Chinese', async () => {
    const c = server.client();
    const error = await apiError(c.api.auth.register({ account: 'not-an-account', password: 'short', captcha: 'x' }));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.errmsg).toMatch(/^账号：/);
    expect(error.fields).toMatchObject({ account: expect.any(String), password: expect.stringContaining('8') });
  });

  it('refuses passwords zxcvbn finds easy to guess, naming the field', async () => {
    const c = server.client();
    for (const password of ['Password123!', 'Qwer1234!']) {
      const error = await apiError(c.api.auth.register({ account: uniqueAccount(), password, captcha: await c.captcha() }));
      expect(error.errno).toBe(Errno.INVALID_INPUT);
      expect(error.message).toMatch(/^密码：过于常见或容易被猜到（强度：弱）/);
      expect(error.fields.password).toContain('常用密码');
    }
  });

  it('rejects a wrong captcha (1002), and a captcha is used only once', async () => {
    const c = server.client();
    const answer = await c.captcha();
    const wrong = await apiError(c.api.auth.login({ account: uniqueAccount(), password: 'whatever-123', captcha: `${answer}x` }));
    expect(wrong.errno).toBe(Errno.CAPTCHA_INVALID);
    const reused = await apiError(c.api.auth.login({ account: uniqueAccount(), password: 'whatever-123', captcha: answer }));
    expect(reused.errno).toBe(Errno.CAPTCHA_INVALID);
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    const user = await server.newUser();
    const c = server.client();
    const wrong = await apiError(c.api.auth.login({ account: user.account, password: 'not-the-password', captcha: await c.captcha() }));
    const unknown = await apiError(c.api.auth.login({ account: uniqueAccount(), password: 'not-the-password', captcha: await c.captcha() }));
    expect([wrong.errno, wrong.errmsg]).toEqual([unknown.errno, unknown.errmsg]);
  });

  it('serves the captcha as an image that is not cached', async () => {
    const response = await fetch(`${server.baseUrl}/api/verify`);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(response.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
  });

  it('401 without a token, 1001 with an unknown one, and logout revokes the session', async () => {
    const user = await server.newUser();
    const anonymous = server.client();
    expect((await apiError(anonymous.api.user.get({ id: user.userId }))).errno).toBe(Errno.LOGIN_REQUIRED);

    const forged = server.client();
    forged.api.session.set({ token: 'forged-token-value', id: user.userId, account: user.account, enterprise_authentication_status: null });
    expect((await apiError(forged.api.user.get({ id: user.userId }))).errno).toBe(Errno.SESSION_INVALID);

    expect((await user.api.user.get({ id: user.userId })).account).toBe(user.account);
    await user.api.auth.logout();
    const after = await apiError(user.api.user.get({ id: user.userId }));
    expect(after.errno).toBe(Errno.SESSION_INVALID);
    expect(after.status).toBe(401);
  });

  it('changes the password: old one required, other sessions end, this one goes on', async () => {
    const user = await server.newUser();
    const other = server.client();
    other.api.session.set(signedIn(await other.api.auth.login({ account: user.account, password: user.password, captcha: await other.captcha() })));

    const wrong = await apiError(user.api.auth.editPassword({ oldPassword: 'not-it-at-all', password: 'Brand-New-Pass-1' }));
    expect(wrong.errno).toBe(Errno.INVALID_INPUT);
    expect(wrong.fields).toHaveProperty('oldPassword');

    await user.api.auth.editPassword({ oldPassword: user.password, password: 'Brand-New-Pass-1' });
    expect((await user.api.user.get({ id: user.userId })).id).toBe(user.userId);
    expect((await apiError(other.api.user.get({ id: user.userId }))).errno).toBe(Errno.SESSION_INVALID);

    const c = server.client();
    await c.api.auth.login({ account: user.account, password: 'Brand-New-Pass-1', captcha: await c.captcha() });
  });

  it('finds a forgotten password through a 6-digit code from the outbox, once', async () => {
    const user = await server.newUser();
    const c = server.client();
    const sent = await c.api.auth.sendCode({ account: user.account });
    expect(sent).toEqual({ cooldown: 60, expiresIn: 10 });
    const code = await server.codeFor(user.account);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await apiError(c.api.auth.findPassword({ account: user.account, code: wrongCode, password: 'Recovered-Pass-9' }))).errno).toBe(Errno.CODE_INVALID);
    await c.api.auth.findPassword({ account: user.account, code, password: 'Recovered-Pass-9' });
    // All sessions end; the code cannot be used again.
    expect((await apiError(user.api.user.get({ id: user.userId }))).errno).toBe(Errno.SESSION_INVALID);
    expect((await apiError(c.api.auth.findPassword({ account: user.account, code, password: 'Another-Pass-10' }))).errno).toBe(Errno.CODE_INVALID);
    await c.api.auth.login({ account: user.account, password: 'Recovered-Pass-9', captcha: await c.captcha() });
  });

  it('answers send_code alike for unknown accounts, with a cooldown per account', async () => {
    const c = server.client();
    const account = uniqueAccount();
    expect(await c.api.auth.sendCode({ account })).toEqual({ cooldown: 60, expiresIn: 10 });
    const again = await apiError(c.api.auth.sendCode({ account }));
    expect(again.errno).toBe(Errno.TOO_MANY_REQUESTS);
    expect(again.data).toMatchObject({ retryAfter: expect.any(Number) });
    expect((await server.outbox()).some((m) => m.includes(account))).toBe(false);
  });

  it('answers a wrong code byte for byte alike for a real account and an unknown one', async () => {
    const user = await server.newUser();
    const ghost = uniqueAccount();
    const c = server.client();
    const findPassword = async (account: string, code: string) => {
      const response = await c.fetch(`${server.baseUrl}/api/user/findPassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, code, password: 'Recovered-Pass-9' }),
      });
      return `${response.status} ${await response.text()}`;
    };
    // No code asked for yet.
    expect(await findPassword(user.account, '123456')).toBe(await findPassword(ghost, '123456'));
    await c.api.auth.sendCode({ account: user.account });
    await c.api.auth.sendCode({ account: ghost });
    const code = await server.codeFor(user.account);
    const wrong = code === '123456' ? '654321' : '123456';
    const known = await findPassword(user.account, wrong);
    expect(known).toMatch(/^400 \{"errno":1003,/);
    expect(await findPassword(ghost, wrong)).toBe(known);
    // Past the five tries as well.
    for (let i = 0; i < 4; i++) await Promise.all([findPassword(user.account, wrong), findPassword(ghost, wrong)]);
    const spent = await findPassword(user.account, code);
    expect(spent).toContain('次数');
    expect(await findPassword(ghost, code)).toBe(spent);
  });

  /** A user, a client that asked for a code for them, the code and a wrong one. */
  const codeSent = async () => {
    const user = await server.newUser();
    const c = server.client();
    await c.api.auth.sendCode({ account: user.account });
    const code = await server.codeFor(user.account);
    return { user, c, code, wrong: code === '123456' ? '654321' : '123456' };
  };

  it('locks a code after 5 wrong tries', async () => {
    const { user, c, code, wrong } = await codeSent();
    for (let i = 0; i < 5; i++) await apiError(c.api.auth.findPassword({ account: user.account, code: wrong, password: 'Locked-Out-Pass-1' }));
    const locked = await apiError(c.api.auth.findPassword({ account: user.account, code, password: 'Locked-Out-Pass-1' }));
    expect(locked.errno).toBe(Errno.CODE_INVALID);
    expect(locked.errmsg).toContain('次数');
  });

  it('counts parallel wrong guesses one by one: at most 5, and the right code is refused after them', async () => {
    const { user, c, code, wrong } = await codeSent();
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => apiError(c.api.auth.findPassword({ account: user.account, code: wrong, password: 'Parallel-Guess-1' }))),
    );
    expect(guesses.filter((e) => e.errmsg.includes('次数'))).toHaveLength(3);
    const [row] = rowsOf<{ attempts: number }>(
      await server.handle.db.execute(sql`select attempts from verification_codes where account = ${user.account} order by created_at desc limit 1`),
    );
    expect(Number(row?.attempts)).toBe(5);
    const locked = await apiError(c.api.auth.findPassword({ account: user.account, code, password: 'Parallel-Guess-1' }));
    expect(locked.errno).toBe(Errno.CODE_INVALID);
    expect(locked.errmsg).toContain('次数');
  });
});

describe.each(drivers)('send_code with a mail server that is down on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: every mail fails to go out.
    server = await startTestServer(driver, { smtpUrl: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => server?.close());

  it('answers an existing account exactly as an unknown one', async () => {
    const user = await server.newUser(`mailer.${Date.now()}@example.org`);
    const c = server.client();
    const known = await c.api.auth.sendCode({ account: user.account });
    const unknown = await c.api.auth.sendCode({ account: `nobody.${Date.now()}@example.org` });
    expect(known).toEqual(unknown);
    expect(c.errors).toEqual([]);
  });
});

describe.each(drivers)('users on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  it('reads and edits only your own user', async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    const updated = await alice.api.user.update({ id: alice.userId, name: '林晓雯', email: 'xiaowen@example.org', mobile: '13912345678' });
    expect(updated).toMatchObject({ name: '林晓雯', email: 'xiaowen@example.org', mobile: '13912345678' });
    expect((await apiError(bob.api.user.get({ id: alice.userId }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(bob.api.user.update({ id: alice.userId, name: '冒名' }))).errno).toBe(Errno.FORBIDDEN);
    expect((await alice.api.user.get({ id: alice.userId })).name).toBe('林晓雯');
  });

  it('validates the editable fields', async () => {
    const user = await server.newUser();
    const error = await apiError(user.api.user.update({ id: user.userId, mobile: '12345', email: 'nope' }));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(Object.keys(error.fields).sort()).toEqual(['email', 'mobile']);
    expect(error.errmsg).toMatch(/手机号码|电子邮箱/);
  });
});

describe.each(drivers)('rate limits on %s', (driver) => {
  const max = 3;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { rateLimit: { max, windowMs: 60_000 } });
  });
  afterAll(() => server?.close());

  const resetCounters = () => server.handle.db.execute(sql`delete from rate_limits`);
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: ApiError) => error.errno,
    );

  it('counts each endpoint on its own: using up the captcha budget leaves login and register alone', async () => {
    await resetCounters();
    const c = server.client();
    const captchas = [];
    for (let i = 0; i <= max; i++) captchas.push(await outcome(c.api.auth.captcha()));
    expect(captchas).toEqual([200, 200, 200, Errno.TOO_MANY_REQUESTS]);
    const register = await outcome(c.api.auth.register({ account: uniqueAccount(), password: 'Whatever-Pass-1', captcha: 'abcd' }));
    const login = await outcome(c.api.auth.login({ account: uniqueAccount(), password: 'Whatever-Pass-1', captcha: 'abcd' }));
    expect([register, login]).toEqual([Errno.CAPTCHA_INVALID, Errno.CAPTCHA_INVALID]);
  });

  const limited: [string, (c: TestClient) => Promise<unknown>][] = [
    ['captcha', (c) => c.api.auth.captcha()],
    ['login', (c) => c.api.auth.login({ account: uniqueAccount(), password: 'Whatever-Pass-1', captcha: 'abcd' })],
    ['register', (c) => c.api.auth.register({ account: uniqueAccount(), password: 'Whatever-Pass-1', captcha: 'abcd' })],
    // A new account each time, so that the per-account cooldown does not answer first.
    ['send_code', (c) => c.api.auth.sendCode({ account: uniqueAccount() })],
    ['findPassword', (c) => c.api.auth.findPassword({ account: uniqueAccount(), code: '123456', password: 'Whatever-Pass-1' })],
    ['checkAccessPassword', (c) => c.api.auth.checkAccessPassword({ password: 'not-the-password' })],
  ];

  it.each(limited)('%s answers 429 with retryAfter past its own limit', async (_name, call) => {
    await resetCounters();
    const c = server.client();
    const before = [];
    for (let i = 0; i < max; i++) before.push(await outcome(call(c)));
    expect(before).not.toContain(Errno.TOO_MANY_REQUESTS);
    const refused = await apiError(call(c));
    expect(refused.errno).toBe(Errno.TOO_MANY_REQUESTS);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ retryAfter: expect.any(Number) });
    expect((refused.data as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
  });

  it('counts HEAD against the same budget as GET', async () => {
    await resetCounters();
    const c = server.client();
    for (let i = 0; i < max; i++) await c.api.auth.captcha();
    const head = await fetch(`${server.baseUrl}/api/verify`, { method: 'HEAD' });
    expect(head.status).toBe(429);
  });

  it('deletes the counters of windows that have ended', async () => {
    await resetCounters();
    await server.handle.db.execute(sql`insert into rate_limits (key, count, reset_at) values ('stale', 9, now() - interval '1 hour')`);
    // A new store deletes ended windows on its first count.
    const store = new (databaseRateLimitStore(server.handle.db))({} as never).child({ routeInfo: { method: 'GET', url: '/api/verify' } } as never);
    await new Promise<void>((resolve, reject) => store.incr('127.0.0.1', (error) => (error ? reject(error) : resolve()), 60_000, max));
    await expect.poll(async () => rowsOf<{ key: string }>(await server.handle.db.execute(sql`select key from rate_limits`)).map((r) => r.key)).toEqual([
      'GET /api/verify:127.0.0.1',
    ]);
  });
});
