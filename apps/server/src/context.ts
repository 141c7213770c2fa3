import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { Config } from './env';
import type { Jobs } from './lib/jobs';
import type { Mailer } from './lib/mailer';
import type { Storage } from './lib/storage';
import type { VirusScanner } from './lib/virus-scan';

/** What every module's handlers get: configuration, the database and the outside world. */
export interface AppContext {
  config: Config;
  db: Database;
  storage: Storage;
  /** ClamAV's daemon, when CLAMD_ADDRESS is set: uploads are scanned before they are accepted. */
  virusScanner: VirusScanner | null;
  mailer: Mailer;
  /** The job queue: pg-boss on PostgreSQL, in-process on PGlite. */
  jobs: Jobs;
  log: FastifyBaseLogger;
}
