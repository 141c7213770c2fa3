import { SEARCH_KINDS, type SearchKind, type SearchResult } from '@flagship/api-client';
import { api } from '../../../lib/api';
import { useAsync } from '@flagship/ui';

export const SEARCH_PAGE_SIZE = 10;
/** Hits of each kind shown on the 全部 tab. */
export const GROUP_SIZE = 5;

export type SearchHit = SearchResult['list'][number];
export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
  total: number;
}

/** One kind's hits page by page, or for 全部 (no type) the first hits of every kind. */
export type SearchView = { type: SearchKind; result: SearchResult } | { type: undefined; groups: SearchGroup[] };

export function useSearch(keyword: string, type: SearchKind | undefined, page: number) {
  // 全部 has no pages: a page number there does not load again.
  const kindPage = type ? page : 1;
  return useAsync(async (signal): Promise<SearchView | undefined> => {
    if (!keyword) return undefined;
    if (type) return { type, result: await api.content.search({ keyword, type, page: kindPage, pageSize: SEARCH_PAGE_SIZE }, { signal }) };
    const result = await api.content.search({ keyword, perKind: GROUP_SIZE }, { signal });
    const groups = SEARCH_KINDS.map((kind) => ({ kind, hits: result.list.filter((hit) => hit.kind === kind), total: result.counts[kind] }));
    return { type: undefined, groups };
  }, [keyword, type, kindPage]);
}

/** Hits per kind, for the tabs. */
export function searchCounts(view: SearchView): Record<SearchKind, number> {
  if (view.type) return view.result.counts;
  return Object.fromEntries(view.groups.map((group) => [group.kind, group.total])) as Record<SearchKind, number>;
}

export const HIT_LINKS: Record<SearchKind, (id: number) => string> = {
  project: (id) => `/projectDetail?id=${id}`,
  policy: (id) => `/policyDetail?id=${id}`,
  expert: (id) => `/expertDetail?id=${id}`,
  enterprise: (id) => `/companyDetail?id=${id}`,
};
