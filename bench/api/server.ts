// The server under test, in its own process so that its RSS and CPU are its own: the real app over
// a database prepared by run.ts, plus one bare route that answers a constant envelope.
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/client';
import { loadConfig } from '../../apps/server/src/env';

const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test', CAPTCHA_TEST: '1', LOG_LEVEL: 'silent' }), validateResponses: false, rateLimit: { max: 1e9, windowMs: 60_000 } };
const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const app = await buildApp({ config, db: handle.db, logger: false });
const bare = { errno: 200, errmsg: 'ok', data: { list: [], total: 0, page: 1, pageSize: 10 } };
app.get('/bench/bare', async () => bare);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
// Exit on SIGTERM so that a CPU profile (--cpu-prof) is written.
process.once('SIGTERM', () => process.exit(0));
