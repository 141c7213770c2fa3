// Password guessing spread over many addresses: the per-account brake (issue 16, finding 1).
import { Errno, type Envelope } from '@flagship/api-client';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/db/password';
import { DEMO_ADMIN } from '../src/db/seed';
import { auditLogs, settings } from '../src/db/schema';
import { cookieFetch, drivers, startTestServer, uniqueAccount, type TestServer } from './harness';

const PASSWORD = 'Orchid-Lantern-58';
const LOGIN = '/api/login';
const STAFF_LOGIN = '/api/console/login';
const GATE = '/api/checkAccessPassword';
const OK = Errno.OK;
const WRONG = Errno.INVALID_INPUT;
const BRAKED = Errno.TOO_MANY_REQUESTS;

interface Answer {
  status: number;
  headers: Headers;
  body: Envelope<{ retryAfter?: number; token?: string; id?: number } | null>;
}

/**
 * Production's per-address limit behind a trusted proxy. Load shedding is off: parallel guesses
 * on a busy machine lag PGlite's event loop, and a 503 is not what is tested here.
 */
const busyServer = {
  trustProxy: true,
  rateLimit: { max: 10, windowMs: 60_000 },
  loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0, maxRssBytes: 0, retryAfterSeconds: 10, sampleIntervalMs: 1000 },
};

let addresses = 0;

/**
 * A browser of its own (cookie jar) calling from its own address, as a trusted proxy names it: the
 * server's per-address limit is production's, so only a per-account brake can stop the guessing.
 */
function browser(server: TestServer) {
  addresses += 1;
  const address = `10.16.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
  const jar = cookieFetch();
  const from: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set('x-forwarded-for', address);
    return jar(request);
  };
  const post = async (path: string, body: Record<string, string>): Promise<Answer> => {
    const verify = await from(`${server.baseUrl}/api/verify`);
    await verify.arrayBuffer();
    const captcha = verify.headers.get('x-captcha-answer') ?? '';
    const response = await from(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(path === GATE ? body : { ...body, captcha }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
  };
  return { post };
}

/**
 * Wrong passwords for one account, each from a new browser at a new address, ten at a time (so
 * parallel guesses are counted one by one too); their errnos.
 */
async function guess(server: TestServer, path: string, account: string, times: number): Promise<number[]> {
  const errnos: number[] = [];
  for (let start = 0; start < times; start += 10) {
    const batch = Array.from({ length: Math.min(10, times - start) }, (_, i) => {
      const password = `Wrong-Guess-${start + i}`;
      return browser(server).post(path, path === GATE ? { password } : { account, password });
    });
    errnos.push(...(await Promise.all(batch)).map((answer) => answer.body.errno));
  }
  return errnos;
}

/** How many answers had each errno: an unexpected one shows at once. */
const tally = (errnos: number[]) => {
  const counts: Record<number, number> = {};
  for (const errno of errnos) counts[errno] = (counts[errno] ?? 0) + 1;
  return counts;
};

/** Every delay now over, as if the attacker had waited. */
const waitOut = (server: TestServer) => server.handle.db.execute(sql`update login_brakes set blocked_until = now() - interval '1 second' where blocked_until > now()`);

// Every guess costs a captcha and many a password hash: minutes on a busy machine.
describe.each(drivers)('per-account login brake on %s', { timeout: 120_000 }, (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, busyServer);
  });
  afterAll(() => server?.close());

  const newApplicant = async (account = uniqueAccount()) => {
    const registered = await browser(server).post('/api/login/register', { account, password: PASSWORD });
    expect(registered.body.errno).toBe(OK);
    return account;
  };

  it('answers 40 wrong passwords from 40 addresses: 5 are checked, then the right one waits too (429, Retry-After)', async () => {
    const account = await newApplicant();
    const errnos = await guess(server, LOGIN, account, 40);
    expect(tally(errnos)).toEqual({ [WRONG]: 5, [BRAKED]: 35 });

    const right = await browser(server).post(LOGIN, { account, password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.errno).toBe(BRAKED);
    expect(right.body.errmsg).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
    const retryAfter = right.body.data?.retryAfter ?? 0;
    expect(retryAfter).toBeGreaterThan(0);
    expect(right.headers.get('retry-after')).toBe(String(retryAfter));
  });

  it('brakes an unknown account exactly like a real one', async () => {
    const real = await newApplicant();
    const ghost = uniqueAccount();
    expect(tally(await guess(server, LOGIN, real, 6))).toEqual({ [WRONG]: 5, [BRAKED]: 1 });
    expect(tally(await guess(server, LOGIN, ghost, 6))).toEqual({ [WRONG]: 5, [BRAKED]: 1 });
    const a = await browser(server).post(LOGIN, { account: real, password: PASSWORD });
    const b = await browser(server).post(LOGIN, { account: ghost, password: PASSWORD });
    expect([b.status, b.body.errno, b.body.errmsg]).toEqual([a.status, a.body.errno, a.body.errmsg]);
  });

  it('lets the right password in once the delay is over; each further failure doubles the delay, a success starts again', async () => {
    const account = await newApplicant();
    await guess(server, LOGIN, account, 5);
    const first = await browser(server).post(LOGIN, { account, password: PASSWORD });
    expect(first.body.errno).toBe(BRAKED);

    await waitOut(server);
    expect(tally(await guess(server, LOGIN, account, 2))).toEqual({ [WRONG]: 1, [BRAKED]: 1 });
    const second = await browser(server).post(LOGIN, { account, password: PASSWORD });
    expect(second.body.data?.retryAfter).toBeGreaterThan((first.body.data?.retryAfter ?? 0) + 30);

    await waitOut(server);
    const right = await browser(server).post(LOGIN, { account, password: PASSWORD });
    expect(right.body.errno).toBe(OK);
    expect(right.body.data?.token).toBeTruthy();
    expect(tally(await guess(server, LOGIN, account, 4))).toEqual({ [WRONG]: 4 });
  });

  it('lets a browser that signed in before sign in during an attack, and counts its own failures apart', async () => {
    const account = await newApplicant();
    const known = browser(server);
    const before = await known.post(LOGIN, { account, password: PASSWORD });
    expect(before.body.errno).toBe(OK);
    expect(before.headers.getSetCookie().find((c) => c.startsWith('fs_device='))).toMatch(/HttpOnly/i);

    expect(tally(await guess(server, LOGIN, account, 40))).toEqual({ [WRONG]: 5, [BRAKED]: 35 });
    expect((await browser(server).post(LOGIN, { account, password: PASSWORD })).body.errno).toBe(BRAKED);
    expect((await known.post(LOGIN, { account, password: PASSWORD })).body.errno).toBe(OK);

    // The device is known for this account only.
    const other = await newApplicant();
    await guess(server, LOGIN, other, 5);
    expect((await known.post(LOGIN, { account: other, password: PASSWORD })).body.errno).toBe(BRAKED);

    // Its own wrong passwords brake it too, and leave the account's brake as it was.
    const own = [];
    for (let i = 0; i < 6; i++) own.push((await known.post(LOGIN, { account, password: `Mistyped-${i}` })).body.errno);
    expect(own).toEqual([WRONG, WRONG, WRONG, WRONG, WRONG, BRAKED]);
  });

  it('tells the owner once: a text message for a mobile account, mail for an e-mail one, nothing for an unknown one', async () => {
    const mobile = await newApplicant();
    const mail = await newApplicant(`brake.${Date.now()}@example.org`);
    const ghost = uniqueAccount();
    await guess(server, LOGIN, mobile, 12);
    await guess(server, LOGIN, mail, 8);
    await guess(server, LOGIN, ghost, 8);
    await waitOut(server);
    await guess(server, LOGIN, mobile, 2);

    const outbox = await server.outbox();
    const warnings = (account: string) => outbox.filter((m) => m.includes(`To: ${account}\n`) && m.includes('登录失败'));
    expect(warnings(mobile)).toHaveLength(1);
    expect(warnings(mobile)[0]).toContain('Channel: sms');
    expect(warnings(mail)).toHaveLength(1);
    expect(warnings(mail)[0]).toContain('Channel: mail');
    expect(outbox.some((m) => m.includes(ghost))).toBe(false);
  });

  it('counts a wrong password typed inside a session (password change, account deletion) like a failed sign-in', async () => {
    const account = await newApplicant();
    const signedIn = await browser(server).post(LOGIN, { account, password: PASSWORD });
    const token = signedIn.body.data?.token ?? '';
    const userId = signedIn.body.data?.id;
    const inSession = async (path: string, body: Record<string, string>) => {
      const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authkey: token }, body: JSON.stringify(body) });
      return ((await response.json()) as Envelope<unknown>).errno;
    };
    const errnos: number[] = [];
    for (let i = 0; i < 3; i++) {
      errnos.push(await inSession('/api/user/edit_password', { oldPassword: `Wrong-Old-${i}`, password: 'Harbour-Violet-93' }));
      errnos.push(await inSession(`/api/user/${userId}/deletion`, { password: `Wrong-Again-${i}` }));
    }
    expect(errnos).toEqual([WRONG, WRONG, WRONG, WRONG, WRONG, BRAKED]);
    // The same count: a sign-in from elsewhere waits too.
    expect((await browser(server).post(LOGIN, { account, password: PASSWORD })).body.errno).toBe(BRAKED);
  });

  it('brakes staff sign-in alike: admin from 20 addresses, while the admin’s own browser still signs in', async () => {
    const known = browser(server);
    expect((await known.post(STAFF_LOGIN, { account: DEMO_ADMIN.account, password: DEMO_ADMIN.password })).body.errno).toBe(OK);

    expect(tally(await guess(server, STAFF_LOGIN, DEMO_ADMIN.account, 20))).toEqual({ [WRONG]: 5, [BRAKED]: 15 });
    const right = await browser(server).post(STAFF_LOGIN, { account: DEMO_ADMIN.account, password: DEMO_ADMIN.password });
    expect(right.status).toBe(429);
    expect(right.body.errmsg).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
    expect((await known.post(STAFF_LOGIN, { account: DEMO_ADMIN.account, password: DEMO_ADMIN.password })).body.errno).toBe(OK);
    expect(tally(await guess(server, STAFF_LOGIN, 'nobody-here', 6))).toEqual({ [WRONG]: 5, [BRAKED]: 1 });

    // Staff have no address on file: the brake is in the audit log for admins, once.
    const braked = await server.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'login.braked'), eq(auditLogs.objectType, 'staff')));
    expect(braked.filter((e) => e.detail.account === DEMO_ADMIN.account)).toHaveLength(1);

    await waitOut(server);
    expect((await browser(server).post(STAFF_LOGIN, { account: DEMO_ADMIN.account, password: DEMO_ADMIN.password })).body.errno).toBe(OK);
  });
});

describe.each(drivers)('access-password gate brake on %s', { timeout: 120_000 }, (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, busyServer);
    await server.handle.db.update(settings).set({ accessPasswordEnabled: true, accessPasswordHash: await hashPassword('Spring-Opening-2027') });
  });
  afterAll(() => server?.close());

  it('brakes the gate for new browsers after 20 wrong passwords, not for browsers that passed it before', async () => {
    const through = browser(server);
    expect((await through.post(GATE, { password: 'Spring-Opening-2027' })).body.errno).toBe(OK);

    expect(tally(await guess(server, GATE, '', 40))).toEqual({ [WRONG]: 20, [BRAKED]: 20 });
    const right = await browser(server).post(GATE, { password: 'Spring-Opening-2027' });
    expect(right.status).toBe(429);
    expect(right.body.errmsg).toMatch(/^访问密码错误次数过多，请 \d+ 分钟后再试$/);
    expect(right.headers.get('retry-after')).toBe(String(right.body.data?.retryAfter));
    expect((await through.post(GATE, { password: 'Spring-Opening-2027' })).body.errno).toBe(OK);

    await waitOut(server);
    expect((await browser(server).post(GATE, { password: 'Spring-Opening-2027' })).body.errno).toBe(OK);
    const braked = await server.handle.db.select().from(auditLogs).where(eq(auditLogs.action, 'login.braked'));
    expect(braked.filter((e) => e.objectType === 'site')).toHaveLength(1);
  });
});
