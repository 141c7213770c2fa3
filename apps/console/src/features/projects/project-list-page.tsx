import { useState } from 'react';
import { Anchor, Button, Group, Select, Table, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ConsoleProjectSummary } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { CategorySelect } from '../../components/category-select';
import { FilterBar } from '../../components/filter-bar';
import { ListView, PublishedFilter } from '../../components/list-view';
import { Page } from '../../components/page';
import { RegionSelect } from '@flagship/ui/form-fields';
import { formatBudget, formatDateTime, useAsync, useQueryParams } from '@flagship/ui';
import { ProjectStatusBadge, PublishedBadge } from '../../components/status-badges';
import { api } from '../../lib/api';
import { TONE } from '../../lib/tones';
import { PublishConfirm, publishBlocker } from './publish-control';
import { LIST_QUERY, PUBLISHED_VALUES } from '../../lib/list';

const PAGE_SIZE = 15;

export default function ProjectListPage() {
  const query = useQueryParams(LIST_QUERY);
  const keyword = query.get('keyword');
  const categoryId = query.number('categoryId');
  const regionId = query.number('regionId');
  const status = query.oneOf('status', PROJECT_STATUSES);
  const published = query.oneOf('published', PUBLISHED_VALUES);
  const [toggling, setToggling] = useState<ConsoleProjectSummary>();

  const state = useAsync(
    (signal) => api.console.projectList({ page: query.page, pageSize: PAGE_SIZE, keyword: keyword || undefined, categoryId, regionId, status, published }, { signal }),
    [query.page, keyword, categoryId, regionId, status, published],
  );


  return (
    <Page
      title="项目管理"
      description="发布申报项目（资助项目征集），编辑申报指南与申报表单。"
      actions={
        <Button component={Link} to="/projects/new" leftSection={<IconPlus size={16} />}>
          新建项目
        </Button>
      }
    >
      <FilterBar keyword={keyword} onKeyword={(value) => query.set({ keyword: value })} placeholder="项目标题" onReset={() => query.set({ keyword: null, categoryId: null, regionId: null, status: null, published: null })}>
        <CategorySelect kind="project" label="分类" value={categoryId} onChange={(id) => query.set({ categoryId: id })} w={160} />
        <RegionSelect label="地区" value={regionId} onChange={(id) => query.set({ regionId: id })} w={200} />
        <Select
          label="申报状态"
          placeholder="全部"
          clearable
          w={120}
          data={PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] }))}
          value={status ?? null}
          onChange={(value) => query.set({ status: value })}
        />
        <PublishedFilter value={published} onChange={(value) => query.set({ published: value })} />
      </FilterBar>

      <ListView
        state={state}
        label="项目列表"
        empty="没有符合条件的项目"
        emptyAction={<Button component={Link} to="/projects/new" variant="light" size="xs">新建项目</Button>}
        onPage={(page) => query.set({ page })}
        head={
          <>
            <Table.Th>项目标题</Table.Th>
            <Table.Th>分类 / 地区</Table.Th>
            <Table.Th>申报时间（北京时间）</Table.Th>
            <Table.Th>预算</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th ta="right">表单 / 申报</Table.Th>
            <Table.Th w={250}>操作</Table.Th>
          </>
        }
        row={(project) => (
          <Table.Tr key={project.id}>
            <Table.Td maw={320}>
              <Anchor component={Link} to={`/projects/${project.id}`} fw={500} lineClamp={2}>
                {project.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {project.year} 年度 · 编号 {project.id}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{project.categoryName ?? '—'}</Text>
              <Text size="xs" c="dimmed">
                {project.regionName ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(project.applyStart)}</Text>
              <Text size="xs" c="dimmed">
                至 {formatDateTime(project.applyEnd)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatBudget(project.budget)}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                <ProjectStatusBadge status={project.status} />
                <PublishedBadge published={project.published} />
              </Group>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">
                {project.formCount} / {project.applyCount}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button component={Link} to={`/projects/${project.id}`} size="compact-sm" variant="subtle">
                  编辑
                </Button>
                <PublishButton project={project} onClick={() => setToggling(project)} />
                <Button component={Link} to={`/review/applications?projectId=${project.id}`} size="compact-sm" variant="subtle" color="ink">
                  申报
                </Button>
                <Button component={Link} to={`/projects/${project.id}/review`} size="compact-sm" variant="subtle" color="ink" aria-label={`「${project.title}」的专家评审`}>
                  评审
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />

      <PublishConfirm project={toggling} onClose={() => setToggling(undefined)} onDone={() => state.reload()} />
    </Page>
  );
}

/** Publish or unpublish from the list; a call without forms cannot be published, and says why. */
function PublishButton({ project, onClick }: { project: ConsoleProjectSummary; onClick: () => void }) {
  const blocker = publishBlocker(project);
  const button = (
    <Button
      size="compact-sm"
      variant="subtle"
      color={project.published ? TONE.warning : TONE.success}
      // data-disabled (not disabled) keeps the tooltip working, as Mantine advises.
      data-disabled={blocker ? true : undefined}
      aria-disabled={blocker ? true : undefined}
      aria-label={blocker ? `发布（${blocker}）` : undefined}
      onClick={blocker ? undefined : onClick}
    >
      {project.published ? '下线' : '发布'}
    </Button>
  );
  return blocker ? <Tooltip label={blocker}>{button}</Tooltip> : button;
}
