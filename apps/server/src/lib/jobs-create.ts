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
  return pgBossJobs({ ...pgBossConnection(databaseUrl, ssl), concurrency, log, ...pgBoss });
}

/**
 * pg-boss's connection with the same TLS as the app's pool. node-postgres reads the URL's
 * `sslmode=require` as verify-full (libpq, and postgres.js, encrypt without checking the
 * certificate), and the URL's word beats an `ssl` option: so the mode is taken out of the URL and
 * given as the option, from DATABASE_SSL or else from the URL.
 */
export function pgBossConnection(databaseUrl: string, ssl: CreateJobsOptions['ssl']): Pick<PgBossJobsOptions, 'databaseUrl' | 'ssl'> {
  const url = new URL(databaseUrl);
  const mode = ssl ?? url.searchParams.get('sslmode') ?? undefined;
  url.searchParams.delete('sslmode');
  if (mode === undefined) return { databaseUrl: url.toString() };
  const verify = mode === 'verify-full' || mode === 'verify-ca';
  return { databaseUrl: url.toString(), ssl: mode === 'disable' ? false : { rejectUnauthorized: verify } };
}
