// Hostile input at every console endpoint with an admin session: never a 5xx, always an envelope
// (or a file), and a 400 about a field names it.
import { endpointList, Errno, pathParamNames } from '@flagship/api-client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffLogin } from './console-fixtures';
import { startTestServer, type TestServer } from './harness';

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom('', ' ', '0', '1', '-1', '1e309', 'NaN', 'null', 'true', '__proto__', "' or 1=1 --", '<script>alert(1)</script>', '%00', '\u0000', 'a\u0000b', '中文', 'a'.repeat(5000), '2026-01-01T00:00:00+08:00'),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const keys = fc.constantFrom(
  'title', 'name', 'enterpriseName', 'creditCode', 'type', 'fields', 'version', 'status', 'message', 'reason', 'ids', 'formIds', 'applyStart', 'applyEnd',
  'cover', 'photo', 'logo', 'attachments', 'banners', 'friendlyLinks', 'accessPassword', 'accessPasswordEnabled', 'parentId', 'kind', 'published', 'publishedAt',
  'categoryId', 'regionId', 'keyword', 'actor', 'action', 'from', 'to', 'page', 'pageSize', 'formId', 'siteTitle', 'guide', 'content', '__proto__',
);
const hostileObject = fc.dictionary(fc.oneof(keys, hostileString), hostileValue, { maxKeys: 6 });

describe('hostile input at the console', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = (await staffLogin(server)).api.session.getToken() as string;
  });
  afterAll(() => server?.close());

  for (const { id, declaration } of endpointList.filter((e) => e.group === 'console' && e.name !== 'logout')) {
    it(`${id}: ${declaration.method} ${declaration.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(hostileString, fc.constantFrom('1', '2', '3')), { minLength: pathParamNames(declaration.path).length, maxLength: pathParamNames(declaration.path).length }),
          hostileObject,
          fc.oneof(hostileObject, hostileValue, fc.constant(undefined)),
          async (params, query, body) => {
            let i = 0;
            const path = declaration.path.replace(/\{\w+\}/g, () => encodeURIComponent(params[i++] || 'x'));
            const search = new URLSearchParams();
            for (const [k, v] of Object.entries(query)) search.append(k, typeof v === 'string' ? v : JSON.stringify(v));
            const init: RequestInit = { method: declaration.method, headers: { authkey: token } };
            if (declaration.method !== 'GET' && body !== undefined) {
              init.headers = { authkey: token, 'content-type': 'application/json' };
              init.body = JSON.stringify(body);
            }
            const response = await fetch(`${server.baseUrl}${path}?${search}`, init);
            const type = response.headers.get('content-type') ?? '';
            const text = await response.text();
            expect(response.status, text).toBeLessThan(500);
            if (type.includes('application/json')) {
              const json = JSON.parse(text) as { errno: unknown; errmsg: string; data: { fields?: Record<string, string> } | null };
              expect(typeof json.errno).toBe('number');
              // A field-level problem names the field; framework refusals (URL too long, bad JSON) have none.
              if (json.errno === Errno.INVALID_INPUT && Object.keys(json.data?.fields ?? {}).length > 0) expect(json.errmsg, text).toMatch(/^[^：]+：/);
            } else {
              expect(response.ok, `${response.status} ${type}`).toBe(true);
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});
