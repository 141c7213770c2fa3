import { api } from '../../../lib/api';
import { MissingIdError } from '../../../lib/missing-id';
import { useAsync } from '@flagship/ui';

export const ENTERPRISE_PAGE_SIZE = 12;

export function useEnterpriseCategories() {
  return useAsync((signal) => api.base.categories({ kind: 'enterprise' }, { signal }), []);
}

export function useEnterpriseList({ page, keyword, categoryId, regionId }: { page: number; keyword?: string; categoryId?: number; regionId?: number }) {
  return useAsync(
    (signal) => api.enterprise.list({ page, keyword, categoryId, regionId, pageSize: ENTERPRISE_PAGE_SIZE }, { signal }),
    [page, keyword, categoryId, regionId],
  );
}

export function useEnterprise(id: number | undefined) {
  return useAsync((signal) => (id ? api.enterprise.detail({ id }, { signal }) : Promise.reject(new MissingIdError('链接中缺少企业编号，请从企业库重新进入。'))), [id]);
}

/** My authentication: its status and what I sent last. */
export function useMyAuthentication() {
  return useAsync(async (signal) => {
    const status = await api.enterprise.checkAuthenticationStatus(undefined, { signal });
    const info = status.code === 'unauth' ? null : await api.enterprise.getEnterpriseInfo(undefined, { signal });
    return { status, info };
  }, []);
}
