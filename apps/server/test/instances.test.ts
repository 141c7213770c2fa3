// Two server processes (`node dist/main.js`) on one PostgreSQL and one S3-compatible server, behind
// nginx running deploy/nginx.conf on loopback: what one instance writes the other reads, a package
// job survives the instance building it, and sessions, rate limits, the access-password gate and
// the micro-caches behave as if there were one server. Each instance has a data directory of its
// own, so nothing can lean on a shared disk.
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createApiClient, createMemorySessionStore, Errno, type ApiClient, type ApiError, type DownloadJob } from '@flagship/api-client';
import { startS3Server, type ThrowawayS3 } from '@flagship/testing';
import { startInstance, startNginx, type Instance, type Nginx } from '@flagship/testing/instances';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { hashPassword } from '../src/db/password';
import { downloadJobs, projects, settings } from '../src/db/schema';
import { createCall, directUser, PNG, validData } from './apply-fixtures';

const postgresUrl = inject('postgresUrl');
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const siteTemplate = fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url));

const UPLOAD_LIMIT_MB = 8;
const ACCESS_PASSWORD = 'Several-Instances-2026';
const MB = 1024 * 1024;

/** A file the server takes for a PDF (it sniffs the first bytes), `size` bytes of noise inside. */
const bigPdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n% '), randomBytes(size), Buffer.from('\n%%EOF\n')]);

/** Await a call that must fail, and return its error (the SDK's ApiError). */
async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('Expected the call to fail');
}

/** A mobile-number style account no other run uses. */
const uniqueAccount = () => `138${String(Date.now() % 1e8).padStart(8, '0')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!postgresUrl)('several instances behind nginx (PostgreSQL, S3)', () => {
  const tempDirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    tempDirs.push(dir);
    return dir;
  };
  let databaseName: string;
  let databaseUrl: string;
  let s3: ThrowawayS3;
  let a: Instance;
  let b: Instance;
  let nginx: Nginx;
  let handle: DatabaseHandle;
  let gateCookie: string;
  const dataDirs: Record<string, string> = {};
  let staticDir: string;

  const startOne = (name: string, seed: boolean) => {
    dataDirs[name] = tempDir(`flagship-${name}-`);
    return startInstance({
      name,
      serverDir,
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        ...s3.env,
        DATA_DIR: dataDirs[name]!,
        TRUST_PROXY: '1',
        CAPTCHA_TEST: '1',
        PASSWORD_HASH_TEST: '1',
        SEED_DEMO: seed ? '1' : '0',
        UPLOAD_LIMIT_MB: String(UPLOAD_LIMIT_MB),
        LOG_LEVEL: 'warn',
      },
    });
  };

  beforeAll(async () => {
    const admin = await openDatabase({ dataDir: tmpdir(), databaseUrl: postgresUrl! });
    databaseName = `flagship_instances_${randomUUID().replaceAll('-', '')}`;
    await admin.db.execute(sql.raw(`create database ${databaseName}`));
    await admin.close();
    databaseUrl = postgresUrl!.replace(/\/postgres$/, `/${databaseName}`);
    s3 = await startS3Server();

    // A migrates and seeds the empty database (demo uploads into the bucket); B starts on it after.
    a = await startOne('a', true);
    handle = await openDatabase({ dataDir: tmpdir(), databaseUrl });
    // The site is closed from the start, before either instance has read the setting: every
    // scenario below also passes the gate with the cookie one instance gave.
    await handle.db.update(settings).set({ accessPasswordEnabled: true, accessPasswordHash: await hashPassword(ACCESS_PASSWORD) });
    b = await startOne('b', false);

    // Built assets as nginx finds them on its disk, each beside its gzip twin.
    staticDir = tempDir('flagship-static-');
    chmodSync(staticDir, 0o755);
    for (const app of ['portal', 'console']) {
      mkdirSync(join(staticDir, app, 'assets'), { recursive: true });
      const script = Buffer.from(`console.log(${JSON.stringify(`${app} `.repeat(500))});\n`);
      writeFileSync(join(staticDir, app, 'assets', 'entry-abc123.js'), script);
      writeFileSync(join(staticDir, app, 'assets', 'entry-abc123.js.gz'), gzipSync(script));
    }
    nginx = await startNginx({
      siteTemplate,
      upstreams: [a, b].map((i) => `127.0.0.1:${i.port}`),
      bodyLimit: `${UPLOAD_LIMIT_MB + 1}m`,
      portalDist: join(staticDir, 'portal'),
      consoleDist: join(staticDir, 'console'),
    });
    gateCookie = await unlock(a.url);
  }, 90_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await handle?.close();
    await s3?.stop();
    if (databaseName) {
      const admin = await openDatabase({ dataDir: tmpdir(), databaseUrl: postgresUrl! });
      await admin.db.execute(sql.raw(`drop database if exists ${databaseName} with (force)`));
      await admin.close();
    }
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** What went wrong on the instances and nginx, for a failed expectation's message. */
  const logs = () => [`--- a ---\n${a.output().slice(-4000)}`, `--- b ---\n${b.output().slice(-4000)}`, `--- nginx ---\n${nginx.errorLog().slice(-2000)}`].join('\n');

  let addressCounter = 0;
  /** A distinct client address: instances called directly trust X-Forwarded-For (TRUST_PROXY=1), like nginx's. */
  const newAddress = () => {
    addressCounter += 1;
    return `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
  };

  /**
   * A browser-like client of one base address: its own cookie jar (which may start with the gate
   * cookie), its own claimed address when it talks to an instance directly, and an SDK over both.
   */
  function client(base: string, options: { gate?: boolean; address?: string | null; token?: { token: string; userId: number; account: string } } = {}) {
    const jar = new Map<string, string>();
    if (options.gate !== false && gateCookie) jar.set('fs_access', gateCookie);
    const address = options.address === undefined ? (base === nginx?.url ? null : newAddress()) : options.address;
    const jarFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (jar.size > 0) request.headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      if (address) request.headers.set('x-forwarded-for', address);
      const response = await fetch(request);
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(';')[0] ?? '';
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      return response;
    };
    const session = createMemorySessionStore();
    if (options.token) session.set({ token: options.token.token, id: options.token.userId, account: options.token.account, enterprise_authentication_status: null });
    const api: ApiClient = createApiClient({ baseUrl: base, fetch: jarFetch, session, policy: { onError: () => {}, onTransportError: () => {}, reload: () => {} } });
    return {
      api,
      fetch: jarFetch,
      jar,
      async captcha() {
        const response = await jarFetch(`${base}/api/verify`);
        await response.arrayBuffer();
        const answer = response.headers.get('x-captcha-answer');
        if (!answer) throw new Error(`No captcha answer (status ${response.status})`);
        return answer;
      },
    };
  }

  /** The access-password cookie an instance gives for the right password. */
  async function unlock(base: string): Promise<string> {
    const visitor = client(base, { gate: false });
    await visitor.api.auth.checkAccessPassword({ password: ACCESS_PASSWORD });
    return visitor.jar.get('fs_access') ?? '';
  }

  it('keeps the access-password gate, captchas and sessions across instances', async () => {
    // Closed on both, and through nginx.
    for (const base of [a.url, b.url, nginx.url]) {
      expect((await apiError(client(base, { gate: false }).api.project.list())).errno, base).toBe(Errno.ACCESS_PASSWORD_REQUIRED);
    }
    // Unlocked on A (in beforeAll): the cookie A gave opens B and nginx too, and B gives the same.
    expect(gateCookie).not.toBe('');
    for (const base of [a.url, b.url, nginx.url]) expect((await client(base).api.project.list()).total, base).toBeGreaterThan(0);
    expect(await unlock(b.url)).toBe(gateCookie);

    // A captcha drawn on A is answered on B (one cookie jar, two instances), and the other way round.
    const address = newAddress();
    const onA = client(a.url, { address });
    const onB = client(b.url, { address });
    onB.jar.clear();
    const account = uniqueAccount();
    const password = 'Flagship-Instances-2026';
    const answerFromA = await onA.captcha();
    for (const [k, v] of onA.jar) onB.jar.set(k, v);
    await onB.api.auth.register({ account, password, captcha: answerFromA });
    const answerFromB = await onB.captcha();
    for (const [k, v] of onB.jar) onA.jar.set(k, v);
    const info = await onA.api.auth.login({ account, password, captcha: answerFromB });
    if (!('token' in info)) throw new Error('no second step was expected');

    // The session A opened works on B and through nginx; logged out on B, it is gone on B at once
    // and on A (which keeps sessions it has read) as soon as the database's notice reaches it.
    const user = { token: info.token, userId: info.id, account };
    for (const base of [b.url, nginx.url, a.url]) expect((await client(base, { token: user }).api.user.get({ id: info.id })).account, base).toBe(account);
    await client(b.url, { token: user }).api.auth.logout();
    expect((await apiError(client(b.url, { token: user }).api.user.get({ id: info.id }))).errno).toBe(Errno.SESSION_INVALID);
    const refusedOnA = await until('A to refuse the ended session', async () => {
      const error = await apiError(client(a.url, { token: user }).api.user.get({ id: info.id })).catch(() => undefined);
      return error?.errno === Errno.SESSION_INVALID ? error : undefined;
    }, 5_000);
    expect(refusedOnA.errno).toBe(Errno.SESSION_INVALID);
  });

  it('counts rate limits across instances, whatever address a client claims through nginx', async () => {
    // One address, ten captchas allowed a minute: alternate instances, the eleventh is refused on both.
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await client(i % 2 ? b.url : a.url, { address }).fetch(`${i % 2 ? b.url : a.url}/api/verify`);
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    for (const base of [a.url, b.url]) expect((await client(base, { address }).fetch(`${base}/api/verify`)).status, base).toBe(429);
    // Another address still has its own budget.
    expect((await client(a.url).fetch(`${a.url}/api/verify`)).status).toBe(200);

    // Through nginx every request forges a new X-Forwarded-For: nginx states the address it saw,
    // so all of them spend one budget, on whichever instance answers.
    const forged = (i: number) => client(nginx.url, { address: `192.0.2.${i + 1}` });
    const viaNginx: number[] = [];
    for (let i = 0; i < 11; i++) viaNginx.push((await forged(i).fetch(`${nginx.url}/api/verify`)).status);
    expect(viaNginx).toEqual([...Array(10).fill(200), 429]);
    const upstreams = new Set(
      nginx
        .accessLog()
        .split('\n')
        .filter((line) => line.includes('/api/verify'))
        .map((line) => line.split(' ')[1]),
    );
    expect(upstreams).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
  });

  it('reads an upload made through one instance on the other and through nginx; no instance keeps it on disk', async () => {
    const owner = await directUser(handle.db);
    const small = bigPdf(300_000);
    const uploaded = await client(a.url, { token: owner }).api.files.upload({ file: new Blob([new Uint8Array(small)]), name: '申报书.pdf' });
    // Through nginx, a file near the limit streams in without nginx holding it.
    const large = bigPdf((UPLOAD_LIMIT_MB - 1) * MB);
    const viaNginx = await client(nginx.url, { token: owner }).api.files.upload({ file: new Blob([new Uint8Array(large)]), name: '附件.pdf' });

    for (const [id, bytes] of [
      [uploaded.id, small],
      [viaNginx.id, large],
    ] as const) {
      for (const base of [a.url, b.url, nginx.url]) {
        const response = await client(base, { token: owner }).fetch(`${base}/api/file/${id}`, { headers: { authkey: owner.token } });
        expect(response.status, `${base} ${await response.clone().text().then((t) => t.slice(0, 200))}`).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(bytes), base).toBe(true);
      }
    }
    // A range of it, through nginx (a video's seek, a resumed download).
    const ranged = await client(nginx.url).fetch(`${nginx.url}/api/file/${viaNginx.id}`, { headers: { authkey: owner.token, range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(large.subarray(100, 200))).toBe(true);

    // Over the server's limit but within nginx's: the server's own message reaches the applicant.
    const tooLarge = await client(nginx.url, { token: owner }).fetch(`${nginx.url}/admin/upload`, {
      method: 'POST',
      headers: { authkey: owner.token },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bigPdf(UPLOAD_LIMIT_MB * MB + 200_000))]), 'big.pdf');
        return form;
      })(),
    });
    const refused = (await tooLarge.json()) as { errno: number; errmsg: string };
    expect(refused.errno, JSON.stringify(refused)).not.toBe(Errno.OK);
    expect(refused.errmsg).toContain(`${UPLOAD_LIMIT_MB}`);

    // Nothing under either data directory's uploads: the bucket holds it all.
    for (const dir of Object.values(dataDirs)) {
      const uploads = join(dir, 'uploads');
      expect(existsSync(uploads) ? readdirSync(uploads, { recursive: true }) : [], uploads).toEqual([]);
    }
  });

  it('serves pre-compressed build assets from nginx’s disk, and asks an instance for what it lacks', async () => {
    const gz = await fetch(`${nginx.url}/assets/entry-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // The twin from disk, sent whole with its length (what nginx compresses itself goes out chunked).
    expect(gz.headers.get('content-length')).toBe(String(statSync(join(staticDir, 'portal', 'assets', 'entry-abc123.js.gz')).size));
    expect(gz.headers.get('cache-control')).toContain('immutable');
    expect(await gz.text()).toContain('portal portal');
    const plain = await fetch(`${nginx.url}/console/assets/entry-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('console console');
    // Not on nginx's disk: an instance answers (here: not found, in the envelope).
    const missing = await fetch(`${nginx.url}/assets/not-built-here.js`);
    expect(missing.status).toBe(404);
    // nginx writes its log line once the answer is sent: wait for it.
    const log = await until('the access log', async () => (/not-built-here/.test(nginx.accessLog()) ? nginx.accessLog() : undefined), 5_000);
    expect(log).toMatch(/^200 - "GET \/assets\/entry-abc123\.js/m);
    expect(log).toMatch(/^404 127\.0\.0\.1:\d+ "GET \/assets\/not-built-here\.js/m);
  });

  it('keeps session tokens of download links out of nginx’s access log', async () => {
    await (await fetch(`${nginx.url}/api/file/987654?authkey=secret-session-token-in-a-link`)).arrayBuffer();
    const log = await until('the access log', async () => (/\/api\/file\/987654/.test(nginx.accessLog()) ? nginx.accessLog() : undefined), 5_000);
    expect(log).toMatch(/"GET \/api\/file\/987654\?\[query omitted\] HTTP/);
    expect(log).not.toContain('secret-session-token-in-a-link');
  });

  it('never serves one applicant’s answer to another from the micro-caches', async () => {
    const call = await createCall(handle.db);
    const params = { projectId: call.projectId, formId: call.formIds[0]! };
    const users = [await directUser(handle.db), await directUser(handle.db)];
    const applyIds: number[] = [];
    for (const user of users) {
      const draft = await client(nginx.url, { token: user }).api.apply.save({ ...params, data: { projectName: `草稿 ${user.account}` }, version: 0 });
      applyIds.push(draft.id);
    }
    // Alternating, through nginx's round robin, well inside the cache's two seconds.
    for (let round = 0; round < 6; round++) {
      for (const [i, user] of users.entries()) {
        const detail = await client(nginx.url, { token: user }).api.project.detail({ id: call.projectId });
        expect(detail.forms[0]?.myApply?.id, `user ${i} round ${round}`).toBe(applyIds[i]);
      }
      const anonymous = await client(nginx.url).api.project.detail({ id: call.projectId });
      expect(anonymous.forms[0]?.myApply ?? null, `anonymous round ${round}`).toBeNull();
      // A token in the query counts only on links (files, packages): here it is an anonymous call,
      // answered (and cached) as one, never with the applicant's data.
      const viaQuery = await client(nginx.url).fetch(`${nginx.url}/api/project/${call.projectId}?authkey=${users[round % 2]!.token}`);
      const body = (await viaQuery.json()) as { data: { forms: { myApply: { id: number } | null }[] } };
      expect(body.data.forms[0]?.myApply ?? null).toBeNull();
    }

    // Each instance keeps the call it read (issue 11) until the database announces a change: a new
    // title reaches both within moments, without waiting out any cache's time.
    for (const base of [a.url, b.url]) await client(base, { token: users[0]! }).api.project.detail({ id: call.projectId });
    await handle.db.update(projects).set({ title: '两台实例都看到的新标题' }).where(eq(projects.id, call.projectId));
    for (const base of [a.url, b.url]) {
      const seen = await until(`the new title on ${base}`, async () => {
        const detail = await client(base, { token: users[0]! }).api.project.detail({ id: call.projectId });
        return detail.title === '两台实例都看到的新标题' ? detail : undefined;
      }, 5_000);
      expect(seen.forms[0]?.myApply?.id).toBe(applyIds[0]);
    }

    // Pages rendered on the server: a visitor's page is reused for two seconds, a signed-in
    // applicant's never (the portal's session cookies, as the browser sends them).
    const page = async (user?: { token: string; userId: number; account: string }) => {
      const cookies = [`fs_access=${gateCookie}`];
      if (user) {
        const info = { token: user.token, id: user.userId, account: user.account, enterprise_authentication_status: null };
        cookies.push(`flagship-portal-token=${user.token}`, `flagship-portal-userinfo=${encodeURIComponent(JSON.stringify(info))}`);
      }
      const response = await fetch(`${nginx.url}/index`, { headers: { accept: 'text/html', cookie: cookies.join('; ') } });
      expect(response.headers.get('cache-control')).toContain('private');
      return response.text();
    };
    for (let round = 0; round < 4; round++) {
      for (const [i, user] of users.entries()) {
        const html = await page(user);
        expect(html, `page of user ${i}`).toContain(user.account);
        expect(html).not.toContain(users[1 - i]!.account);
      }
      const html = await page();
      for (const user of users) expect(html, 'a visitor’s page').not.toContain(user.account);
    }
  });

  /** Upload attachments, submit the application: returns the form's params and the files by name. */
  async function submittedApplication(base: string, user: { token: string; userId: number; account: string }, attachmentBytes: number) {
    const call = await createCall(handle.db);
    const params = { projectId: call.projectId, formId: call.formIds[0]! };
    const sdk = client(base, { token: user }).api;
    const proposal = bigPdf(attachmentBytes);
    const evidence = [bigPdf(attachmentBytes), bigPdf(attachmentBytes)];
    const upload = (bytes: Buffer, name: string) => sdk.files.upload({ file: new Blob([new Uint8Array(bytes)]), name });
    const ids = {
      proposal: (await upload(proposal, '申报书正文.pdf')).id,
      evidence: [(await upload(evidence[0]!, '证明一.pdf')).id, (await upload(evidence[1]!, '证明二.pdf')).id],
      poster: (await upload(PNG, '海报.png')).id,
    };
    await sdk.apply.save({ ...params, data: validData(ids), version: 0, submit: true });
    return { params, files: { '附件/申报书正文.pdf': proposal, '附件/证明一.pdf': evidence[0]!, '附件/证明二.pdf': evidence[1]!, '附件/海报.png': PNG } };
  }

  const waitForJob = (sdk: ApiClient, params: { projectId: number; formId: number }, name: string, timeoutMs = 30_000) =>
    until(
      `package ${name}`,
      async () => {
        const job: DownloadJob = await sdk.apply.downloadStatus({ ...params, name });
        return job.status === 'done' || job.status === 'failed' ? job : undefined;
      },
      timeoutMs,
    );

  async function expectPackage(base: string, user: { token: string; userId: number; account: string }, params: { projectId: number; formId: number }, name: string, files: Record<string, Buffer>) {
    const sdk = client(base, { token: user });
    const response = await sdk.fetch(sdk.api.urls.download({ ...params, name }));
    expect(response.status, base).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
    for (const [path, bytes] of Object.entries(files)) expect(Buffer.from(zip[path] ?? []).equals(bytes), `${base} ${path}`).toBe(true);
    expect(Object.keys(zip).some((path) => path.endsWith('.docx'))).toBe(true);
  }

  it('builds a package asked for on A wherever a worker takes it, and serves it through B and nginx', async () => {
    const user = await directUser(handle.db);
    const { params, files } = await submittedApplication(a.url, user, 1 * MB);
    const job = await client(a.url, { token: user }).api.apply.download(params);
    const done = await waitForJob(client(b.url, { token: user }).api, params, job.name);
    expect(done, logs()).toMatchObject({ status: 'done', error: null });
    await expectPackage(b.url, user, params, job.name, files);
    await expectPackage(nginx.url, user, params, job.name, files);
  }, 60_000);

  // Last: it kills A.
  it('finishes a package on B when A is killed while building it', async () => {
    const user = await directUser(handle.db);
    // Big enough that building takes a while: three attachments of 7 MB of noise.
    const { params, files } = await submittedApplication(a.url, user, 7 * MB);
    // B holds still, so that A is the worker that takes the job; A dies mid-build; B goes on.
    b.pause();
    let running: string | undefined;
    try {
      const job = await client(a.url, { token: user }).api.apply.download(params);
      running = await until(
        'A to start building',
        async () => {
          const [row] = await handle.db.select({ status: downloadJobs.status }).from(downloadJobs).where(eq(downloadJobs.name, job.name));
          return row?.status === 'running' ? job.name : undefined;
        },
        15_000,
      );
      await a.kill('SIGKILL');
    } finally {
      b.resume();
    }
    const [row] = await handle.db.select({ status: downloadJobs.status }).from(downloadJobs).where(eq(downloadJobs.name, running));
    expect(row?.status, 'the package was finished before A was killed: make it bigger').toBe('running');

    // Through nginx: A is down, nginx finds B.
    const done = await waitForJob(client(nginx.url, { token: user }).api, params, running, 60_000).catch(async (error: Error) => {
      const queue = await handle.db.execute(sql`select * from pgboss.job where name = 'application-package'`).catch((e: Error) => e.message);
      throw new Error(`${error.message}\n${JSON.stringify(queue, null, 1)}\n${logs()}`);
    });
    expect(done, logs()).toMatchObject({ status: 'done', error: null });
    await expectPackage(nginx.url, user, params, running, files);
  }, 90_000);
});
