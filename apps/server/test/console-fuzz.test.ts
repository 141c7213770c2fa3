// Hostile input at every console endpoint with an admin session: never a 5xx, always an envelope
// (or a file), and a 400 about a field names it.
import { endpointList, Errno, pathParamNames } from '@flagship/api-client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffLogin } from './console-fixtures';
import { startTestServer, type TestServer } from './harness';
import { encodeUriPart, queryString, truncatedMultipart, withLoneSurrogate } from './hostile';

const hostileString = fc.oneof(
  fc.string(),
  withLoneSurrogate,
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
            const path = declaration.path.replace(/\{\w+\}/g, () => encodeUriPart(params[i++] || 'x'));
            const init: RequestInit = { method: declaration.method, headers: { authkey: token } };
            if (declaration.method !== 'GET' && body !== undefined) {
              init.headers = { authkey: token, 'content-type': 'application/json' };
              init.body = JSON.stringify(body);
            }
            const response = await fetch(`${server.baseUrl}${path}?${queryString(query)}`, init);
            const type = response.headers.get('content-type') ?? '';
            const text = await response.text();
            expect(response.status, text).toBeLessThan(500);
            if (type.includes('application/json')) {
              const json = JSON.parse(text) as { errno: unknown; errmsg: string; data: { fields?: Record<string, string> } | null };
              expect(typeof json.errno, `${response.status} ${path} ${text.slice(0, 500)}`).toBe('number');
              // A field-level problem names the field; framework refusals (URL too long, bad JSON) have none.
              if (json.errno === Errno.INVALID_INPUT && Object.keys(json.data?.fields ?? {}).length > 0) expect(json.errmsg, text).toMatch(/^[^：]+：/);
            } else {
              expect(response.ok, `${response.status} ${type}`).toBe(true);
            }
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 25) },
      );
    });
  }

  /** A request answered in the envelope: its status, errno and message. */
  const envelope = async (response: Response) => {
    const text = await response.text();
    expect(response.headers.get('content-type'), text).toContain('application/json');
    const json = JSON.parse(text) as { errno: unknown; errmsg: string; data: { fields?: Record<string, string> } | null };
    expect(typeof json.errno, `${response.status} ${text}`).toBe('number');
    return { status: response.status, ...json };
  };

  it('refuses a lone surrogate in a new policy or expert with 400 naming the field', async () => {
    for (const [path, body, field] of [
      ['/api/console/policy', { title: '通知\ud800' }, 'title'],
      ['/api/console/policy', { title: '通知', content: '<p>\udfff</p>' }, 'content'],
      ['/api/console/expert', { name: '\udc00专家' }, 'name'],
    ] as const) {
      const answer = await envelope(await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { authkey: token, 'content-type': 'application/json' }, body: JSON.stringify(body) }));
      expect(answer.status, answer.errmsg).toBe(400);
      expect(answer.data?.fields).toEqual({ [field]: '不能包含无效的 Unicode 字符（孤立代理项）' });
      expect(answer.errmsg).toMatch(/^[^：]+：不能包含无效的 Unicode 字符（孤立代理项）$/);
    }
  });

  // The fuzz once got a JSON answer with no errno: a URL past Node's header limit (16 KB) is refused
  // by Node before Fastify routes it, and Fastify's own answer is not the envelope.
  it('answers a URL too long for the server in the envelope', async () => {
    const answer = await envelope(await fetch(`${server.baseUrl}/api/console/policy?keyword=${'a'.repeat(20_000)}`, { headers: { authkey: token } }));
    expect(answer.status).toBe(431);
    expect(answer.errmsg).toBe('请求地址或请求头过长');
  });

  it('answers a multipart body cut short below 500 in the envelope, at every console endpoint that takes a body', async () => {
    const { contentType, body } = truncatedMultipart();
    for (const { id, declaration } of endpointList.filter((e) => e.group === 'console' && e.name !== 'logout' && e.declaration.method !== 'GET')) {
      const path = declaration.path.replace(/\{\w+\}/g, '1');
      const answer = await envelope(await fetch(`${server.baseUrl}${path}`, { method: declaration.method, headers: { authkey: token, 'content-type': contentType }, body }));
      expect(answer.status, id).toBeLessThan(500);
    }
  });
});
