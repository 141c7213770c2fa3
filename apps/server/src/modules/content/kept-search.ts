// Search answers are the same for everyone who asks (published rows only), so each instance keeps
// them (db/kept-until-changed.ts) until a call, notice, expert or company changes (notices from
// migrations 0006, 0018 and 0020) or the next scheduled notice appears, five minutes at most.
import { SEARCH_KINDS, type SearchKind } from '@flagship/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { CONTENT_CHANGED, foreseenAt, keptUntilChanged, PROJECTS_CHANGED } from '../../db/kept-until-changed';
import { perDatabase } from '../../db/per-database';
import { searchPublished, type SearchFound } from './repository';

export interface SearchAsked {
  keyword: string;
  type?: SearchKind | undefined;
  perKind?: number | undefined;
  page: number;
  pageSize: number;
}

/** Answers kept at once (keywords make many); the oldest goes first. */
const KEPT_ANSWERS = 1_000;
const KEPT_MS = 5 * 60_000;
/**
 * Only answers of the first pages with at most this many hits are kept (the portal's pages and
 * groups); any other is read each time, so that what is kept stays small: 1 000 × 20 hits.
 */
const KEPT_HITS = 20;
const KEPT_PAGES = 5;
const KINDS = SEARCH_KINDS.length;

const keptOf = perDatabase((db: Database, log?: FastifyBaseLogger) =>
  keptUntilChanged<SearchFound | null>(db, { channel: [PROJECTS_CHANGED, CONTENT_CHANGED], maxEntries: KEPT_ANSWERS, maxAgeMs: KEPT_MS, what: 'search answers', log }),
);

/** What `searchPublished` finds, kept while nothing it shows has changed. */
export function keptSearch(db: Database, asked: SearchAsked, log?: FastifyBaseLogger): Promise<SearchFound | null> {
  const hits = asked.perKind && !asked.type ? asked.perKind * KINDS : asked.pageSize;
  if (hits > KEPT_HITS || asked.page > KEPT_PAGES) return searchPublished(db, asked.keyword, asked);
  const key = JSON.stringify([asked.keyword, asked.type ?? null, asked.perKind ?? null, asked.page, asked.pageSize]);
  return keptOf(db, log).get(key, async () => {
    const started = Date.now();
    const value = await searchPublished(db, asked.keyword, asked);
    return { value, until: value ? foreseenAt(started, value.nextChangeEpoch, value.nowEpoch) : Number.POSITIVE_INFINITY };
  });
}
