// A foreign front end: the packed SDK installed with npm into a project outside the workspace,
// used from plain Node ESM against a loopback server, and the README's example type-checked
// against it. Needs the build (turbo runs it first) and the npm registry for zod, ky and js-cookie
// (its cache when it has them).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(packageDir, 'node_modules/.bin', name);
const TOKEN = 'consumer-token-0123456789';
const user = { id: 7, account: '13800000000', name: '张三', mobile: '13800000000', email: '', avatar: null, enterprise_authentication_status: null, createdAt: '2026-01-01T00:00:00.000Z' };

/** The child's environment without what pnpm and vitest set for this workspace. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_|NODE_OPTIONS$|VITEST)/i.test(key)));
  return { ...env, ...extra };
}

/** Run one of the package's linters; its report becomes the failure's message. */
async function check(name: string, args: string[]) {
  await run(bin(name), args, { cwd: packageDir, env: cleanEnv() }).catch((error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`${name} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
}

let server: Server;
let baseUrl: string;
let project: string;
const seen: { method: string; url: string; authkey: string | undefined }[] = [];

function envelope(res: ServerResponse, errno: number, data: unknown, errmsg = 'ok') {
  res.writeHead(errno === 200 ? 200 : 401, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ errno, errmsg, data }));
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const authkey = typeof req.headers.authkey === 'string' ? req.headers.authkey : undefined;
    seen.push({ method: req.method ?? '', url: req.url ?? '', authkey });
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/api/login') return envelope(res, 200, { token: TOKEN, id: 7, account: user.account, enterprise_authentication_status: null });
      if (req.method === 'GET' && req.url === '/api/user/7') return authkey === TOKEN ? envelope(res, 200, user) : envelope(res, 401, null, '请先登录');
      return envelope(res, 404, null, '接口不存在');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  project = mkdtempSync(join(tmpdir(), 'flagship-sdk-consumer-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(project, { recursive: true, force: true });
});

it('installs from its tarball outside the workspace and makes an authenticated call from plain Node', { timeout: 180_000 }, async () => {
  expect(existsSync(join(packageDir, 'dist/index.js')), 'build the SDK first: pnpm --filter @flagship/api-client build').toBe(true);
  await run('pnpm', ['pack', '--pack-destination', project], { cwd: packageDir, env: cleanEnv() });
  const tarball = readdirSync(project).find((f) => f.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  // What a registry would receive: fields, exports and files (publint), and types that resolve
  // for every entry point under Node's and bundlers' ESM resolution (attw; the SDK ships no CommonJS).
  await check('publint', ['run', '--strict', join(project, tarball ?? '')]);
  await check('attw', [join(project, tarball ?? ''), '--profile', 'esm-only', '--no-color']);

  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'foreign-front-end', private: true, type: 'module' }));
  // A registry connection that stalls is dropped and retried rather than waited on for minutes.
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', '--fetch-timeout=20000', '--fetch-retries=5', `./${tarball}`], {
    cwd: project,
    env: cleanEnv(),
  });

  writeFileSync(
    join(project, 'call.mjs'),
    `import { createApiClient, createMemorySessionStore } from '@flagship/api-client';
const errors = [];
const api = createApiClient({
  baseUrl: process.env.API_URL,
  session: createMemorySessionStore(),
  policy: { onError: (message) => errors.push(message), onTransportError: (message) => errors.push(message) },
});
const info = await api.auth.login({ account: '13800000000', password: 'Orchid-Lantern-58', captcha: 'abcd' });
api.session.set(info);
const me = await api.user.get({ id: info.id });
console.log(JSON.stringify({ me, errors }));
`,
  );
  const { stdout } = await run(process.execPath, ['call.mjs'], { cwd: project, env: cleanEnv({ API_URL: baseUrl }), timeout: 60_000 });
  expect(JSON.parse(stdout)).toEqual({ me: user, errors: [] });
  expect(seen).toEqual([
    { method: 'POST', url: '/api/login', authkey: undefined },
    { method: 'GET', url: '/api/user/7', authkey: TOKEN },
  ]);
});

it('type-checks the README\'s second front end against the installed package', { timeout: 120_000 }, async () => {
  expect(existsSync(join(project, 'node_modules/@flagship/api-client/package.json')), 'the install test runs first').toBe(true);
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const example = /<!-- second-front-end[^>]*-->\s*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example, 'README.md: the block after <!-- second-front-end -->').toBeDefined();
  writeFileSync(join(project, 'second-front-end.ts'), example ?? '');
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'], types: [], skipLibCheck: false },
      files: ['second-front-end.ts'],
    }),
  );
  const errors = await run(bin('tsc'), ['-p', project], { cwd: project, env: cleanEnv() }).then(
    () => '',
    (error: Error & { stdout?: string }) => error.stdout || error.message,
  );
  expect(errors).toBe('');
});
