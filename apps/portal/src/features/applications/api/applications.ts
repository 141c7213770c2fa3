import { api } from '../../../lib/api';
import { MissingIdError } from '../../../lib/missing-id';
import { useAsync } from '@flagship/ui';

export function useFormDetail(projectId: number | undefined, formId: number | undefined) {
  return useAsync(
    (signal) => (projectId && formId ? api.project.form({ projectId, formId }, { signal }) : Promise.reject(new MissingIdError('链接中缺少项目或表单编号，请从项目详情重新进入。'))),
    [projectId, formId],
  );
}

/** One of my applications with the definition of its form. */
export function useApplication(applyId: number | undefined) {
  return useAsync(async (signal) => {
    if (!applyId) throw new MissingIdError('链接中缺少申报编号，请从个人中心重新进入。');
    const apply = await api.project.applyDetail({ applyId }, { signal });
    const detail = await api.project.form({ projectId: apply.projectId, formId: apply.formId }, { signal });
    return { apply, form: detail.form, project: detail.project };
  }, [applyId]);
}

export function useBatchPrint(ids: number[]) {
  return useAsync(
    (signal) => (ids.length ? api.apply.batchPrint({ projectId: 'all', ids }, { signal }) : Promise.reject(new MissingIdError('请先在个人中心选择要打印的申报。'))),
    [ids],
  );
}
