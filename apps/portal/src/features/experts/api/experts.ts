import { api } from '../../../lib/api';
import { MissingIdError } from '../../../lib/missing-id';
import { useAsync } from '@flagship/ui';

export const EXPERT_PAGE_SIZE = 12;

export function useExpertCategories() {
  return useAsync((signal) => api.base.categories({ kind: 'expert' }, { signal }), []);
}

export function useExpertList({ page, keyword, categoryId, regionId }: { page: number; keyword?: string; categoryId?: number; regionId?: number }) {
  return useAsync(
    (signal) => api.content.expertList({ page, keyword, categoryId, regionId, pageSize: EXPERT_PAGE_SIZE }, { signal }),
    [page, keyword, categoryId, regionId],
  );
}

export function useExpert(id: number | undefined) {
  return useAsync((signal) => (id ? api.content.expertDetail({ id }, { signal }) : Promise.reject(new MissingIdError('链接中缺少专家编号，请从专家库重新进入。'))), [id]);
}
