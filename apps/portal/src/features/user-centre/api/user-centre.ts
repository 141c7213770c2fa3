import type { ApplyStatus } from '@flagship/api-client';
import { api } from '../../../lib/api';
import { useAsync } from '@flagship/ui';

export const APPLY_PAGE_SIZE = 10;

export function useMyApplications(page: number, status: ApplyStatus | undefined) {
  return useAsync((signal) => api.project.myApplyList({ page, pageSize: APPLY_PAGE_SIZE, status }, { signal }), [page, status]);
}

/**
 * The call of a submission about to be withdrawn, read now: its status says by the server's clock
 * whether the deadline has passed (then a withdrawn application cannot be sent again).
 */
export function useCallNow(projectId: number, formId: number) {
  return useAsync(async (signal) => (await api.project.form({ projectId, formId }, { signal })).project, [projectId, formId]);
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
