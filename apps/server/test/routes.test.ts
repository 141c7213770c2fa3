import { endpointList, toRoutePath } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
