import type { SearchKind } from '@flagship/api-client';
import { api } from '../../../lib/api';
import { useAsync } from '@flagship/ui';

export const SEARCH_PAGE_SIZE = 10;

export function useSearch(keyword: string, type: SearchKind | undefined, page: number) {
  return useAsync(
    (signal) => (keyword ? api.content.search({ keyword, type, page, pageSize: SEARCH_PAGE_SIZE }, { signal }) : Promise.resolve(undefined)),
    [keyword, type, page],
  );
}

export const HIT_LINKS: Record<SearchKind, (id: number) => string> = {
  project: (id) => `/projectDetail?id=${id}`,
  policy: (id) => `/policyDetail?id=${id}`,
  expert: (id) => `/expertDetail?id=${id}`,
  enterprise: (id) => `/companyDetail?id=${id}`,
};
