import { buildQuery } from '@flagship/api-client';
import { useAsync } from '@flagship/ui';
import { api } from '../../../lib/api';

export const FUNDED_PAGE_SIZE = 20;

export interface FundedFilter {
  year?: number;
  category?: string;
  region?: string;
  keyword?: string;
}

export function useFundedList(page: number, { year, category, region, keyword }: FundedFilter) {
  return useAsync((signal) => api.content.fundedList({ page, pageSize: FUNDED_PAGE_SIZE, year, category, region, keyword }, { signal }), [page, year, category, region, keyword]);
}

/** The open-data download of the same filter (`csv` or `xlsx`), served by the API. */
export function fundedDownloadUrl(format: 'csv' | 'xlsx', filter: FundedFilter): string {
  return `/api/funded.${format}${buildQuery({ ...filter })}`;
}
