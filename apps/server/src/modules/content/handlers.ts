import type { AppContext } from '../../context';
import { CONTENT_CHANGED, foreseenAt, keptUntilChanged, PROJECTS_CHANGED } from '../../db/kept-until-changed';
import type { Handlers } from '../../http/endpoints';
import { notFound } from '../../http/errors';
import type { ResultsPublicEndpoint } from '../../shared/results-repository';
import { keptSettings } from '../../shared/settings-repository';
import { findPublishedExpert, listExperts, listPolicies, readPolicy, searchPublished, type SearchFound } from './repository';

/** Search answers kept at once (keywords make many); the oldest goes first. */
const SEARCHES_KEPT = 1_000;
/** Kept at most this long, so that a lost announcement heals on its own. */
const SEARCH_KEPT_MS = 5 * 60_000;

/** The notices, experts and search; the results' open data is `resultsPublicHandlers`. */
export function contentHandlers({ db, log }: AppContext): Omit<Handlers['content'], ResultsPublicEndpoint> {
  // What search finds is the same for everyone who asks (published rows only): each instance keeps
  // the answers until a call, notice, expert or company changes, or a scheduled notice appears.
  const searches = keptUntilChanged<SearchFound | null>(db, {
    channel: [PROJECTS_CHANGED, CONTENT_CHANGED],
    maxEntries: SEARCHES_KEPT,
    maxAgeMs: SEARCH_KEPT_MS,
    what: 'search answers',
    log,
  });
  return {
    settings: () => keptSettings(db, log),

    policyList: async ({ query }) => {
      const { list, total } = await listPolicies(db, query);
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    policyDetail: async ({ params }) => {
      const policy = await readPolicy(db, params.id);
      if (!policy) throw notFound('公告不存在或已下线');
      return policy;
    },

    expertList: async ({ query }) => {
      const { list, total } = await listExperts(db, query);
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    expertDetail: async ({ params }) => {
      const expert = await findPublishedExpert(db, params.id);
      if (!expert) throw notFound('专家不存在');
      return expert;
    },

    search: async ({ query }) => {
      const key = JSON.stringify([query.keyword, query.type ?? null, query.perKind ?? null, query.page, query.pageSize]);
      const found = await searches.get(key, async () => {
        const asked = Date.now();
        const value = await searchPublished(db, query.keyword, query);
        return { value, until: value ? foreseenAt(asked, value.nextChangeEpoch, value.nowEpoch) : Number.POSITIVE_INFINITY };
      });
      const page = { page: query.page, pageSize: query.pageSize };
      if (!found) return { list: [], total: 0, ...page, counts: { project: 0, policy: 0, expert: 0, enterprise: 0 } };
      const kinds = query.type ? [query.type] : (Object.keys(found.counts) as (keyof typeof found.counts)[]);
      return { list: found.hits, total: kinds.reduce((sum, k) => sum + found.counts[k], 0), ...page, counts: found.counts };
    },
  };
}
