// The SDK against a plain HTTP peer on loopback that answers what each case needs: envelopes,
// garbage, silence. The SDK against the real server is apps/server's contract suite.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions, type Transport, type TransportRequest } from './client';
import { ApiError, ContractError, SessionInvalidError, TransportError } from './errors';
import { createMemorySessionStore } from './session';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let answer: (req: Seen, res: ServerResponse) => void;

function envelope(res: ServerResponse, errno: number, data: unknown = null, errmsg = '', status = 200) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ errno, errmsg, data }));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
});

function client(options: Partial<ApiClientOptions> = {}) {
  const calls = { errors: [] as string[], transport: [] as string[], contract: [] as ContractError[], reloads: 0, gate: 0 };
  const api = createApiClient({
    baseUrl,
    session: createMemorySessionStore(),
    policy: {
      onError: (message) => calls.errors.push(message),
      onTransportError: (message) => calls.transport.push(message),
      onContractError: (error) => calls.contract.push(error),
      onAccessPasswordRequired: () => calls.gate++,
      reload: () => calls.reloads++,
    },
    ...options,
  });
  return { api, calls };
}

/** A transport that carries each call to the same peer: what arrives must be what fetch sends. */
const passed: TransportRequest[] = [];
const toPeer: Transport = async (request) => {
  passed.push(request);
  const response = await fetch(request.url, { method: request.method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: new Uint8Array(await response.arrayBuffer()) };
};

const userInfo = { token: 't0k3n', id: 7, account: 'a@example.com', enterprise_authentication_status: null };

describe('requests', () => {
  it('sends the token in authKey, substitutes and encodes path params, serialises query arrays', async () => {
    answer = (_req, res) => envelope(res, 200, { list: [] });
    const { api } = client();
    api.session.set(userInfo);
    await api.apply.batchPrint({ projectId: 'all', ids: [3, 5, 8] });
    expect(seen[0]?.url).toBe('/api/project/all/form/all/batchPrint?ids=3&ids=5&ids=8');
    expect(seen[0]?.headers.authkey).toBe('t0k3n');
  });

  it('sends no authKey without a session and splits params, query and body', async () => {
    answer = (_req, res) =>
      envelope(res, 200, { id: 1, account: 'x', name: '', mobile: '', email: '', avatar: null, enterprise_authentication_status: null, createdAt: '2026-01-01T00:00:00.000Z' });
    const { api } = client();
    await api.user.update({ id: 12, name: '张三' });
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.url).toBe('/api/user/12');
    expect(seen[0]?.headers.authkey).toBeUndefined();
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ name: '张三' });
  });

  it('encodes path params', async () => {
    answer = (_req, res) => envelope(res, 404, null, '不存在');
    const { api } = client();
    await expect(api.content.policyDetail({ id: 'a/b?c' as unknown as number })).rejects.toBeInstanceOf(ApiError);
    expect(seen[0]?.url).toBe('/api/policy/a%2Fb%3Fc');
  });

  it('resolves the captcha as a Blob', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    };
    const { api } = client();
    const blob = await api.auth.captcha();
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toContain('image/svg+xml');
  });

  it('revalidates regions with the ETag and reuses the cached list on 304', async () => {
    const regions = [{ id: 1, parentId: null, name: '浙江省', level: 1, sort: 0 }];
    answer = (req, res) => {
      if (req.headers['if-none-match'] === '"r1"') {
        res.writeHead(304, { etag: '"r1"' });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json', etag: '"r1"' });
        res.end(JSON.stringify({ errno: 200, errmsg: '', data: regions }));
      }
    };
    // Through fetch, and through a transport that carries the call to the same peer.
    for (const options of [{}, { transport: toPeer }]) {
      seen = [];
      passed.length = 0;
      const { api } = client(options);
      expect(await api.base.regions()).toEqual(regions);
      expect(await api.base.regions()).toEqual(regions);
      expect(seen[1]?.headers['if-none-match']).toBe('"r1"');
      expect(passed).toHaveLength(options.transport ? 2 : 0);
    }
  });

  it('builds links with the token as authkey', () => {
    const { api } = client();
    api.session.set(userInfo);
    expect(api.urls.export({ projectId: 3, formId: 4 })).toBe(`${baseUrl}/api/project/3/form/4/export?authkey=t0k3n`);
    expect(api.urls.download({ projectId: 3, formId: 4, name: 'job 1' })).toBe(`${baseUrl}/api/project/3/form/4/download?name=job+1&authkey=t0k3n`);
    expect(api.urls.downloadStatus({ projectId: 3, formId: 4, name: 'j' })).toBe(`${baseUrl}/api/project/3/form/4/download/status?name=j`);
    expect(api.urls.batchPrint({ projectId: 'all', ids: [1, 2] })).toBe(`${baseUrl}/api/project/all/form/all/batchPrint?ids=1&ids=2`);
  });

  it('builds links on linkBaseUrl while calls go to baseUrl', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errno: 200, errmsg: '', data: [] }));
    };
    const { api } = client({ linkBaseUrl: '' });
    api.session.set(userInfo);
    expect(api.urls.file({ id: 7 })).toBe('/api/file/7?authkey=t0k3n');
    expect(await api.base.regions()).toEqual([]);
    expect(seen.at(-1)?.url).toBe('/admin/regions');
  });

  it('does not retry a POST that got no answer', async () => {
    answer = (_req, res) => res.destroy();
    const { api, calls } = client();
    await expect(api.auth.logout()).rejects.toBeInstanceOf(TransportError);
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(calls.transport).toHaveLength(1);
  });
});

describe('error policy', () => {
  it('errno not 200: onError with errmsg, the call rejects with ApiError carrying errno, errmsg and data', async () => {
    answer = (_req, res) => envelope(res, 400, { fields: { account: '请输入手机号码或电子邮箱' } }, '账号：请输入手机号码或电子邮箱', 400);
    const { api, calls } = client();
    const error = await api.auth.login({ account: 'x', password: 'y', captcha: 'z' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errno).toBe(400);
    expect((error as ApiError).fields).toEqual({ account: '请输入手机号码或电子邮箱' });
    expect(calls.errors).toEqual(['账号：请输入手机号码或电子邮箱']);
  });

  it("falls back to 'Error' when errmsg is empty, and stays quiet when asked", async () => {
    answer = (_req, res) => envelope(res, 500, null, '', 500);
    const { api, calls } = client();
    await expect(api.content.settings()).rejects.toBeInstanceOf(ApiError);
    await expect(api.content.settings(undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(calls.errors).toEqual(['Error']);
  });

  it('1001: toast, then after the delay the session is cleared and the page reloads, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      answer = (_req, res) => envelope(res, 1001, null, '登录已失效', 401);
      const { api, calls } = client();
      api.session.set(userInfo);
      const results = await Promise.allSettled([api.user.get({ id: 7 }), api.project.myApplyList()]);
      expect(results.every((r) => r.status === 'rejected' && r.reason instanceof SessionInvalidError)).toBe(true);
      expect(calls.errors).toEqual(['登录已失效', '登录已失效']);
      vi.advanceTimersByTime(999);
      expect(api.session.getToken()).toBe('t0k3n');
      expect(calls.reloads).toBe(0);
      vi.advanceTimersByTime(1);
      expect(api.session.getToken()).toBeUndefined();
      expect(calls.reloads).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('1004 asks the app to show the access-password gate', async () => {
    answer = (_req, res) => envelope(res, 1004, null, '请输入访问密码', 403);
    const { api, calls } = client();
    await expect(api.content.settings()).rejects.toMatchObject({ errno: 1004 });
    expect(calls.gate).toBe(1);
  });

  it('a body that is not an envelope is a transport error', async () => {
    answer = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    const { api, calls } = client();
    const error = await api.content.settings().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe('invalid-response');
    expect(calls.transport).toHaveLength(1);
  });

  it('JSON without errno is a transport error too', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    };
    const { api } = client();
    await expect(api.content.settings()).rejects.toBeInstanceOf(TransportError);
  });

  it('a time-out is a transport error with its message', async () => {
    answer = () => {};
    const { api, calls } = client({ timeout: 150 });
    const error = await api.auth.logout().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe('timeout');
    expect(calls.transport).toEqual(['请求超时，请稍后重试']);
  });

  it('without a time-out (timeout: false) a late answer is waited for; the caller stops it by its signal', async () => {
    answer = (_req, res) => void setTimeout(() => envelope(res, 200, null), 300);
    const { api, calls } = client({ timeout: false });
    await expect(api.auth.logout()).resolves.toBeNull();
    answer = () => {};
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    await expect(api.auth.logout(undefined, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls.transport).toEqual([]);
  });

  it('a refused connection is a transport error, and onTransportError gets its message', async () => {
    const { api, calls } = client({ baseUrl: 'http://127.0.0.1:1' });
    await expect(api.content.settings()).rejects.toMatchObject({ name: 'TransportError', kind: 'network' });
    expect(calls.transport).toEqual(['网络连接失败，请检查网络后重试']);
  });

  it('data that fails its schema is a ContractError, never passed on', async () => {
    answer = (_req, res) => envelope(res, 200, { siteTitle: 42 });
    const { api, calls } = client();
    await expect(api.content.settings()).rejects.toBeInstanceOf(ContractError);
    expect(calls.contract).toHaveLength(1);
    expect(calls.contract[0]?.message).toContain('content.settings');
  });

  it('a 4xx with an envelope is an API error, not a transport one', async () => {
    answer = (_req, res) => envelope(res, 404, null, '项目不存在', 404);
    const { api, calls } = client();
    await expect(api.project.detail({ id: 99 })).rejects.toMatchObject({ name: 'ApiError', errno: 404, errmsg: '项目不存在' });
    expect(calls.transport).toHaveLength(0);
  });
});

describe('upload', () => {
  it('sends multipart with the token and reads the envelope', async () => {
    answer = (_req, res) =>
      envelope(res, 200, { id: 5, name: 'a.pdf', mime: 'application/pdf', size: 3, sha256: 'x', url: '/api/file/5', createdAt: '2026-01-01T00:00:00Z' });
    const { api } = client();
    api.session.set(userInfo);
    const upload = await api.files.upload({ file: new Blob(['%PD'], { type: 'application/pdf' }), name: 'a.pdf' });
    expect(upload.id).toBe(5);
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.headers.authkey).toBe('t0k3n');
    expect(seen[0]?.body).toContain('filename="a.pdf"');
  });

  it('sends any multipart declaration its file as the field `file`, params in the path', async () => {
    answer = (_req, res) => envelope(res, 200, { created: 1, skipped: [], minLoad: 0, maxLoad: 1, rows: 1, problems: [] });
    const { api } = client();
    api.session.set(userInfo);
    const result = await api.console.reviewAssignmentImport({ projectId: 7, file: new Blob(['PK']), name: '分配.xlsx' });
    expect(result.created).toBe(1);
    expect(seen[0]?.url).toBe('/api/console/project/7/review/assignments/import');
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="file"');
  });
});

describe('transport', () => {
  beforeEach(() => {
    passed.length = 0;
  });

  it('sends a call as fetch does: method, path, query, token and JSON body', async () => {
    answer = (_req, res) =>
      envelope(res, 200, { id: 12, account: 'x', name: '张三', mobile: '', email: '', avatar: null, enterprise_authentication_status: null, createdAt: '2026-01-01T00:00:00.000Z' });
    for (const options of [{}, { transport: toPeer }]) {
      const { api } = client(options);
      api.session.set(userInfo);
      expect((await api.user.update({ id: 12, name: '张三' })).name).toBe('张三');
      await api.apply.batchPrint({ projectId: 'all', ids: [3, 5] }).catch(() => undefined);
    }
    expect(passed).toHaveLength(2);
    const [byFetch, byTransport] = [seen.slice(0, 2), seen.slice(2)];
    for (const [i, sent] of byTransport.entries()) {
      expect(sent.method).toBe(byFetch[i]?.method);
      expect(sent.url).toBe(byFetch[i]?.url);
      expect(sent.headers.authkey).toBe('t0k3n');
      expect(sent.body).toBe(byFetch[i]?.body);
    }
    expect(byTransport[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(byTransport[0]?.body ?? '')).toEqual({ name: '张三' });
  });

  it('reads errors, garbage and blobs as fetch does', async () => {
    const { api, calls } = client({ transport: toPeer });
    answer = (_req, res) => envelope(res, 404, null, '项目不存在', 404);
    await expect(api.project.detail({ id: 99 })).rejects.toMatchObject({ name: 'ApiError', errno: 404, errmsg: '项目不存在' });
    answer = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    await expect(api.project.detail({ id: 1 })).rejects.toBeInstanceOf(TransportError);
    expect(calls.errors).toEqual(['项目不存在']);
    expect(calls.transport).toEqual(['服务器返回了无法识别的内容（HTTP 502）']);
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    };
    const blob = await api.auth.captcha();
    expect(blob.type).toContain('image/svg+xml');
    expect(await blob.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(passed).toHaveLength(3);
  });

  it('stops a call aborted on its way, and sends none already aborted', async () => {
    const { api, calls } = client({ transport: () => new Promise(() => {}) });
    const stop = new AbortController();
    const call = api.project.detail({ id: 1 }, { signal: stop.signal });
    stop.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await expect(client({ transport: toPeer }).api.project.detail({ id: 1 }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(passed).toHaveLength(0);
    expect(calls.transport).toHaveLength(0);
  });

  it('times out as through fetch, and reads header names in any case', async () => {
    const late = client({ transport: () => new Promise(() => {}), timeout: 50 });
    await expect(late.api.project.detail({ id: 1 })).rejects.toMatchObject({ name: 'TransportError', kind: 'timeout' });
    expect(late.calls.transport).toEqual(['请求超时，请稍后重试']);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    const { api } = client({ transport: async () => ({ status: 200, headers: { 'Content-Type': 'image/svg+xml' }, body: new TextEncoder().encode(svg) }) });
    const blob = await api.auth.captcha();
    expect(blob.type).toBe('image/svg+xml');
    expect(await blob.text()).toBe(svg);
  });

  it('sends multipart bodies through fetch', async () => {
    answer = (_req, res) => envelope(res, 200, { created: 1, skipped: [], minLoad: 0, maxLoad: 1, rows: 1, problems: [] });
    const imported = client({ transport: toPeer });
    expect((await imported.api.console.reviewAssignmentImport({ projectId: 7, file: new Blob(['PK']), name: '分配.xlsx' })).created).toBe(1);
    expect(passed).toHaveLength(0);
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    seen = [];
    const { api } = client({ transport: toPeer });
    answer = (_req, res) =>
      envelope(res, 200, { id: 5, name: 'a.pdf', mime: 'application/pdf', size: 3, sha256: 'x', url: '/api/file/5', createdAt: '2026-01-01T00:00:00Z' });
    expect((await api.files.upload({ file: new Blob(['%PD'], { type: 'application/pdf' }), name: 'a.pdf' })).id).toBe(5);
    expect(passed).toHaveLength(0);
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });
});
