import { ApiError, Errno, type ApiClient } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { applications } from '../src/db/schema';
import { clientWithToken, createCall, directUser, pdf, validData } from './apply-fixtures';
import { drivers, hookPreparedSql, startTestServer, type TestServer } from './harness';

/** errno of each settled call: 200 for the ones that succeeded. */
function outcomes(results: PromiseSettledResult<unknown>[]): number[] {
  return results.map((r) => (r.status === 'fulfilled' ? Errno.OK : r.reason instanceof ApiError ? r.reason.errno : -1)).sort();
}

/**
 * Holds the server's writes once armed until `count` have been asked for, so those requests have all
 * read before any of them writes. A write is a transaction, or a statement sent on its own (a draft
 * without uploads is one update; a submission is one statement). PGlite runs one query at a time:
 * without this, one save would usually finish before the other read, and only the read-time version
 * check would be tested.
 */
function transactionGate() {
  let count = 0;
  let held: (() => void)[] = [];
  const arrive = () =>
    new Promise<void>((resolve, reject) => {
      held.push(resolve);
      if (held.length === count) {
        held.forEach((release) => release());
        held = [];
        count = 0;
      } else {
        setTimeout(() => reject(new Error(`only ${held.length} of ${count} writes arrived`)), 5_000).unref();
      }
    });
  const gate = () => (count > 0 ? arrive() : Promise.resolve());
  /** A query builder whose statement waits at the gate when it is sent (awaited). */
  const heldBuilder = <T extends object>(builder: T): T => {
    const proxy: T = new Proxy(builder, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        // Sent when awaited, or when a prepared query is executed.
        if (property === 'execute') return async (...args: unknown[]) => gate().then(() => method.apply(target, args));
        if (property === 'then') {
          return (onFulfilled?: (v: unknown) => unknown, onRejected?: (e: unknown) => unknown) =>
            gate().then(() => method.call(target, onFulfilled, onRejected), onRejected);
        }
        // Each step of the chain (`.set()`, `.values()`, `.returning()`…) gives the next builder.
        return (...args: unknown[]) => {
          const result = method.apply(target, args);
          if (result === target) return proxy;
          return result !== null && typeof result === 'object' ? heldBuilder(result) : result;
        };
      },
    });
    return proxy;
  };
  return {
    arm(n: number) {
      count = n;
    },
    wrap: (db: Database): Database =>
      new Proxy(db, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (property === 'transaction' || property === 'execute') {
            const method = value as (...args: unknown[]) => Promise<unknown>;
            return async (...args: unknown[]) => {
              await gate();
              return method.apply(target, args);
            };
          }
          if (property === '_') return hookPreparedSql(value as Database['_'], gate);
          if (property === 'update' || property === 'insert') {
            const method = value as (...args: unknown[]) => object;
            return (...args: unknown[]) => heldBuilder(method.apply(target, args));
          }
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      }),
  };
}

describe.each(drivers)('concurrent writes on %s', (driver) => {
  let server: TestServer;
  let call: { projectId: number; formIds: number[] };
  let api: ApiClient;
  const gate = transactionGate();

  beforeAll(async () => {
    server = await startTestServer(driver, {}, { wrapDb: gate.wrap });
    call = await createCall(server.handle.db, 'open', 4);
    api = clientWithToken(server.baseUrl, await directUser(server.handle.db));
  });
  afterAll(() => server?.close());

  const form = (i: number) => ({ projectId: call.projectId, formId: call.formIds[i]! });

  it('two first saves at once: exactly one application is created, the other gets 409', async () => {
    gate.arm(2);
    const results = await Promise.allSettled(
      ['A', 'B'].map((name) => api.apply.save({ ...form(0), data: { projectName: name }, version: 0 }, { silent: true })),
    );
    expect(outcomes(results)).toEqual([Errno.OK, Errno.CONFLICT]);
    const rows = await server.handle.db.select().from(applications).where(eq(applications.formId, call.formIds[0]!));
    expect(rows).toHaveLength(1);
  });

  it('two saves of the same version at once: exactly one wins, the other gets 409 and changes nothing', async () => {
    let current = await api.apply.save({ ...form(1), data: { projectName: 'v1' }, version: 0 });
    for (let round = 0; round < 5; round++) {
      gate.arm(2);
      const results = await Promise.allSettled(
        ['left', 'right'].map((side) => api.apply.save({ ...form(1), data: { projectName: `${side}-${round}` }, version: current.version }, { silent: true })),
      );
      expect(outcomes(results)).toEqual([Errno.OK, Errno.CONFLICT]);
      const winner = results.find((r) => r.status === 'fulfilled')!.value as typeof current;
      expect(winner.version).toBe(current.version + 1);
      const [row] = await server.handle.db.select().from(applications).where(eq(applications.id, current.id));
      expect(row).toMatchObject({ version: winner.version, data: winner.data });
      current = winner;
    }
  });

  it('a save racing a submit of the same version: one wins; a submit gets exactly one serial number', async () => {
    const proposal = (await api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'p.pdf' })).id;
    const draft = await api.apply.save({ ...form(2), data: { projectName: 'x' }, version: 0 });
    const data = validData({ proposal });
    gate.arm(3);
    const results = await Promise.allSettled([
      api.apply.save({ ...form(2), data, version: draft.version, submit: true }, { silent: true }),
      api.apply.save({ ...form(2), data, version: draft.version, submit: true }, { silent: true }),
      api.apply.save({ ...form(2), data: { projectName: 'late edit' }, version: draft.version }, { silent: true }),
    ]);
    const codes = outcomes(results);
    expect(codes.filter((c) => c === Errno.OK)).toHaveLength(1);
    expect(codes.filter((c) => c !== Errno.OK).every((c) => c === Errno.CONFLICT || c === Errno.FORBIDDEN)).toBe(true);
    const [row] = await server.handle.db.select().from(applications).where(eq(applications.id, draft.id));
    expect(row!.version).toBe(draft.version + 1);
    if (row!.status === 'submitted') expect(row!.serialNumber).toMatch(/^FS-\d{4}-\d{6}$/);
    else expect(row!.serialNumber).toBeNull();
  });

  it('many applicants submitting at once get distinct, consecutive serial numbers', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => directUser(server.handle.db)));
    const clients = users.map((u) => clientWithToken(server.baseUrl, u));
    const proposals = await Promise.all(clients.map((c) => c.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'p.pdf' })));
    const submitted = await Promise.all(
      clients.map((c, i) => c.apply.save({ ...form(3), data: validData({ proposal: proposals[i]!.id }), version: 0, submit: true })),
    );
    const numbers = submitted.map((a) => Number(a.serialNumber!.slice(-6))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers[7]! - numbers[0]!).toBe(7);
  });
});
