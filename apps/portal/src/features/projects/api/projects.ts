import type { ProjectStatus } from '@flagship/api-client';
import { api } from '../../../lib/api';
import { MissingIdError } from '../../../lib/missing-id';
import { useAsync } from '@flagship/ui';

export const PROJECT_PAGE_SIZE = 10;

export interface ProjectQuery {
  page: number;
  keyword?: string;
  categoryId?: number;
  regionId?: number;
  status?: ProjectStatus;
  year?: number;
}

export function useProjectCategories() {
  return useAsync((signal) => api.base.categories({ kind: 'project' }, { signal }), []);
}

export function useProjectList({ page, keyword, categoryId, regionId, status, year }: ProjectQuery) {
  return useAsync(
    (signal) => api.project.list({ page, keyword, categoryId, regionId, status, year, pageSize: PROJECT_PAGE_SIZE }, { signal }),
    [page, keyword, categoryId, regionId, status, year],
  );
}

/** Calls open now or opening soon ('active'), soonest deadline first. */
export function useActiveProjects(page: number) {
  return useAsync((signal) => api.project.list({ status: 'active', page, pageSize: PROJECT_PAGE_SIZE }, { signal }), [page]);
}

export function useProject(id: number | undefined) {
  return useAsync((signal) => (id ? api.project.detail({ id }, { signal }) : Promise.reject(new MissingIdError('链接中缺少项目编号，请从项目库重新进入。'))), [id]);
}
