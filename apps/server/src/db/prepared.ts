// Queries on the hot paths of the deadline hour, built once per database instead of on every
// request: Drizzle's prepared queries take their values through `sql.placeholder`, so a request
// only fills them in. Building a select (Drizzle's `is()` walks, SQL assembly) was a third of the
// server's CPU per request in the profile (docs/performance.md, "Deadline hour").
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { perDatabase } from './per-database';

/**
 * `prepared(build)` gives a function from a database to its query, built by `build` on first use
 * and kept while the database lives. A transaction gets its own (it has its own connection), built
 * once for that transaction: no dearer than building the query in place.
 */
export function prepared<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  return perDatabase(build);
}

const dialect = new PgDialect();

/**
 * A statement the query builder cannot write (data-modifying CTEs), in `sql` with
 * `sql.placeholder`s: made into text and parameters once, where `db.execute(sql…)` assembles it on
 * every call. `execute` answers the driver's rows as `db.execute` does (read them with `rowsOf`).
 */
export function preparedSql(statement: SQL): (db: Executor) => { execute: (values: Record<string, unknown>) => Promise<unknown> } {
  const query = dialect.sqlToQuery(statement);
  return perDatabase((db: Executor) => db._.session.prepareQuery(query, undefined, undefined, false));
}
