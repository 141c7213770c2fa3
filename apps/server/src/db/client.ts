// One way to open the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is
// set. Both come back as the same Drizzle type, so the app never asks which one it has.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { DEFAULT_POOL_MAX, type DatabaseSsl } from '../env';
import { withKeptStatements } from './pglite-statements';
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
  /** Connections in the PostgreSQL pool (default DEFAULT_POOL_MAX). */
  poolSize?: number;
  /** TLS to PostgreSQL; unset: as the URL's `sslmode` says (no TLS when it says nothing). */
  ssl?: DatabaseSsl | undefined;
  /** Named statements, prepared once per connection (default true; false behind PgBouncer in transaction mode). */
  prepare?: boolean | undefined;
  /** Told of every statement Drizzle sends (tests count the queries of a request). */
  onQuery?: ((query: string) => void) | undefined;
}

/** What the pool is doing, for metrics: its size and the queries and transactions not yet done. */
export interface PoolStats {
  kind: DatabaseKind;
  max: number;
  /** Queries and transactions sent and not yet answered (waiting for a connection or running); PostgreSQL only. */
  inFlight?: number;
}

const poolStatsOf = new WeakMap<object, () => PoolStats>();

/**
 * Call `onChange` with the payload of every NOTIFY of `channel`, and with null whenever the
 * listening connection starts or starts again (what was announced meanwhile is lost). Resolves
 * once listening; the function it gives stops listening.
 */
export type Listen = (channel: string, onChange: (payload: string | null) => void) => Promise<() => Promise<void>>;

const listenOf = new WeakMap<object, Listen>();

/** How to listen on a database opened here (undefined for a wrapped or foreign one). */
export function listenFor(db: Database): Listen | undefined {
  return listenOf.get(db);
}

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
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_MAX, options.ssl, options.prepare ?? true, options.onQuery) : openPglite(options.dataDir, options.onQuery);
}

const queryLogger = (onQuery: OpenDatabaseOptions['onQuery']) => (onQuery ? { logQuery: (query: string) => onQuery(query) } : false);

function openPostgres(url: string, max: number, ssl: OpenDatabaseOptions['ssl'], prepare: boolean, onQuery: OpenDatabaseOptions['onQuery']): DatabaseHandle {
  const raw = postgres(url, {
    max,
    // 'require' encrypts without checking the certificate (as libpq's sslmode=require);
    // 'verify-full' checks it and the host name against Node's CAs (add one with NODE_EXTRA_CA_CERTS).
    ...(ssl === undefined ? {} : { ssl: ssl === 'disable' ? false : ssl }),
    idle_timeout: 60,
    connect_timeout: 30,
    // NOTICEs such as "relation already exists, skipping" are not worth a log line.
    onnotice: () => {},
    // A named statement's generic plan is reused; left to choose, PostgreSQL kept planning the
    // search and the list afresh on every execution (docs/decisions.md).
    connection: { TimeZone: DATABASE_TIME_ZONE, application_name: 'flagship', ...(prepare ? { plan_cache_mode: 'force_generic_plan' } : {}) },
  });
  const inFlight = { count: 0 };
  const client = countingInFlight(raw, inFlight, prepare);
  const db = drizzlePostgres({ client, schema, logger: queryLogger(onQuery) }) as unknown as Database;
  // Statements are named (prepared once per connection, planned once): the server then gives each
  // parameter's type, and Drizzle's serializers for date and time types expect text, so a Date
  // handed over as a raw value (a placeholder, a sql`` template) is written as ISO text here.
  for (const type of [1082, 1083, 1114, 1184, 1266]) {
    const passOn = raw.options.serializers[type] ?? String;
    raw.options.serializers[type] = (value: unknown) => (value instanceof Date ? value.toISOString() : passOn(value));
  }
  poolStatsOf.set(db, () => ({ kind: 'postgres', max, inFlight: inFlight.count }));
  // postgres.js listens on a connection of its own, outside the pool, and listens again after it
  // reconnects. Not behind a transaction pooler (DATABASE_PREPARE=0): LISTEN needs a session there,
  // and without it nothing is kept that a notice would have to drop.
  if (prepare) {
    listenOf.set(db, async (channel, onChange) => {
      const { unlisten } = await raw.listen(channel, (payload) => onChange(payload), () => onChange(null));
      return unlisten;
    });
  }
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
 * Drizzle awaits at once, so waiting on it here changes nothing. Statements are also named here
 * (`prepare`): Drizzle names only the queries it was asked to prepare, and an unnamed statement is
 * parsed and planned again on every request — most of PostgreSQL's time per request in the profile.
 */
function countingInFlight(client: postgres.Sql, inFlight: { count: number }, prepare: boolean): postgres.Sql {
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
      if (property === 'unsafe') return namedUnsafe(target, prepare, track);
      if (property === 'begin') {
        // A transaction's statements go through its own connection's `sql`: named there too.
        return (...args: unknown[]) => {
          const body = args.pop() as (sql: postgres.TransactionSql) => unknown;
          const begin = target.begin as (...a: unknown[]) => Promise<unknown>;
          return track(begin(...args, (sql: postgres.TransactionSql) => body(withNamedStatements(sql, prepare))));
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

type Unsafe = postgres.Sql['unsafe'];

function namedUnsafe(target: Pick<postgres.Sql, 'unsafe'>, prepare: boolean, track: <T extends PromiseLike<unknown>>(pending: T) => T = (p) => p): Unsafe {
  return ((query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
    track(target.unsafe(query, params, { ...options, prepare: prepare || options?.prepare === true }))) as Unsafe;
}

function withNamedStatements(sql: postgres.TransactionSql, prepare: boolean): postgres.TransactionSql {
  if (!prepare) return sql;
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') return namedUnsafe(target, prepare);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

async function openPglite(dataDir: string, onQuery: OpenDatabaseOptions['onQuery']): Promise<DatabaseHandle> {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const releaseLock = lockPgliteDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
    await client.exec(`set time zone '${DATABASE_TIME_ZONE}'`);
    // Kept statements are planned once, as on the PostgreSQL pool (docs/decisions.md).
    await client.exec('set plan_cache_mode = force_generic_plan');
  } catch (error) {
    releaseLock();
    throw new Error(`Cannot open the PGlite database in ${dir}: ${(error as Error).message}`, { cause: error });
  }
  const db = drizzlePglite({ client: withKeptStatements(client), schema, logger: queryLogger(onQuery) }) as unknown as Database;
  // One connection, and PGlite runs one statement at a time.
  poolStatsOf.set(db, () => ({ kind: 'pglite', max: 1 }));
  listenOf.set(db, async (channel, onChange) => {
    onChange(null);
    return client.listen(channel, (payload) => onChange(payload));
  });
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
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie (ended, e.g. by kill -9, but not yet reaped by its parent) still answers signal 0.
  return !processEnded(pid);
}

/** Whether Linux's /proc shows `pid` as ended: state Z (zombie) or X (dead). Elsewhere, or unreadable: no. */
function processEnded(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // `pid (command) state …`: the command may itself hold ') ', so the state follows the last one.
  const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
  return state === 'Z' || state === 'X';
}

/**
 * PGlite is one process's database: a second process opening the same files would corrupt them.
 * A lock file next to the data (`<dataDir>/pglite.lock`, holding the pid) refuses that early; a
 * lock left by a process that no longer runs (or is a zombie) is taken over.
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
