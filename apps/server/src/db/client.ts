// One way to open the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is
// set. Both come back as the same Drizzle type, so the app never asks which one it has.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { DatabaseSsl } from '../env';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * The Drizzle database, whichever driver is underneath. Raw `db.execute(sql…)` results differ by
 * driver (PGlite answers `{ rows }`, postgres.js an array): read them with `rowsOf` from lib/rows.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction: what helpers that may run inside a transaction take. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Close the pool or the PGlite instance; safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Where PGlite keeps its files (in `<dataDir>/pglite`); unused with PostgreSQL. */
  dataDir: string;
  /** `postgres://…`: use PostgreSQL instead of PGlite. */
  databaseUrl?: string | undefined;
  /** Connections in the PostgreSQL pool (default 10). */
  poolSize?: number;
  /** TLS to PostgreSQL; unset: as the URL's `sslmode` says (no TLS when it says nothing). */
  ssl?: DatabaseSsl | undefined;
}

/** What the pool is doing, for metrics: its size and the queries and transactions not yet done. */
export interface PoolStats {
  kind: DatabaseKind;
  max: number;
  /** Queries and transactions sent and not yet answered (waiting for a connection or running); PostgreSQL only. */
  inFlight?: number;
}

const poolStatsOf = new WeakMap<object, () => PoolStats>();

/** The pool figures of a database opened here (undefined for a wrapped or foreign one). */
export function poolStats(db: Database): PoolStats | undefined {
  return poolStatsOf.get(db)?.();
}

/**
 * Every session runs in the programme's time zone, so date arithmetic in SQL (`::date`, the year
 * of a serial number) means the same on every driver and server, whatever their own settings.
 */
export const DATABASE_TIME_ZONE = 'Asia/Shanghai';

/** Open the database; the caller migrates it (`migrateDatabase`) before use. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.ssl) : openPglite(options.dataDir);
}

function openPostgres(url: string, max: number, ssl: OpenDatabaseOptions['ssl']): DatabaseHandle {
  const raw = postgres(url, {
    max,
    // 'require' encrypts without checking the certificate (as libpq's sslmode=require);
    // 'verify-full' checks it and the host name against Node's CAs (add one with NODE_EXTRA_CA_CERTS).
    ...(ssl === undefined ? {} : { ssl: ssl === 'disable' ? false : ssl }),
    idle_timeout: 60,
    connect_timeout: 30,
    // NOTICEs such as "relation already exists, skipping" are not worth a log line.
    onnotice: () => {},
    connection: { TimeZone: DATABASE_TIME_ZONE, application_name: 'flagship' },
  });
  const inFlight = { count: 0 };
  const client = countingInFlight(raw, inFlight);
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  poolStatsOf.set(db, () => ({ kind: 'postgres', max, inFlight: inFlight.count }));
  let closed = false;
  return {
    db,
    kind: 'postgres',
    async close() {
      if (closed) return;
      closed = true;
      await raw.end({ timeout: 5 });
    },
  };
}

/**
 * postgres.js keeps its pool's state to itself; Drizzle sends every statement through `unsafe`
 * and every transaction through `begin` (which holds one connection until it ends), so counting
 * those until they settle tells how busy the pool is. A query is sent when first awaited, and
 * Drizzle awaits at once, so waiting on it here changes nothing.
 */
function countingInFlight(client: postgres.Sql, inFlight: { count: number }): postgres.Sql {
  const track = <T extends PromiseLike<unknown>>(pending: T): T => {
    inFlight.count += 1;
    const done = () => {
      inFlight.count -= 1;
    };
    void pending.then(done, done);
    return pending;
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return (...args: Parameters<postgres.Sql['unsafe']>) => track(target.unsafe(...args));
      if (property === 'begin') return (...args: unknown[]) => track((target.begin as (...a: unknown[]) => Promise<unknown>)(...args));
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const releaseLock = lockPgliteDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
    await client.exec(`set time zone '${DATABASE_TIME_ZONE}'`);
  } catch (error) {
    releaseLock();
    throw new Error(`Cannot open the PGlite database in ${dir}: ${(error as Error).message}`, { cause: error });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  // One connection, and PGlite runs one statement at a time.
  poolStatsOf.set(db, () => ({ kind: 'pglite', max: 1 }));
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a second process opening the same files would corrupt them.
 * A lock file next to the data (`<dataDir>/pglite.lock`, holding the pid) refuses that early; a
 * lock left by a process that no longer runs is taken over.
 */
export function lockPgliteDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = NaN;
      try {
        holder = Number(readFileSync(path, 'utf8').trim());
      } catch {
        // Removed in between: try again.
      }
      if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) {
        const who = holder === process.pid ? 'this process (close the other handle first)' : `process ${holder}`;
        throw new Error(
          `The PGlite database in ${join(dataDir, 'pglite')} is already open in ${who}. ` +
            'PGlite allows one process per data directory: stop the other server, or use PostgreSQL (DATABASE_URL) to run several.',
          { cause: error },
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Cannot lock the PGlite data directory ${dataDir}`);
}
