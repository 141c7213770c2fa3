// A real server on loopback over a fresh copy of the demo database, and SDK clients that talk to
// it over HTTP with their own cookie jars.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, createMemorySessionStore, type ApiClient, type ApiError, type UserInfo, type UserLoginResult } from '@flagship/api-client';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import { loadConfig, type Config } from '../src/env';
import type { Jobs } from '../src/lib/jobs';
import { createJobs } from '../src/lib/jobs-create';
import { MAIL_JOBS, MAIL_WAIT_SECONDS } from '../src/lib/mailer';
import { silentLog } from './silent-log';

export { silentLog } from './silent-log';

export type Driver = 'pglite' | 'postgres';

/** The same queue, but every retry comes at once: tests of what happens after the last retry. */
export function fastRetries(jobs: Jobs): Jobs {
  return { ...jobs, kind: jobs.kind, send: (kind, data, options) => jobs.send(kind, data, { ...options, retryDelay: 0, retryBackoff: false }) };
}


/** The drivers this run covers: PGlite always, PostgreSQL when the harness could start one. */
export const drivers: Driver[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  handle: DatabaseHandle;
  baseUrl: string;
  config: Config;
  /** A new SDK client with its own cookie jar and session; `errors` collects what the policy was told. */
  client(): TestClient;
  /** Register and log in a new applicant; returns the client holding the session. */
  newUser(account?: string, password?: string): Promise<TestClient & { account: string; password: string; userId: number }>;
  /** Messages written to the outbox once the queued ones are sent (mail goes through the job queue). */
  outbox(): Promise<string[]>;
  /** The newest verification code sent to `account` (mail goes out after the answer, so this waits for it). */
  codeFor(account: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestClient {
  api: ApiClient;
  fetch: typeof fetch;
  errors: string[];
  /** A fresh captcha answer bound to this client's cookie jar. */
  captcha(): Promise<string>;
}

/** A fetch that keeps cookies, like a browser on one site. */
export function cookieFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const request = new Request(input, init);
    if (jar.size > 0) request.headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

let counter = 0;
/** A unique applicant account (mobile-number style). */
/** The session an applicant's login opened; throws when it asked for the second step instead. */
export function signedIn(result: UserLoginResult): UserInfo {
  if (!('token' in result)) throw new Error(`login asked for a second step for ${result.account}`);
  return result;
}

export function uniqueAccount(): string {
  counter += 1;
  const n = (Date.now() % 1e6) * 100 + (counter % 100) + process.pid * 7;
  return `139${String(n % 1e8).padStart(8, '0')}`;
}

export interface ServerOptions {
  /** Where the server logs (silent by default). */
  logger?: BuildOptions['logger'];
  /** Wraps the database the server uses (tests that step in between its queries); `handle.db` stays unwrapped. */
  wrapDb?: (db: Database) => Database;
  /** Wraps the job queue the server uses (tests that shorten retries). */
  wrapJobs?: (jobs: Jobs) => Jobs;
  /** Told of every statement sent to the database (tests that count the queries of a request). */
  onQuery?: (query: string) => void;
}

export async function startTestServer(driver: Driver = 'pglite', overrides: Partial<Config> = {}, options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flagship-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  // The seed's uploads (files of the demo applicants) live next to the templates.
  cpSync(join(inject('pgliteTemplate'), 'uploads'), join(dataDir, 'uploads'), { recursive: true });
  if (driver === 'pglite') {
    cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  } else {
    const serverUrl = inject('postgresUrl');
    if (!serverUrl) throw new Error('PostgreSQL was not started by the global setup');
    const name = `flagship_${randomUUID().replaceAll('-', '')}`;
    const admin = await openDatabase({ dataDir, databaseUrl: serverUrl });
    await admin.db.execute(sql.raw(`create database ${name} template flagship_template`));
    await admin.close();
    databaseUrl = serverUrl.replace(/\/postgres$/, `/${name}`);
    dropDatabase = async () => {
      const again = await openDatabase({ dataDir, databaseUrl: serverUrl });
      await again.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await again.close();
    };
  }
  const loaded = loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const config: Config = {
    ...loaded,
    databaseUrl,
    // The test and the server share one thread here: a fixture inserting thousands of rows on
    // PGlite, on a loaded CI machine, counts as the server's lag and the next request would be
    // shed. Shedding has its own tests (operations.test.ts), which set their thresholds.
    loadShedding: { ...loaded.loadShedding, maxEventLoopDelayMs: 0 },
    rateLimit: { max: 10_000, windowMs: 60_000 },
    // Tests read what they just wrote; the micro-cache has its own test.
    publicCacheMs: 0,
    ...overrides,
  };
  const handle = await openDatabase({ dataDir, databaseUrl, onQuery: options.onQuery });
  const jobs = options.wrapJobs?.(createJobs({ databaseUrl, concurrency: config.jobConcurrency, log: silentLog }));
  const app = await buildApp({ config, db: options.wrapDb?.(handle.db) ?? handle.db, logger: options.logger ?? false, jobs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const client = (): TestClient => {
    const jarFetch = cookieFetch();
    const errors: string[] = [];
    const api = createApiClient({
      baseUrl,
      fetch: jarFetch,
      session: createMemorySessionStore(),
      policy: {
        onError: (message) => errors.push(message),
        onTransportError: (message) => errors.push(message),
        reload: () => {},
      },
    });
    return {
      api,
      fetch: jarFetch,
      errors,
      captcha: async () => {
        const response = await jarFetch(`${baseUrl}/api/verify`);
        await response.arrayBuffer();
        const answer = response.headers.get('x-captcha-answer');
        if (!answer) throw new Error('No captcha answer: is CAPTCHA_TEST on?');
        return answer;
      },
    };
  };

  const readOutbox = () => {
    const dir = join(dataDir, 'outbox');
    try {
      return readdirSync(dir).sort().map((f) => readFileSync(join(dir, f), 'utf8'));
    } catch {
      return [];
    }
  };

  return {
    app,
    handle,
    baseUrl,
    config,
    client,
    async newUser(account = uniqueAccount(), password = 'Flagship-Test-2026') {
      const c = client();
      await c.api.auth.register({ account, password, captcha: await c.captcha() });
      const info = signedIn(await c.api.auth.login({ account, password, captcha: await c.captcha() }));
      c.api.session.set(info);
      return { ...c, account, password, userId: info.id };
    },
    async outbox() {
      // Notices may wait up to MAIL_WAIT_SECONDS while this process is busy.
      await app.jobs.settle(MAIL_JOBS, MAIL_WAIT_SECONDS * 1000 + 10_000);
      return readOutbox();
    },
    async codeFor(account) {
      for (let waited = 0; waited < 5_000; waited += 20) {
        // The latest message that carries a code, not the latest message: the login brake's
        // warning, queued after its answer, can be written after a code asked for just then.
        const code = readOutbox()
          .filter((m) => m.includes(`To: ${account}\n`))
          .map((m) => /验证码：(\d{6})/.exec(m)?.[1])
          .filter(Boolean)
          .at(-1);
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`No code for ${account} in the outbox`);
    },
    async close() {
      await app.close();
      await handle.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Await a call that must fail, and return its ApiError. */
export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('Expected the call to fail');
}

/**
 * A wrapped database's `_` (its session) whose statements made once from SQL (`preparedSql` in
 * db/prepared.ts) run `hook` before each is sent: a test that holds or changes the database right
 * before a write reaches those as it reaches `execute` and the query builders. Only those sent on
 * the database itself: one run inside a transaction goes through the transaction's own session.
 */
export function hookPreparedSql(internals: Database['_'], hook: () => Promise<unknown>): Database['_'] {
  const session = new Proxy(internals.session, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property !== 'prepareQuery') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      return (...args: Parameters<typeof target.prepareQuery>) => {
        const query = target.prepareQuery(...args);
        return Object.assign(Object.create(query) as typeof query, {
          execute: async (...values: Parameters<typeof query.execute>) => {
            await hook();
            return query.execute(...values);
          },
        });
      };
    },
  });
  return { ...internals, session };
}
