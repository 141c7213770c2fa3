import { api } from '../../../lib/api';
import { useAsync } from '@flagship/ui';

export function useOpenCalls() {
  return useAsync((signal) => api.project.list({ status: 'active', page: 1, pageSize: 4 }, { signal }), []);
}

export function useLatestNotices() {
  return useAsync((signal) => api.content.policyList({ page: 1, pageSize: 6 }, { signal }), []);
}
