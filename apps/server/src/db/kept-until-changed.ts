// What an instance may keep between requests without ever answering from an old copy: rows the
// database announces changes of. A trigger on each table the rows come from calls pg_notify on a
// channel when its transaction commits (migrations 0006, 0018, 0020, 0021, 0024), every instance listens on it,
// and a notice drops everything kept from that channel (or, where the triggers name what changed,
// as the sessions' do, only the keys it names). An entry also goes at its own time (a
// session's expiry, a call's window opening or closing) and after `maxAgeMs` in any case, so a
// notice lost while the listening connection was down heals on its own (a reconnection also drops
// everything). Where the instance cannot listen (a transaction pooler, DATABASE_PREPARE=0),
// nothing is kept and every read goes to the database.
import type { FastifyBaseLogger } from 'fastify';
import { listenFor, type Database } from './client';

/** Announced by triggers on `projects`, `forms`, `categories` and `regions`: what a call shows. */
export const PROJECTS_CHANGED = 'projects_changed';
/** Announced by triggers on `sessions` and on `users.account`, naming the hashes of the live sessions changed (or none: all of them). */
export const SESSIONS_CHANGED = 'sessions_changed';
/** Announced by a trigger on `settings`: the site's one row of settings. */
export const SETTINGS_CHANGED = 'settings_changed';
/** Announced by a trigger on `result_announcements`: the results notices a call page shows. */
export const RESULTS_CHANGED = 'results_changed';
/** Announced by triggers on `policies`, `experts` and `enterprises`: what search finds besides calls. */
export const CONTENT_CHANGED = 'content_changed';

/** A value to keep, and until when (epoch ms; kept no longer than the cache's `maxAgeMs`, and not at all when not after now). */
export interface Loaded<V> {
  value: V;
  until: number;
}

export interface KeptUntilChanged<V> {
  /** The value kept under `key`, or the one `load` gives (then kept, unless a change was announced meanwhile). */
  get(key: string, load: () => Promise<Loaded<V>>): Promise<V>;
  /** The value kept under `key` if there is one, without waiting: for reads of many keys at once, most of them kept. */
  peek(key: string): V | undefined;
  /** Drop the entries under `keys`, or everything kept here, as a notice would (for this instance's own changes, without waiting for it). */
  forget(keys?: readonly string[]): void;
  /** How many times `load` ran (the tests that pin the statements of a request read it). */
  readonly loads: number;
}

export interface KeptOptions {
  /** Where the changes of what is kept are announced: one channel, or several. */
  channel: string | readonly string[];
  /** Entries kept at once; the oldest goes first. */
  maxEntries: number;
  maxAgeMs: number;
  /** Named in the warning logged when the instance cannot listen. */
  what: string;
  /** A notice's payload names the keys to drop (comma-separated; an empty one drops everything). Otherwise every notice drops everything. */
  named?: boolean;
  log?: FastifyBaseLogger | undefined;
}

/**
 * When something the database foresees happens (a window opening, a notice's publication time),
 * in this process's clock: the database gave its own now and the moment (epoch seconds; null:
 * nothing foreseen), and `asked` is when this process asked. The two clocks may differ.
 */
export function foreseenAt(asked: number, nextEpoch: number | null, nowEpoch: number): number {
  return nextEpoch === null ? Number.POSITIVE_INFINITY : asked + (nextEpoch - nowEpoch) * 1000;
}

const RETRY_LISTEN_MS = 60_000;

export function keptUntilChanged<V>(db: Database, { channel, maxEntries, maxAgeMs, what, log, named = false }: KeptOptions): KeptUntilChanged<V> {
  const kept = new Map<string, { value: V; until: number }>();
  let generation = 0;
  let loads = 0;
  let listening: Promise<boolean> | undefined;
  const forget = (keys?: readonly string[]) => {
    // A value loading meanwhile is not kept, whichever key it is for: simpler than a generation per key.
    generation += 1;
    if (keys) for (const key of keys) kept.delete(key);
    else kept.clear();
  };
  const heard = (payload: string | null) => forget(named && payload ? payload.split(',') : undefined);

  // Nothing is kept until the instance hears of changes.
  const listen = () =>
    (listening ??= (async () => {
      const start = listenFor(db);
      if (!start) return false;
      const started = await Promise.allSettled((typeof channel === 'string' ? [channel] : channel).map((name) => start(name, heard)));
      const failed = started.find((s) => s.status === 'rejected');
      if (!failed) return true;
      // Hearing some channels and not others is not hearing of changes: stop those, try all again.
      await Promise.allSettled(started.map((s) => (s.status === 'fulfilled' ? s.value() : undefined)));
      log?.warn({ err: failed.reason, channel }, `cannot listen for changes: ${what} are read from the database on every request for a minute`);
      // Try again later: a database that was briefly unreachable must not turn keeping off for good.
      setTimeout(() => {
        listening = undefined;
      }, RETRY_LISTEN_MS).unref();
      return false;
    })());

  const load = async (run: () => Promise<Loaded<V>>) => {
    loads += 1;
    return run();
  };

  return {
    get loads() {
      return loads;
    },
    forget,
    // Only a listening instance keeps anything (`get`), so what is kept can be answered at once.
    peek(key) {
      const hit = kept.get(key);
      return hit && hit.until > Date.now() ? hit.value : undefined;
    },
    async get(key, run) {
      if (!(await listen())) return (await load(run)).value;
      const hit = kept.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
      const before = generation;
      const fresh = await load(run);
      const until = Math.min(fresh.until, Date.now() + maxAgeMs);
      kept.delete(key);
      // A change announced while loading may not be in this value: use it, but do not keep it.
      if (before === generation && until > Date.now()) {
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
        kept.set(key, { value: fresh.value, until });
      }
      return fresh.value;
    },
  };
}
