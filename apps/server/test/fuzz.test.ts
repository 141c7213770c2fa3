// Random and hostile input at every endpoint: never a 5xx, always an envelope.
import { creditCodeCheckChar, endpointList, Errno, pathParamNames } from '@flagship/api-client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCall, PNG } from './apply-fixtures';
import { drivers, startTestServer, type TestServer } from './harness';
import { encodeUriPart, queryString, truncatedMultipart, withLoneSurrogate, withNul } from './hostile';

const hostileString = fc.oneof(
  fc.string(),
  withNul,
  withLoneSurrogate,
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
const hostileObject = fc.dictionary(
  fc.oneof(hostileString, fc.constantFrom('account', 'password', 'captcha', 'page', 'pageSize', 'ids', 'data', 'version', 'submit', 'name', 'keyword', 'enterpriseName', 'projectName', 'team', '__proto__')),
  hostileValue,
  { maxKeys: 6 },
);

describe('hostile input', () => {
  let server: TestServer;
  let token: string;
  /** Ids that exist (my user, a call, its form, my application on it): hostile bodies then reach the database. */
  let realIds: string[];
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const user = await server.newUser();
    token = user.api.session.getToken() as string;
    const call = await createCall(server.handle.db);
    const formId = call.formIds[0]!;
    const apply = await user.api.apply.save({ projectId: call.projectId, formId, data: { projectName: '草稿' }, version: 0 });
    realIds = [user.userId, call.projectId, formId, apply.id].map(String);
  });
  afterAll(() => server?.close());

  for (const { id, declaration } of endpointList) {
    it(`${id}: ${declaration.method} ${declaration.path}`, async () => {
      const paramCount = pathParamNames(declaration.path).length;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(hostileString, fc.constantFrom(...realIds)), { minLength: paramCount, maxLength: paramCount }),
          hostileObject,
          fc.oneof(hostileObject, hostileValue, fc.constant(undefined)),
          fc.oneof(fc.constant(undefined), fc.constant(token), hostileString),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'),
          async (params, query, body, authKey, contentType) => {
            let i = 0;
            const path = declaration.path.replace(/\{\w+\}/g, () => encodeUriPart(params[i++] || 'x'));
            const headers: Record<string, string> = {};
            if (typeof authKey === 'string' && /^[\x21-\x7e]*$/.test(authKey) && authKey) headers.authkey = authKey;
            const init: RequestInit = { method: declaration.method, headers };
            if (declaration.method !== 'GET' && body !== undefined) {
              headers['content-type'] = contentType;
              init.body = typeof body === 'string' ? body : JSON.stringify(body);
            }
            const response = await fetch(`${server.baseUrl}${path}?${queryString(query)}`, init);
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

  it('answers a multipart body cut short with an envelope below 500, at every endpoint that takes a body', async () => {
    const { contentType, body } = truncatedMultipart();
    const authkey = (await server.newUser()).api.session.getToken()!;
    for (const { id, declaration } of endpointList.filter((e) => e.declaration.method !== 'GET' && e.name !== 'logout')) {
      const path = declaration.path.replace(/\{\w+\}/g, () => realIds[1]!);
      const response = await fetch(`${server.baseUrl}${path}`, { method: declaration.method, headers: { authkey, 'content-type': contentType }, body });
      const text = await response.text();
      expect(response.status, `${id}: ${text}`).toBeLessThan(500);
      expect(typeof (JSON.parse(text) as { errno: unknown }).errno, `${id}: ${text}`).toBe('number');
    }
  });
});

/** Every string value in a JSON value, by path. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => stringPaths(child, [...path, Array.isArray(value) ? Number(key) : key]));
}

/** A copy of `value` with `inserted` put into the string at `path`. */
function insertInto(value: unknown, path: (string | number)[], at: number, inserted: string): unknown {
  const copy = structuredClone(value);
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, copy as Record<string | number, unknown>);
  const last = path[path.length - 1]!;
  const text = parent[last] as string;
  const i = at % (text.length + 1);
  parent[last] = `${text.slice(0, i)}${inserted}${text.slice(i)}`;
  return copy;
}

/** What PostgreSQL cannot store, and the rule the answer names. */
const unstorable = [
  { text: '\u0000', rule: '不能包含空字符（U+0000）' },
  { text: '\ud800', rule: '不能包含无效的 Unicode 字符（孤立代理项）' },
  { text: '\udfff', rule: '不能包含无效的 Unicode 字符（孤立代理项）' },
];

// Random input rarely gets past the schemas to the database. These requests do: each succeeds as
// it is, and every one of its strings in turn gets a NUL or a lone surrogate somewhere.
describe('a NUL or a lone surrogate inside otherwise valid requests', () => {
  let server: TestServer;
  let token: string;
  let requests: { method: string; path: string; body: unknown }[];
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const user = await server.newUser();
    token = user.api.session.getToken() as string;
    const call = await createCall(server.handle.db);
    const licence = await user.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: 'licence.png' });
    const credit = '91330106MA2AB3C4D';
    requests = [
      {
        method: 'POST',
        path: `/api/project/${call.projectId}/form/${call.formIds[0]}/apply`,
        body: { data: { projectName: '原创越剧', genre: 'drama', plan: '<p>方案</p>', team: [{ name: '张三', role: '编剧' }] }, version: 0 },
      },
      {
        method: 'POST',
        path: '/api/user/submitAuthentication',
        body: {
          enterpriseName: '钱塘文化传媒有限公司',
          creditCode: credit + creditCodeCheckChar(credit),
          type: '有限责任公司',
          legalRepresentative: '王五',
          address: '文三路 100 号',
          contactName: '赵六',
          contactPhone: '13912345678',
          licenseFiles: [licence.id],
          introduction: '<p>简介</p>',
        },
      },
      { method: 'PUT', path: `/api/user/${user.userId}`, body: { name: '张三' } },
    ];
  });
  afterAll(() => server?.close());

  it('is refused with 400 naming the rule, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.nat(), fc.constantFrom(...unstorable), async (which, field, at, { text, rule }) => {
        const request = requests[which % requests.length]!;
        const paths = stringPaths(request.body);
        const body = insertInto(request.body, paths[field % paths.length]!, at, text);
        const response = await fetch(`${server.baseUrl}${request.path}`, {
          method: request.method,
          headers: { authkey: token, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await response.json()) as { errno: number; errmsg: string };
        expect(response.status, json.errmsg).toBe(400);
        expect(json.errno).toBe(Errno.INVALID_INPUT);
        expect(json.errmsg.split('：').slice(1).join('：')).toBe(rule);
      }),
      { numRuns: 40 },
    );
  });
});

describe.each(drivers)('a lone surrogate in a saved application on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  it('is refused with 400 naming the field, and nothing is saved', async () => {
    const user = await server.newUser();
    const call = await createCall(server.handle.db);
    for (const projectName of ['\ud800', '原创\udc00越剧']) {
      const response = await fetch(`${server.baseUrl}/api/project/${call.projectId}/form/${call.formIds[0]}/apply`, {
        method: 'POST',
        headers: { authkey: user.api.session.getToken()!, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { projectName, team: [{ name: '张三' }] }, version: 0 }),
      });
      const json = (await response.json()) as { errno: number; errmsg: string; data: { fields: Record<string, string> } };
      expect(response.status, json.errmsg).toBe(400);
      expect(json.errno).toBe(Errno.INVALID_INPUT);
      expect(json.data.fields).toEqual({ 'data.projectName': '不能包含无效的 Unicode 字符（孤立代理项）' });
      expect(json.errmsg).toMatch(/^[^：]+：不能包含无效的 Unicode 字符（孤立代理项）$/);
    }
    expect((await user.api.project.myApplyList({})).list).toEqual([]);
  });
});
