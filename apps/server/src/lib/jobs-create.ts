import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from './jobs';
import { inProcessJobs } from './jobs-in-process';
import { pgBossJobs, type PgBossJobsOptions } from './jobs-pg-boss';

export interface CreateJobsOptions {
  /** Set: pg-boss on this PostgreSQL. Unset (the embedded PGlite start): the in-process queue. */
  databaseUrl: string | undefined;
  /** Attempts of one kind at once in this process (JOB_CONCURRENCY). */
  concurrency: number;
  log: FastifyBaseLogger;
  /** TLS of pg-boss's connections, as DATABASE_SSL says for the app's (unset: as the URL's sslmode says). */
  ssl?: 'disable' | 'require' | 'verify-full' | undefined;
  /** pg-boss only: its pool and timings (tests shorten them). */
  pgBoss?: Omit<PgBossJobsOptions, 'databaseUrl' | 'concurrency' | 'log' | 'ssl'>;
}

/** The job queue for this configuration: pg-boss on PostgreSQL, in-process on PGlite. */
export function createJobs({ databaseUrl, concurrency, log, ssl, pgBoss }: CreateJobsOptions): Jobs {
  if (!databaseUrl) return inProcessJobs({ concurrency, log });
  // 'require' encrypts without checking the certificate, as libpq's sslmode=require (and the app's pool) do.
  const tls = ssl === undefined ? {} : { ssl: ssl === 'disable' ? false : { rejectUnauthorized: ssl === 'verify-full' } };
  return pgBossJobs({ databaseUrl, concurrency, log, ...tls, ...pgBoss });
}
