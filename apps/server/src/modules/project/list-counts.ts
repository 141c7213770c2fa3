// How many published calls a list filter matches in each segment (open, upcoming, closed): the
// part of the call list that reads every matching call, and the same for everyone who asks, so a
// public fact. Each instance keeps it per filter until a call changes (migration 0006 announces
// every change to `projects` on a channel when it commits; every instance listens) or until the
// next start or end of a window among those calls, when a call moves between segments. The rows
// of a page are always read afresh.
import type { FastifyBaseLogger } from 'fastify';
import { listenFor, type Database } from '../../db/client';

export interface SegmentCounts {
  open: number;
  upcoming: number;
  closed: number;
}

/** Counts as the database gave them, with its clock: now, and the next start or end after now (null: none). */
export interface CountedSegments extends SegmentCounts {
  nextChangeEpoch: number | null;
  nowEpoch: number;
}

export const PROJECTS_CHANGED = 'projects_changed';

/** Filters kept at once (keywords make many); the oldest goes first. */
const MAX_FILTERS = 1_000;
const RETRY_LISTEN_MS = 60_000;
/** Kept at most this long, so that a lost announcement heals on its own. */
const MAX_AGE_MS = 5 * 60_000;

interface Kept {
  counts: SegmentCounts;
  until: number;
}

export interface SegmentCountCache {
  /** The counts of one filter, named by `key`: kept ones, or those `count` gives (and then kept). */
  counts(key: string, count: () => Promise<CountedSegments>): Promise<SegmentCounts>;
  /** Statements run against the database so far (for the tests that pin it). */
  readonly computed: number;
}

export function segmentCountCache(db: Database, log?: FastifyBaseLogger): SegmentCountCache {
  const kept = new Map<string, Kept>();
  let generation = 0;
  let computed = 0;
  let listening: Promise<boolean> | undefined;

  // Nothing is kept until the instance hears of changes: without a channel every list counts afresh.
  const listen = () =>
    (listening ??= (async () => {
      const start = listenFor(db);
      if (!start) return false;
      try {
        await start(PROJECTS_CHANGED, () => {
          generation += 1;
          kept.clear();
        });
        return true;
      } catch (error) {
        log?.warn({ err: error }, 'cannot listen for changes to calls: call lists are counted on every request for a minute');
        // Try again later: a database that was briefly unreachable must not turn the counts off for good.
        setTimeout(() => {
          listening = undefined;
        }, RETRY_LISTEN_MS).unref();
        return false;
      }
    })());

  const compute = async (count: () => Promise<CountedSegments>): Promise<Kept> => {
    computed += 1;
    const { open, upcoming, closed, nextChangeEpoch, nowEpoch } = await count();
    // The boundary in this process's clock (the database's may differ from it).
    const untilChange = nextChangeEpoch === null ? Number.POSITIVE_INFINITY : Date.now() + (nextChangeEpoch - nowEpoch) * 1000;
    return { counts: { open, upcoming, closed }, until: Math.min(untilChange, Date.now() + MAX_AGE_MS) };
  };

  return {
    get computed() {
      return computed;
    },
    async counts(key, count) {
      if (!(await listen())) return (await compute(count)).counts;
      const hit = kept.get(key);
      if (hit && hit.until > Date.now()) return hit.counts;
      const before = generation;
      const fresh = await compute(count);
      // A change announced while counting may not be in these figures: use them, but do not keep them.
      if (before === generation) {
        kept.delete(key);
        if (kept.size >= MAX_FILTERS) kept.delete(kept.keys().next().value as string);
        kept.set(key, fresh);
      }
      return fresh.counts;
    },
  };
}
