import { useMemo, useState } from 'react';
import { Anchor, Button, Checkbox, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileZip, IconPrinter } from '@tabler/icons-react';
import { APPLY_STATUS_LABELS, APPLY_STATUSES } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { Empty, formatDateTime, Loading, useAsync, useQueryParams } from '@flagship/ui';
import { FilterBar } from '../../components/filter-bar';
import { ListView } from '../../components/list-view';
import { Page } from '../../components/page';
import { ErrorState } from '../../components/states';
import { ApplyStatusBadge, ProjectStatusBadge } from '../../components/status-badges';
import { api } from '../../lib/api';
import { printPath } from '../../lib/links';
import { LIST_QUERY } from '../../lib/list';
import { useStaffJob } from './staff-job';

const PAGE_SIZE = 20;
/** Staff see what applicants sent; drafts and withdrawn ones are the applicants' own. */
const REVIEW_STATUSES = APPLY_STATUSES.filter((s) => s !== 'draft' && s !== 'withdrawn');
const MAX_SELECTION = 50;

export default function ApplicationListPage() {
  const query = useQueryParams(LIST_QUERY);
  const options = useAsync((signal) => api.console.projectOptions(undefined, { signal }), []);
  // Without a choice, the latest call that has something to review.
  const projectId = query.number('projectId') ?? (options.data?.find((p) => p.submittedCount > 0) ?? options.data?.[0])?.id;
  const project = options.data?.find((p) => p.id === projectId);

  return (
    <Page title="申报审核" description="按项目查看申请人提交的申报，审核、退回修改，导出汇总表、打包下载或批量打印。">
      {options.status === 'error' && !options.data ? (
        <ErrorState error={options.error} onRetry={options.reload} />
      ) : !options.data ? (
        <Loading />
      ) : options.data.length === 0 ? (
        <Paper withBorder className="fc-panel">
          <Empty>还没有项目</Empty>
        </Paper>
      ) : (
        <>
          <Paper withBorder p="sm" className="fc-panel">
            <Group gap="md" align="flex-end">
              <Select
                label="项目"
                searchable
                w={420}
                allowDeselect={false}
                data={options.data.map((p) => ({ value: String(p.id), label: `${p.title}${p.published ? '' : '（未发布）'}${p.submittedCount > 0 ? `（${p.submittedCount} 份）` : ''}` }))}
                value={projectId ? String(projectId) : null}
                onChange={(value) => query.set({ projectId: value, formId: null })}
                nothingFoundMessage="没有匹配的项目"
              />
              {project && (
                <Group gap="xs" pb={6}>
                  <ProjectStatusBadge status={project.status} />
                  <Text size="sm" c="dimmed">
                    {project.year} 年度 · 已提交 {project.submittedCount} 份
                  </Text>
                </Group>
              )}
            </Group>
          </Paper>
          {project && <Applications key={project.id} projectId={project.id} forms={project.forms} />}
        </>
      )}
    </Page>
  );
}

function Applications({ projectId, forms }: { projectId: number; forms: { id: number; title: string }[] }) {
  const query = useQueryParams(LIST_QUERY);
  const keyword = query.get('keyword');
  const formId = query.number('formId');
  const status = query.oneOf('status', REVIEW_STATUSES);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const list = useAsync(
    (signal) => api.console.applyList({ projectId, page: query.page, pageSize: PAGE_SIZE, keyword: keyword || undefined, formId, status }, { signal }),
    [projectId, query.page, keyword, formId, status],
  );
  const ids = useMemo(() => [...selected], [selected]);
  const pageIds = list.data?.list.map((a) => a.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const job = useStaffJob();
  const toggle = (id: number) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else if (next.size < MAX_SELECTION) next.add(id);
    return next;
  });

  return (
    <Stack gap="md">
      <FilterBar keyword={keyword} onKeyword={(value) => query.set({ keyword: value })} placeholder="申报编号、账号或申请人" onReset={() => query.set({ keyword: null, formId: null, status: null })}>
        <Select label="表单" placeholder="全部表单" clearable w={220} data={forms.map((f) => ({ value: String(f.id), label: f.title }))} value={formId ? String(formId) : null} onChange={(value) => query.set({ formId: value })} />
        <Select
          label="状态"
          placeholder="全部（不含草稿）"
          clearable
          w={170}
          data={REVIEW_STATUSES.map((value) => ({ value, label: APPLY_STATUS_LABELS[value] }))}
          value={status ?? null}
          onChange={(value) => query.set({ status: value })}
        />
      </FilterBar>

      <Paper withBorder p="sm" className="fc-panel">
        <Group justify="space-between">
          <Text size="sm" c={ids.length ? undefined : 'dimmed'} role="status">
            {ids.length ? `已选择 ${ids.length} 份申报（最多 ${MAX_SELECTION} 份）` : '勾选申报后可打包下载或批量打印'}
            {ids.length > 0 && (
              <Anchor component="button" size="sm" ml="sm" onClick={() => setSelected(new Set())}>
                清除选择
              </Anchor>
            )}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              disabled={job.busy}
              onClick={() => void job.start('export', () => api.console.applyExportJob({ projectId, formId, status }))}
            >
              导出汇总表（.xlsx）
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileZip size={16} />}
              disabled={ids.length === 0 || job.busy}
              onClick={() => void job.start('download', () => api.console.applyDownloadJob({ projectId, ids }))}
            >
              打包下载（.zip）
            </Button>
            {ids.length > 0 ? (
              <Button component={Link} to={printPath(projectId, ids)} target="_blank" variant="default" leftSection={<IconPrinter size={16} />}>
                批量打印
              </Button>
            ) : (
              <Button variant="default" leftSection={<IconPrinter size={16} />} disabled>
                批量打印
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
      {job.panel}

      <ListView
        state={list}
        label="申报列表"
        empty={status ? `没有「${APPLY_STATUS_LABELS[status]}」的申报` : '还没有提交的申报'}
        onPage={(page) => query.set({ page })}
        head={
          <>
            <Table.Th w={40}>
              <Checkbox
                aria-label="选择本页全部申报"
                checked={allOnPage}
                indeterminate={!allOnPage && pageIds.some((id) => selected.has(id))}
                onChange={() =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (allOnPage) pageIds.forEach((id) => next.delete(id));
                    else pageIds.forEach((id) => next.size < MAX_SELECTION && next.add(id));
                    return next;
                  })
                }
              />
            </Table.Th>
            <Table.Th>申报编号</Table.Th>
            <Table.Th>申请人</Table.Th>
            <Table.Th>表单</Table.Th>
            <Table.Th>提交时间</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>审核</Table.Th>
            <Table.Th w={90}>操作</Table.Th>
          </>
        }
        row={(apply) => (
          <Table.Tr key={apply.id}>
            <Table.Td>
              <Checkbox aria-label={`选择申报 ${apply.serialNumber ?? apply.id}`} checked={selected.has(apply.id)} onChange={() => toggle(apply.id)} />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/review/applications/${apply.id}`} className="fc-mono" size="sm" fw={500}>
                {apply.serialNumber ?? `#${apply.id}`}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{apply.applicantName || '—'}</Text>
              <Text size="xs" c="dimmed">
                {apply.account}
              </Text>
            </Table.Td>
            <Table.Td maw={220}>
              <Text size="sm" lineClamp={1}>
                {apply.formTitle}
              </Text>
            </Table.Td>
            <Table.Td>{formatDateTime(apply.submittedAt)}</Table.Td>
            <Table.Td>
              <ApplyStatusBadge status={apply.status} />
            </Table.Td>
            <Table.Td>
              {apply.reviewedAt ? (
                <>
                  <Text size="sm">{apply.reviewerAccount ?? '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(apply.reviewedAt)}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Button component={Link} to={`/review/applications/${apply.id}`} size="compact-sm" variant={apply.status === 'submitted' || apply.status === 'reviewing' ? 'filled' : 'subtle'}>
                {apply.status === 'submitted' || apply.status === 'reviewing' ? '审核' : '查看'}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
