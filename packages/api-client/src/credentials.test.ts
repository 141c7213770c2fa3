// @vitest-environment happy-dom
// Cookies (the captcha, the site gate) must travel with every call, also when the page is on
// another origin than the API: the browser's fetch and XMLHttpRequest only send them with
// credentials. happy-dom's fetch and XMLHttpRequest apply those rules, so a loopback peer on
// 127.0.0.1 serves a page "on" localhost and sees which calls bring its cookie back.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient } from './client';
import { createMemorySessionStore } from './session';

let server: Server;
let apiOrigin: string;
let cookies: (string | null)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': String(req.headers.origin ?? ''),
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'content-type, authkey',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    cookies.push(req.headers.cookie ?? null);
    const data = req.url === '/admin/upload'
      ? { id: 5, name: 'a.pdf', mime: 'application/pdf', size: 3, sha256: 'x', url: '/api/file/5', createdAt: '2026-01-01T00:00:00Z' }
      : null;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { ...cors, 'content-type': 'application/json', 'set-cookie': 'fs_captcha=abc; Path=/; HttpOnly' });
      res.end(JSON.stringify({ errno: 200, errmsg: 'ok', data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  apiOrigin = `http://127.0.0.1:${port}`;
  // The page lives on another origin (localhost) than the API (127.0.0.1).
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://localhost:${port}/`);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('sends the API cookies back on every call (credentials: include)', async () => {
  cookies = [];
  const api = createApiClient({ baseUrl: apiOrigin, session: createMemorySessionStore() });
  await api.auth.logout();
  await api.auth.logout();
  expect(cookies).toEqual([null, 'fs_captcha=abc']);
});

it('sends them with uploads that report progress (XMLHttpRequest withCredentials)', async () => {
  cookies = [];
  const api = createApiClient({ baseUrl: apiOrigin, session: createMemorySessionStore() });
  await api.auth.logout();
  await api.files.upload({ file: new Blob(['%PD'], { type: 'application/pdf' }), name: 'a.pdf' }, { onProgress: () => {} });
  expect(cookies.at(-1)).toBe('fs_captcha=abc');
});
