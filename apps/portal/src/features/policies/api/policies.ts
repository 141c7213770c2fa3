import { api } from '../../../lib/api';
import { MissingIdError } from '../../../lib/missing-id';
import { useAsync } from '@flagship/ui';

export const POLICY_PAGE_SIZE = 10;

export function usePolicyCategories() {
  return useAsync((signal) => api.base.categories({ kind: 'policy' }, { signal }), []);
}

export function usePolicyList({ page, keyword, categoryId }: { page: number; keyword?: string; categoryId?: number }) {
  return useAsync(
    (signal) => api.content.policyList({ page, keyword, categoryId, pageSize: POLICY_PAGE_SIZE }, { signal }),
    [page, keyword, categoryId],
  );
}

export function usePolicy(id: number | undefined) {
  return useAsync((signal) => (id ? api.content.policyDetail({ id }, { signal }) : Promise.reject(new MissingIdError('链接中缺少公告编号，请从通知公告列表重新进入。'))), [id]);
}
