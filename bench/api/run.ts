// API benchmark: autocannon against list, detail, search and login, on PGlite and on
// PostgreSQL, each beside a bare route of the same server in the same run.
// Usage: pnpm --filter @flagship/bench api [--duration 10] [--connections 50] [--cache-ms 2000]
// (--cache-ms 0 measures every request against the database, without the public micro-cache).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { postgresWanted, startPostgres } from '@flagship/testing/postgres';
import { startBuiltServer } from './built-server';
import { BENCH_ACCOUNT, BENCH_PASSWORD, prepare } from './prepare';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, 'cache-ms': { type: 'string', default: '2000' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

interface Row {
  driver: string;
  case: string;
  rps: number;
  p50: number;
  p99: number;
  ratio: number;
  rssMb: number;
  errors: number;
}

/** What one virtual user keeps between fetching a captcha and logging in. */
interface Captcha {
  answer?: string;
  cookie?: string;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function run(url: string, options: Partial<autocannon.Options>) {
  const result = await autocannon({ url, connections, duration, ...options });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function benchDriver(driver: 'pglite' | 'postgres', databaseUrl?: string): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flagship-bench-'));
  await prepare(dataDir, databaseUrl);
  const { child, port } = await startBuiltServer({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', PUBLIC_CACHE_MS: values['cache-ms'] });
  const base = `http://127.0.0.1:${port}`;
  const detailId = ((await (await fetch(`${base}/api/project?pageSize=1`)).json()) as { data: { list: { id: number }[] } }).data.list[0]?.id;

  const rows: Row[] = [];
  const record = (name: string, r: Awaited<ReturnType<typeof run>>, bare: number) =>
    rows.push({ driver, case: name, ...r, ratio: bare ? r.rps / bare : 1, rssMb: rssMb(child.pid as number) });

  const bare = await run(`${base}/bench/bare`, {});
  record('bare route', bare, bare.rps);
  record('GET /api/project (10 of 10 000)', await run(`${base}/api/project?page=3&pageSize=10`, {}), bare.rps);
  record('GET /api/project/{id}', await run(`${base}/api/project/${detailId}`, {}), bare.rps);
  record('GET /api/search', await run(`${base}/api/search?keyword=${encodeURIComponent('舞蹈')}`, {}), bare.rps);
  // Login needs a fresh captcha each time: each virtual user fetches one, then logs in.
  const login = await run(base, {
    connections: Math.min(connections, 8),
    requests: [
      {
        method: 'GET',
        path: '/api/verify',
        onResponse: (_status, _body, context: Captcha, headers) => {
          const h = headers as Record<string, string>;
          context.answer = h['x-captcha-answer'];
          context.cookie = String(h['set-cookie'] ?? '').split(';')[0];
        },
      },
      {
        method: 'POST',
        path: '/api/login',
        setupRequest: (request, context: Captcha) => ({
          ...request,
          headers: { 'content-type': 'application/json', cookie: String(context.cookie) },
          body: JSON.stringify({ account: BENCH_ACCOUNT, password: BENCH_PASSWORD, captcha: context.answer }),
        }),
      },
    ],
  });
  record('captcha + POST /api/login (8 connections)', login, bare.rps);
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

const rows = await benchDriver('pglite');
if (postgresWanted()) {
  const pg = await startPostgres();
  try {
    rows.push(...(await benchDriver('postgres', pg.url)));
  } finally {
    pg.stop();
  }
}

const table = [
  '| driver | case | req/s | p50 ms | p99 ms | × bare | server RSS MB | errors |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.driver} | ${r.case} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.ratio.toFixed(2)} | ${r.rssMb} | ${r.errors} |`),
].join('\n');
process.stdout.write(`\n${duration} s per case, ${connections} connections, public cache ${values['cache-ms']} ms\n\n${table}\n`);
writeFileSync(new URL('./results.md', import.meta.url), `${table}\n`);
process.exit(0);
