// The call list is the same for everyone who asks, so a public fact. Each instance keeps how many
// published calls a filter matches in each segment (open, upcoming, closed: the part that reads
// every matching call) and the pages it was asked for, until a call changes
// (db/kept-until-changed.ts) or until the next start or end of a window among the filter's calls,
// when a call moves between segments (and a call's status with it).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { foreseenAt, keptUntilChanged, PROJECTS_CHANGED } from '../../db/kept-until-changed';

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

/** Filters and pages kept at once (keywords make many); the oldest goes first. */
const MAX_KEPT = 1_000;
/** Kept at most this long, so that a lost announcement heals on its own. */
const MAX_AGE_MS = 5 * 60_000;

/** Segment counts, and until when (epoch ms, this process's clock) no call of the filter opens or closes. */
export interface KeptSegments {
  counts: SegmentCounts;
  until: number;
}

export interface CallListCache {
  /** The counts of one filter, named by `key`: kept ones, or those `count` gives (and then kept). */
  counts(key: string, count: () => Promise<CountedSegments>): Promise<KeptSegments>;
  /** A page of the list, named by `key`: a kept one, or the one `read` gives, kept until the filter's next opening or closing. */
  page<P>(key: string, read: () => Promise<{ page: P; until: number }>): Promise<P>;
  /** Statements run for counts so far (for the tests that pin it). */
  readonly computed: number;
  /** Pages read from the database so far. */
  readonly pagesRead: number;
}

export function callListCache(db: Database, log?: FastifyBaseLogger): CallListCache {
  const options = { channel: PROJECTS_CHANGED, maxEntries: MAX_KEPT, maxAgeMs: MAX_AGE_MS, what: 'call lists', log };
  const counts = keptUntilChanged<KeptSegments>(db, options);
  const pages = keptUntilChanged<unknown>(db, options);
  return {
    get computed() {
      return counts.loads;
    },
    get pagesRead() {
      return pages.loads;
    },
    counts: (key, count) =>
      counts.get(key, async () => {
        const asked = Date.now();
        const { open, upcoming, closed, nextChangeEpoch, nowEpoch } = await count();
        // The boundary in this process's clock (the database's may differ from it), from when the
        // count was asked for; and never later than the longest a count is kept, since a page
        // read from it is kept until then too.
        const until = Math.min(foreseenAt(asked, nextChangeEpoch, nowEpoch), asked + MAX_AGE_MS);
        return { value: { counts: { open, upcoming, closed }, until }, until };
      }),
    // A page is read with the counts inside its load, so a change announced after the counts were
    // kept and before the page was read keeps neither.
    page: async <P>(key: string, read: () => Promise<{ page: P; until: number }>) =>
      (await pages.get(key, async () => {
        const { page, until } = await read();
        return { value: page, until };
      })) as P,
  };
}
