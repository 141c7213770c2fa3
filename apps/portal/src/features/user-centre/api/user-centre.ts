import type { ApplyStatus } from '@flagship/api-client';
import { api } from '../../../lib/api';
import { useAsync } from '@flagship/ui';

export const APPLY_PAGE_SIZE = 10;

export function useMyApplications(page: number, status: ApplyStatus | undefined) {
  return useAsync((signal) => api.project.myApplyList({ page, pageSize: APPLY_PAGE_SIZE, status }, { signal }), [page, status]);
}

export function useProfile(id: number | undefined) {
  return useAsync(async (signal) => {
    if (!id) throw new Error('请重新登录');
    const [user, authentication] = await Promise.all([
      api.user.get({ id }, { signal }),
      api.enterprise.checkAuthenticationStatus(undefined, { signal }),
    ]);
    return { user, authentication };
  }, [id]);
}
