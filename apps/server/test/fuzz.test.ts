// Random and hostile input at every endpoint: never a 5xx, always an envelope.
import { endpointList, pathParamNames } from '@flagship/api-client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', '__proto__', 'constructor', "' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '\u0000', '中文', 'a'.repeat(5000)),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const hostileObject = fc.dictionary(fc.oneof(hostileString, fc.constantFrom('account', 'password', 'captcha', 'page', 'pageSize', 'ids', 'data', 'version', 'submit', 'name', 'keyword', '__proto__')), hostileValue, { maxKeys: 6 });

describe('hostile input', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = (await server.newUser()).api.session.getToken() as string;
  });
  afterAll(() => server?.close());

  for (const { id, declaration } of endpointList) {
    it(`${id}: ${declaration.method} ${declaration.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileString, { minLength: pathParamNames(declaration.path).length, maxLength: pathParamNames(declaration.path).length }),
          hostileObject,
          fc.oneof(hostileObject, hostileValue, fc.constant(undefined)),
          fc.oneof(fc.constant(undefined), fc.constant(token), hostileString),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'),
          async (params, query, body, authKey, contentType) => {
            let i = 0;
            const path = declaration.path.replace(/\{\w+\}/g, () => encodeURIComponent(params[i++] || 'x'));
            const search = new URLSearchParams();
            for (const [k, v] of Object.entries(query)) search.append(k, typeof v === 'string' ? v : JSON.stringify(v));
            const headers: Record<string, string> = {};
            if (typeof authKey === 'string' && /^[\x21-\x7e]*$/.test(authKey) && authKey) headers.authkey = authKey;
            const init: RequestInit = { method: declaration.method, headers };
            if (declaration.method !== 'GET' && body !== undefined) {
              headers['content-type'] = contentType;
              init.body = typeof body === 'string' ? body : JSON.stringify(body);
            }
            const response = await fetch(`${server.baseUrl}${path}?${search}`, init);
            const type = response.headers.get('content-type') ?? '';
            const text = await response.text();
            expect(response.status, text).toBeLessThan(500);
            if (type.includes('application/json')) {
              const json = JSON.parse(text) as { errno: unknown };
              expect(typeof json.errno).toBe('number');
            } else {
              expect(response.ok || response.status === 304, `${response.status} ${type}`).toBe(true);
            }
          },
        ),
        { numRuns: 15 },
      );
    });
  }
});
