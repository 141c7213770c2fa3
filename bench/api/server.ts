// The server under test, in its own process so that its RSS and CPU are its own: the real app over
// a database prepared by run.ts, plus one bare route that answers a constant envelope, and the same
// envelope after one round trip to the database (a read, a write): the floor of a case that must go
// to the database once, on this host.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/client';
import { loadConfig } from '../../apps/server/src/env';

const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test', CAPTCHA_TEST: '1', LOG_LEVEL: 'silent' }), validateResponses: false, rateLimit: { max: 1e9, windowMs: 60_000 } };
const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: config.database.poolMax });
const app = await buildApp({ config, db: handle.db, logger: false });
const bare = { errno: 200, errmsg: 'ok', data: { list: [], total: 0, page: 1, pageSize: 10 } };
app.get('/bench/bare', async () => bare);
app.get('/bench/one-read', async () => {
  await handle.db.execute(sql`select 1`);
  return bare;
});
// A table of the bench's own, 200 rows as the 200 applicants of the autosave case. The write
// stores what was posted, if anything, as a draft's answers are stored.
await handle.db.execute(sql`create table if not exists bench_floor (id integer primary key, n integer not null default 0, data jsonb)`);
await handle.db.execute(sql`alter table bench_floor add column if not exists data jsonb`);
await handle.db.execute(sql`insert into bench_floor (id) select generate_series(1, 200) on conflict do nothing`);
app.post<{ Querystring: { id?: string }; Body: unknown }>('/bench/one-write', async (req) => {
  const data = req.body === undefined ? null : JSON.stringify(req.body);
  await handle.db.execute(sql`update bench_floor set n = n + 1, data = ${data}::jsonb where id = ${Number(req.query.id ?? 1)}`);
  return bare;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
// Exit on SIGTERM so that a CPU profile (--cpu-prof) is written.
process.once('SIGTERM', () => process.exit(0));
