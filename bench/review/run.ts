// Expert review bench: automatic assignment of 2 000 applications × 200 experts × 3 (time and
// balance), and the ranking of a call of 2 000 applications and 6 000 reviews (p99, beside the
// bare route of the same server in the same run), on PGlite and on PostgreSQL.
// Usage: pnpm --filter @flagship/bench exec tsx review/run.ts [--duration 10] [--connections 10]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { postgresWanted, startPostgres } from '@flagship/testing/postgres';
import { startBuiltServer } from '../api/built-server';
import { APPLICATIONS, EXPERTS, PER_APPLICATION, prepareReview } from './prepare';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

async function benchDriver(driver: 'pglite' | 'postgres', databaseUrl?: string): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flagship-review-bench-'));
  const prepared = await prepareReview(dataDir, databaseUrl);
  const { child, port } = await startBuiltServer({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SEED_DEMO: '0' });
  const base = `http://127.0.0.1:${port}`;
  const headers = { authkey: prepared.token, 'content-type': 'application/json' };

  const started = performance.now();
  const response = await fetch(`${base}/api/console/project/${prepared.assignCall}/review/auto-assign`, { method: 'POST', headers, body: '{}' });
  const seconds = (performance.now() - started) / 1000;
  const assigned = (await response.json()) as { errno: number; errmsg: string; data: { created: number; skipped: unknown[]; minLoad: number; maxLoad: number } };
  if (assigned.errno !== 200) throw new Error(`auto-assign failed: ${assigned.errmsg}`);
  const { created, skipped, minLoad, maxLoad } = assigned.data;

  const run = async (url: string, withToken: boolean, clients = connections) => {
    const r = await autocannon({ url, connections: clients, duration, headers: withToken ? headers : {} });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
  };
  const bare = await run(`${base}/bench/bare`, false);
  const rankingUrl = `${base}/api/console/project/${prepared.rankingCall}/review/ranking?pageSize=50`;
  // One member of staff at a time, then `connections` at once (errors: 503 when the server sheds load).
  const alone = await run(rankingUrl, true, 1);
  const ranking = await run(rankingUrl, true);
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  return [
    `| ${driver} | auto-assign ${APPLICATIONS} × ${EXPERTS} × ${PER_APPLICATION} | ${seconds.toFixed(2)} s for ${created} assignments, ${skipped.length} skipped; load ${minLoad}–${maxLoad} (max − min ${maxLoad - minLoad}) |`,
    `| ${driver} | bare route | ${Math.round(bare.rps)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms, errors ${bare.errors} |`,
    `| ${driver} | GET ranking, 1 connection | ${Math.round(alone.rps)} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms, errors ${alone.errors} |`,
    `| ${driver} | GET ranking (${APPLICATIONS} applications, ${APPLICATIONS * PER_APPLICATION} reviews), ${connections} connections | ${Math.round(ranking.rps)} req/s, p50 ${ranking.p50} ms, p99 ${ranking.p99} ms, errors ${ranking.errors} |`,
  ];
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
const table = ['| driver | case | result |', '|---|---|---|', ...rows].join('\n');
process.stdout.write(`\n${duration} s per load case, ${connections} connections\n\n${table}\n`);
writeFileSync(new URL('./results.md', import.meta.url), `${table}\n`);
process.exit(0);
