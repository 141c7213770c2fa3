import { endpointList, toRoutePath } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredInProcess } from '../src/http/endpoints';
import { isReferenceRoute } from '../src/http/openapi';
import { startTestServer, type TestServer } from './harness';

describe('declarations and routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server?.close());

  it('every declaration has a route and every API route a declaration', () => {
    const declared = new Set(endpointList.map((e) => `${e.declaration.method} ${toRoutePath(e.declaration.path)}`));
    const routed = new Set(
      server.app.routeTable
        // The API document and its reference page describe the contract; they are not part of it.
        .filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/admin/')) && !isReferenceRoute(r.url))
        .map((r) => `${r.method} ${r.url}`),
    );
    expect(declared.size).toBe(endpointList.length);
    expect([...declared].filter((d) => !routed.has(d))).toEqual([]);
    expect([...routed].filter((r) => !declared.has(r))).toEqual([]);
  });

  it('answers in-process the reads it takes, as their routes answer them, and leaves every other address to its route', async () => {
    const declared = new Map(endpointList.map((e) => [`${e.declaration.method} ${toRoutePath(e.declaration.path)}`, e.declaration]));
    const reads = server.app.inProcessReads!;
    const token = (await server.newUser()).api.session.getToken() as string;
    // Reads whose handlers reach for the request (the health check logs through `req.log`).
    const needRequest = new Set(['/api/health']);
    const wrong: string[] = [];
    for (const route of server.app.routeTable.filter((r) => r.method === 'GET')) {
      const url = route.url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
      const declaration = declared.get(`GET ${route.url}`);
      const takes = declaration !== undefined && answeredInProcess(declaration);
      for (const headers of [{}, { authkey: token }]) {
        const direct = await reads(url, headers);
        if (!direct) {
          // A read it takes, left to the route though its address holds all it needs.
          if (takes && !needRequest.has(url) && declaration.query?.safeParse({}).success !== false) wrong.push(`${url} left to the route`);
          continue;
        }
        // Answered in-process as another route would be (`/api/user/send_code` as `/api/user/{id}`, say).
        if (!takes) wrong.push(`${url} answered in-process; its route is ${route.url}`);
        const routed = await server.app.inject({ method: 'GET', url, headers });
        // A notice counts its view on every read: the route's answer, read second, counts one more.
        const uncounted = (text: string) => text.replace(/"views":\d+/, '"views":0');
        const body = Buffer.from(direct.body).toString('utf8');
        if (direct.status !== routed.statusCode || uncounted(body) !== uncounted(routed.body) || direct.headers['content-type'] !== routed.headers['content-type']) {
          wrong.push(`${url}${'authkey' in headers ? ' with a session' : ''}: in-process ${direct.status} ${body.slice(0, 120)}; route ${routed.statusCode} ${routed.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
