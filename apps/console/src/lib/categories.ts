import type { Category, CategoryKind } from '@flagship/api-client';
import { api } from './api';
import { useAsync } from '@flagship/ui';

export const CATEGORY_KIND_LABELS: Record<CategoryKind, string> = {
  project: '项目分类',
  policy: '公告分类',
  expert: '专家分类',
  enterprise: '企业分类',
};

/** Categories of one kind as Select options (the public list: reviewers may read it too). */
export function useCategoryOptions(kind: CategoryKind): { value: string; label: string }[] {
  const state = useAsync<Category[]>((signal) => api.base.categories({ kind }, { signal, silent: true }), [kind]);
  return (state.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
}
