import { api } from '../../../lib/api';
import { useAsync } from '@flagship/ui';

export const POLICY_PAGE_SIZE = 10;

export function usePolicyCategories() {
  return useAsync((signal) => api.base.categories({ kind: 'policy' }, { signal }), []);
}

export function usePolicyList(query: { page: number; keyword?: string; categoryId?: number }) {
  return useAsync(
    (signal) => api.content.policyList({ ...query, pageSize: POLICY_PAGE_SIZE }, { signal }),
    [query.page, query.keyword, query.categoryId],
  );
}

export function usePolicy(id: number | undefined) {
  return useAsync((signal) => (id ? api.content.policyDetail({ id }, { signal }) : Promise.reject(new Error('缺少公告编号'))), [id]);
}
