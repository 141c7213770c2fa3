// Programme dashboard bench: GET /api/console/dashboard over the deadline bench's programme-scale
// database (PostgreSQL: 10 000 calls, 1 000 000 applications), p50/p99 with 1 and `connections`
// connections, beside the bare route of the same server in the same run.
// Usage: pnpm --filter @flagship/bench exec tsx dashboard/run.ts [--database-url URL] [--requests 50] [--connections 10]
//   --database-url reuses a PostgreSQL database (prepared on first use); without it a throwaway
//   server is started and prepared (minutes on 2 cores).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { startPostgres } from '@flagship/testing/postgres';
import { startBuiltServer } from '../api/built-server';
import { hashToken, newToken, STAFF_TOKEN_PREFIX } from '../../apps/server/src/auth/tokens';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { staff, staffSessions } from '../../apps/server/src/db/schema';
import { DEMO_ADMIN } from '../../apps/server/src/db/seed';
import { rowsOf } from '../../apps/server/src/lib/rows';
import { POSTGRES_SCALE, prepareDeadline } from '../deadline/prepare';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: '' },
    requests: { type: 'string', default: '50' },
    connections: { type: 'string', default: '10' },
    'prepare-only': { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const connections = Number(values.connections);
const expected = POSTGRES_SCALE.applicants * POSTGRES_SCALE.perApplicant;

/** Prepares the database unless it already holds the programme; returns an admin's console token. */
async function ready(dataDir: string, databaseUrl: string): Promise<{ token: string; applications: number }> {
  let handle = await openDatabase({ dataDir, databaseUrl });
  await migrateDatabase(handle);
  const count = async () => Number(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from applications`))[0]?.n ?? 0);
  if ((await count()) < expected) {
    await handle.close();
    const started = Date.now();
    await prepareDeadline(dataDir, databaseUrl, POSTGRES_SCALE);
    process.stdout.write(`prepared ${expected} applications in ${Math.round((Date.now() - started) / 1000)} s\n`);
    handle = await openDatabase({ dataDir, databaseUrl });
  }
  const applications = await count();
  const [admin] = await handle.db.select({ id: staff.id }).from(staff).where(eq(staff.account, DEMO_ADMIN.account));
  const token = newToken(STAFF_TOKEN_PREFIX);
  await handle.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: admin!.id, expiresAt: new Date(Date.now() + 86_400_000), ip: '127.0.0.1', userAgent: 'bench' });
  await handle.close();
  return { token, applications };
}

const throwaway = values['database-url'] ? undefined : await startPostgres();
const databaseUrl = values['database-url'] || throwaway!.url;
const dataDir = mkdtempSync(join(tmpdir(), 'flagship-dashboard-bench-'));
try {
  const { token, applications } = await ready(dataDir, databaseUrl);
  if (values['prepare-only']) process.exit(0);
  const { child, port } = await startBuiltServer({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: '0' });
  const base = `http://127.0.0.1:${port}`;
  const headers = { authkey: token };
  const first = await fetch(`${base}/api/console/dashboard`, { headers });
  const body = (await first.json()) as { errno: number; errmsg: string };
  if (body.errno !== 200) throw new Error(`dashboard failed: ${body.errmsg}`);

  const run = async (url: string, withToken: boolean, clients: number) => {
    const r = await autocannon({ url, connections: clients, amount: Math.max(requests, clients), headers: withToken ? headers : {} });
    // Timeouts (autocannon gives up after 10 s) apart from answers other than 2xx (e.g. 503 from load shedding).
    return `${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, timeouts ${r.timeouts}, other errors ${r.errors - r.timeouts}, non-2xx ${r.non2xx}`;
  };
  const rows = [
    `| bare route, ${connections} connections | ${await run(`${base}/bench/bare`, false, connections)} |`,
    `| GET dashboard, 1 connection | ${await run(`${base}/api/console/dashboard`, true, 1)} |`,
    `| GET dashboard, ${connections} connections | ${await run(`${base}/api/console/dashboard`, true, connections)} |`,
  ];
  child.kill('SIGTERM');
  const table = [
    `PostgreSQL, ${applications} applications over ${POSTGRES_SCALE.calls} calls; ${requests} requests per case.`,
    '',
    '| case | result |',
    '|---|---|',
    ...rows,
  ].join('\n');
  process.stdout.write(`\n${table}\n`);
  writeFileSync(new URL('./results.md', import.meta.url), `${table}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  throwaway?.stop();
}
process.exit(0);
