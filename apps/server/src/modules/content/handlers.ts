import type { AppContext } from '../../context';
import type { Handlers } from '../../http/endpoints';
import { notFound } from '../../http/errors';
import type { ResultsPublicEndpoint } from '../../shared/results-repository';
import { keptSettings } from '../../shared/settings-repository';
import { keptSearch } from './kept-search';
import { findPublishedExpert, listExperts, listPolicies, readPolicy } from './repository';

/** The notices, experts and search; the results' open data is `resultsPublicHandlers`. */
export function contentHandlers({ db, log }: AppContext): Omit<Handlers['content'], ResultsPublicEndpoint> {
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
      const found = await keptSearch(db, query, log);
      const page = { page: query.page, pageSize: query.pageSize };
      if (!found) return { list: [], total: 0, ...page, counts: { project: 0, policy: 0, expert: 0, enterprise: 0 } };
      const kinds = query.type ? [query.type] : (Object.keys(found.counts) as (keyof typeof found.counts)[]);
      return { list: found.hits, total: kinds.reduce((sum, k) => sum + found.counts[k], 0), ...page, counts: found.counts };
    },
  };
}
