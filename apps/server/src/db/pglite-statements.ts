// Named statements on PGlite, as the PostgreSQL pool has them (docs/decisions.md, "Named statements
// on PostgreSQL"). PGlite's own `query` sends every statement unnamed: parsed, described and
// planned again each time, in five calls into its WebAssembly. At the deadline hour's reads that
// planning was half a statement's time (an applicant's list: 0.6–1.0 ms unnamed, 0.35–0.4 ms named).
// Here each query text is parsed once and kept under a name, planned generically, and each later
// run is one call: bind, execute, sync. Results are parsed by PGlite's own `parseResults`, with the
// columns its own describe gave, so rows, parsers and errors are those of `query`.
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** Statements that may be kept: reads and writes of rows. Anything else (DDL, savepoints, `set`) is sent as PGlite sends it. */
const KEEPABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements after which a kept plan may no longer fit its tables: every kept statement is closed. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|comment)\b/i;
/** Kept statements at most, the least recently run closed first (query texts built with a list of values each make their own). */
export const KEPT_STATEMENTS_MAX = 500;

interface Kept {
  name: string;
  paramTypes: number[];
  /** The statement's columns (a RowDescription message), or none for a write without `returning`. */
  columns: BackendMessage | undefined;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * `client` with its `query` (and its transactions' `query`) running kept statements. Everything
 * else is PGlite's own. The kept statements belong to PGlite's one session, so they survive a
 * rolled-back transaction as PostgreSQL's do.
 */
export function withKeptStatements(client: PGlite, max = KEPT_STATEMENTS_MAX): PGlite {
  const kept = new Map<string, Kept>();
  let named = 0;
  const send = (parts: Uint8Array[]) => client.execProtocolStream(joined(parts), { syncToFs: false });

  /** Closes the statements kept for `texts`. */
  async function forget(texts: string[]) {
    const names = texts.flatMap((text) => {
      const statement = kept.get(text);
      kept.delete(text);
      return statement ? [statement.name] : [];
    });
    if (names.length > 0) await send([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]);
  }

  async function statementFor(text: string): Promise<Kept> {
    const found = kept.get(text);
    if (found) {
      // Most recently run last: the map's order is the eviction order.
      kept.delete(text);
      kept.set(text, found);
      return found;
    }
    const name = `flagship_${++named}`;
    const described = await send([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const statement: Kept = { name, paramTypes: parse.parseDescribeStatementResults(described), columns: described.find((m) => m.name === 'rowDescription') };
    kept.set(text, statement);
    if (kept.size > max) await forget([kept.keys().next().value as string]);
    return statement;
  }

  /** Runs `text` as a kept statement; the caller holds PGlite's query lock. */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement: Kept;
    let messages: BackendMessage[];
    try {
      statement = await statementFor(text);
      const { name, paramTypes } = statement;
      // As PGlite's `query` serialises parameters: by the type the statement's describe gave.
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = paramTypes[i] as number;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      messages = await send([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]);
    } catch (error) {
      // A plan that no longer fits its tables (0A000) or a statement gone (26000): prepared again next time.
      const code = (error as { code?: string }).code;
      if (code === '26000') kept.delete(text);
      if (code === '0A000') await forget([text]).catch(() => kept.delete(text));
      // As PGlite's `query` does, the error names the statement.
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
    // PGlite merges a query's own parsers into a copy of its 318 defaults on every call (90 µs,
    // a tenth of an applicant's list in the profile); the query's own over the defaults as a
    // prototype finds the same parser for every type.
    const parsers = options?.parsers ? Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers) : client.parsers;
    const results = parse.parseResults(statement.columns ? [statement.columns, ...messages] : messages, parsers, options?.parsers ? { ...options, parsers: undefined } : options);
    return results[0] as Results<T>;
  }

  /** Whether `query` can run kept: a row statement without PGlite's extras (a blob to copy, given parameter types, notices). */
  const keepable = (text: string, options: QueryOptions | undefined) =>
    KEEPABLE.test(text) && !options?.blob && !options?.paramTypes && !options?.onNotice;

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!keepable(text, options)) {
      const result = await client.query<T>(text, params, options);
      if (SCHEMA_CHANGE.test(text)) await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => forget([...kept.keys()])));
      return result;
    }
    await client._checkReady();
    // As PGlite's own `query`: after any transaction in progress, one statement at a time.
    const result = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(text, params, options)));
    await client.syncToFs();
    return result;
  }

  function inTransaction(tx: Transaction): Transaction {
    return new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
          if (!keepable(text, options)) return target.query<T>(text, params, options);
          if (target.closed) throw new Error('Transaction is closed');
          return client._runExclusiveQuery(() => run<T>(text, params, options));
        };
      },
    });
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') {
        return <T>(body: (tx: Transaction) => Promise<T>) => target.transaction((tx) => body(inTransaction(tx)));
      }
      // Read from PGlite itself: its private fields are not the proxy's.
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
