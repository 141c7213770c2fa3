// The reads of a page rendered on the server, answered in-process (`registerEndpoints`' return):
// each answer must be the one the route gives the same request (status, body, content type, ETag),
// and whatever the in-process path does not do itself (a refused input, a handler that needs the
// request, a closed site, an address it does not take) must be left to the route.
import { Errno, type TransportAnswer } from '@flagship/api-client';
import Fastify, { type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal';
import { registerEndpoints, type Handlers, type InProcessReads } from './endpoints';
import { installErrorHandler } from './error-handler';
import { AppError, notFound } from './errors';
import { installStringGuard } from './string-guard';

/** The handlers the cases call; any other endpoint is not called. */
const answers: Record<string, (context: { params: { id?: number }; query: Record<string, unknown>; principal: Principal | null; req: FastifyRequest }) => Promise<unknown>> = {
  'content.settings': async () => ({ siteTitle: '艺术基金', notice: '<b>公告</b>' }),
  'project.detail': async ({ params, principal }) => {
    if (params.id === 404) throw notFound('项目不存在');
    if (params.id === 500) throw new Error('the database went away');
    return { id: params.id, viewer: principal?.kind === 'user' ? principal.userId : null };
  },
  'project.myApplyList': async ({ query }) => ({ list: [], total: 0, page: query.page, pageSize: query.pageSize }),
  'content.search': async ({ query }) => ({ keyword: query.keyword }),
  // Reaches for the request: only its route can answer it.
  'project.applyDetail': async ({ req }) => ({ ip: req.ip }),
};
const calls: string[] = [];
const handlers = new Proxy(
  {},
  {
    get: (_, group: string) =>
      new Proxy(
        {},
        {
          get: (__, name: string) => async (context: never) => {
            calls.push(`${group}.${name}`);
            const answer = answers[`${group}.${name}`];
            if (!answer) throw new Error(`${group}.${name} is not one of the cases`);
            return answer(context);
          },
        },
      ),
  },
) as Handlers;

/** A session for the token `good`; `bad` names none. */
async function authenticate(req: Pick<FastifyRequest, 'headers'>, declaration: { auth: string }): Promise<Principal | null> {
  if (declaration.auth === 'public') return null;
  const token = req.headers.authkey;
  if (!token) {
    if (declaration.auth === 'optional') return null;
    throw new AppError(Errno.LOGIN_REQUIRED, '请先登录');
  }
  if (token !== 'good') throw new AppError(Errno.SESSION_INVALID, '登录已失效，请重新登录');
  return { kind: 'user', userId: 7, account: 'a@example.com', sessionId: 1 } as Principal;
}

/** An app with the contract's routes over the cases' handlers, and its in-process reads. */
async function appWithReads(publicCacheMs: number, siteClosed: () => Promise<boolean>) {
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } } });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandler(app);
  installStringGuard(app);
  const reads = registerEndpoints(app, handlers, { authenticate, rateLimit: { max: 1000, timeWindow: 60_000 }, validateResponses: false, publicCacheMs, siteClosed });
  await app.ready();
  return { app, reads, logs };
}

describe('reads answered in-process', () => {
  let app: Awaited<ReturnType<typeof appWithReads>>['app'];
  let reads: InProcessReads;
  let logs: string[];
  let closed = false;

  beforeAll(async () => {
    ({ app, reads, logs } = await appWithReads(0, async () => closed));
  });
  afterAll(() => app.close());

  /** The in-process answer and the route's, to the same request. */
  const both = async (url: string, headers: Record<string, string> = {}) => {
    const direct = await reads(url, headers);
    const routed = await app.inject({ method: 'GET', url, headers });
    return { direct, routed };
  };
  const text = (answer: TransportAnswer) => Buffer.from(answer.body).toString('utf8');

  it.each([
    ['a public read', '/api/setting/index', {}],
    ['a read with a session', '/api/project/5', { authkey: 'good' }],
    ['the same read without one', '/api/project/5', {}],
    ['a query, its numbers as the schema makes them', '/api/project/myApplyList?page=2&pageSize=5', { authkey: 'good' }],
    ['a query in Chinese', `/api/search?keyword=${encodeURIComponent('越剧')}`, {}],
    ['a refusal by the handler', '/api/project/404', { authkey: 'good' }],
    ['no session where one is needed', '/api/project/myApplyList?page=1&pageSize=10', {}],
    ['a session that has ended', '/api/project/myApplyList?page=1&pageSize=10', { authkey: 'bad' }],
    ['a session that has ended, with input the route would refuse', '/api/project/myApplyList?page=x', { authkey: 'bad' }],
  ])('answers %s as the route does', async (_, url, headers: Record<string, string>) => {
    const { direct, routed } = await both(url, headers);
    expect(direct).toBeDefined();
    expect(direct!.status).toBe(routed.statusCode);
    expect(text(direct!)).toBe(routed.body);
    expect(direct!.headers['content-type']).toBe(routed.headers['content-type']);
  });

  it('answers an ETag and a 304 as the route does', async () => {
    const first = await both('/api/setting/index');
    const etag = first.routed.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect(first.direct!.headers.etag).toBe(etag);
    expect(first.direct!.headers['cache-control']).toBe(first.routed.headers['cache-control']);
    const again = await both('/api/setting/index', { 'if-none-match': etag });
    expect([again.direct!.status, again.routed.statusCode]).toEqual([304, 304]);
    expect([text(again.direct!), again.routed.body]).toEqual(['', '']);
    expect(again.direct!.headers.etag).toBe(etag);
  });

  it.each([
    ['input the schema refuses', '/api/project/abc', {}, 400],
    ['a string the database cannot store', '/api/search?keyword=a%00b', {}, 400],
    ['a handler that reaches for the request', '/api/project/apply/3', { authkey: 'good' }, 200],
    // Matched as Fastify matches it: not as `/api/user/{id}`, which would be answered here.
    ['an endpoint that is rate-limited', '/api/user/send_code?mobile=13800000000', {}, 400],
    // The case's handler fails it: the route answers 500.
    ['an endpoint that sends a file', '/api/funded.csv', {}, 500],
    ['an address that is no endpoint', '/api/nothing-here', {}, 404],
  ])('leaves %s to the route', async (_, url, headers: Record<string, string>, status) => {
    const { direct, routed } = await both(url, headers);
    expect(direct).toBeUndefined();
    expect(routed.statusCode).toBe(status);
  });

  it('answers a failure as the error handler does, logged under the id it names, without running the handler again', async () => {
    logs.length = 0;
    calls.length = 0;
    const { direct, routed } = await both('/api/project/500');
    expect(calls).toEqual(['project.detail', 'project.detail']);
    expect([direct!.status, routed.statusCode]).toEqual([500, 500]);
    const answers = [JSON.parse(text(direct!)), routed.json()] as { errno: number; errmsg: string }[];
    for (const answer of answers) expect(answer).toMatchObject({ errno: Errno.INTERNAL, errmsg: expect.stringMatching(/^服务器内部错误，请稍后再试（请求编号 [\w-]+）$/) });
    const id = /请求编号 ([\w-]+)/.exec(answers[0]!.errmsg)?.[1];
    expect(logs.filter((line) => line.includes(`"reqId":"${id}"`) && line.includes('the database went away'))).toHaveLength(1);
  });

  it('leaves every read to the routes while the site is closed, or while the gate cannot tell', async () => {
    const failing = await appWithReads(0, () => Promise.reject(new Error('the gate could not read the settings')));
    try {
      expect(await failing.reads('/api/setting/index', {})).toBeUndefined();
    } finally {
      await failing.app.close();
    }
    closed = true;
    try {
      expect(await reads('/api/setting/index', {})).toBeUndefined();
    } finally {
      closed = false;
    }
    expect(await reads('/api/setting/index', {})).toBeDefined();
  });

  it('shares the answers of callers without a session with the route, and never with a caller who has one', async () => {
    const shared = await appWithReads(60_000, async () => false);
    try {
      calls.length = 0;
      const anonymous = await shared.app.inject({ method: 'GET', url: '/api/project/5' });
      expect(anonymous.json()).toMatchObject({ data: { viewer: null } });
      // The route's answer, shared: the handler is not called again.
      expect(text((await shared.reads('/api/project/5', {}))!)).toBe(anonymous.body);
      expect(calls).toEqual(['project.detail']);
      // A caller with a session gets their own, in-process and through the route, and it is not shared.
      expect(JSON.parse(text((await shared.reads('/api/project/5', { authkey: 'good' }))!))).toMatchObject({ data: { viewer: 7 } });
      expect((await shared.app.inject({ method: 'GET', url: '/api/project/5', headers: { authkey: 'good' } })).json()).toMatchObject({ data: { viewer: 7 } });
      expect(text((await shared.reads('/api/project/5', {}))!)).toBe(anonymous.body);
      expect(calls).toEqual(['project.detail', 'project.detail', 'project.detail']);
    } finally {
      await shared.app.close();
    }
  });

  it('calls the handler once for a read it answers, and not at all for input it leaves to the route', async () => {
    calls.length = 0;
    await reads('/api/project/5', { authkey: 'good' });
    await reads('/api/project/abc', {});
    await reads('/api/project/myApplyList?page=1&pageSize=10', { authkey: 'bad' });
    expect(calls).toEqual(['project.detail']);
  });
});
