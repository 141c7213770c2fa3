import { Errno, type PowChallenge } from '@flagship/api-client';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, drivers, startTestServer, uniqueAccount, type TestClient, type TestServer } from './harness';

/** What the `altcha` widget puts in the form: the challenge and its solution, base64 JSON. */
async function solve(challenge: PowChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const solved = async (c: TestClient) => solve(await c.api.auth.challenge());

describe.each(drivers)('proof-of-work captcha on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  it('registers and logs in with solved challenges, each usable once', async () => {
    const c = server.client();
    const account = uniqueAccount();
    await c.api.auth.register({ account, password: 'Orchid-Lantern-58', captcha: await solved(c) });
    const payload = await solved(c);
    const info = await c.api.auth.login({ account, password: 'Orchid-Lantern-58', captcha: payload });
    expect(info.account).toBe(account);
    // A replay, even from another client, finds the challenge used.
    const replay = await apiError(server.client().api.auth.login({ account, password: 'Orchid-Lantern-58', captcha: payload }));
    expect(replay.errno).toBe(Errno.CAPTCHA_INVALID);
    expect(replay.message).toBe('人机验证已过期或已使用，请重新验证');
  });

  it('refuses a wrong solution, a forged or unreadable payload, and an expired challenge, naming the field', async () => {
    const c = server.client();
    const challenge = await c.api.auth.challenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    const wrong = Buffer.from(JSON.stringify({ challenge, solution: { ...solution, counter: solution!.counter + 1 } })).toString('base64');
    const refused = await apiError(c.api.auth.login({ account: uniqueAccount(), password: 'Whatever-Pass-1', captcha: wrong }));
    expect(refused.errno).toBe(Errno.CAPTCHA_INVALID);
    expect(refused.message).toBe('人机验证未通过，请重新验证');
    expect(refused.fields).toEqual({ captcha: '人机验证未通过，请重新验证' });

    // A cheaper challenge made up by the client breaks the signature.
    const own = await c.api.auth.challenge();
    const forged = { ...own, parameters: { ...own.parameters, data: { ...own.parameters.data, level: 0 } } };
    const forgedError = await apiError(c.api.auth.login({ account: uniqueAccount(), password: 'Whatever-Pass-1', captcha: await solve(forged) }));
    expect(forgedError.message).toBe('人机验证未通过，请重新验证');

    const garbage = await apiError(c.api.auth.login({ account: uniqueAccount(), password: 'Whatever-Pass-1', captcha: 'x'.repeat(40) }));
    expect(garbage.errno).toBe(Errno.CAPTCHA_INVALID);
    expect(garbage.message).toBe('人机验证结果无法识别，请重新验证');

    const late = await c.api.auth.challenge();
    const payload = await solve(late);
    await server.handle.db.execute(sql`update captchas set expires_at = now() - interval '1 second' where id = ${late.parameters.data!.id as string}`);
    const expired = await apiError(c.api.auth.login({ account: uniqueAccount(), password: 'Whatever-Pass-1', captcha: payload }));
    expect(expired.message).toBe('人机验证已过期或已使用，请重新验证');
  });

  it('still takes the image captcha (GET /api/verify), and neither kind stands in for the other', async () => {
    const c = server.client();
    const user = await server.newUser();
    const info = await c.api.auth.login({ account: user.account, password: user.password, captcha: await c.captcha() });
    expect(info.account).toBe(user.account);
    await c.api.auth.challenge();
    const noImage = await apiError(c.api.auth.login({ account: user.account, password: user.password, captcha: 'abcd' }));
    expect(noImage.errno).toBe(Errno.CAPTCHA_INVALID);
  });

  it('raises the cost for an address that keeps asking, within a few seconds of work', async () => {
    // Each test server starts empty; this address has taken the challenges above.
    await server.handle.db.execute(sql`delete from captchas`);
    const c = server.client();
    const levels: number[] = [];
    for (let i = 0; i < 11; i++) levels.push(Number((await c.api.auth.challenge()).parameters.data!.level));
    expect(levels).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 4]);
    const hard = await c.api.auth.challenge();
    const solution = await solveChallenge({ challenge: hard, deriveKey });
    expect(solution!.counter).toBeGreaterThanOrEqual(40_000);
    expect(solution!.counter).toBeLessThan(80_000);
  });

  it('also guards the staff login', async () => {
    const c = server.client();
    const error = await apiError(c.api.console.login({ account: 'admin', password: 'Whatever-Pass-1', captcha: 'y'.repeat(40) }));
    expect(error.errno).toBe(Errno.CAPTCHA_INVALID);
  });
});
