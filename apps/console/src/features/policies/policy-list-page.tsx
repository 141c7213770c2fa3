import { Anchor, Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { IconPin, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDateTime, useAsync, useQueryParams } from '@flagship/ui';
import { CategorySelect } from '../../components/category-select';
import { DeleteButton } from '../../components/delete-button';
import { FilterBar } from '../../components/filter-bar';
import { ListView } from '../../components/list-view';
import { Page } from '../../components/page';
import { api, showSuccess } from '../../lib/api';
import { LIST_QUERY } from '../../lib/list';
import { POLICY_STATES, PolicyStateBadge, type PolicyState } from './policy-state';

const PAGE_SIZE = 15;

export default function PolicyListPage() {
  const query = useQueryParams(LIST_QUERY);
  const keyword = query.get('keyword');
  const categoryId = query.number('categoryId');
  const state = query.oneOf('state', Object.keys(POLICY_STATES) as PolicyState[]);

  const list = useAsync(
    (signal) => api.console.policyList({ page: query.page, pageSize: PAGE_SIZE, keyword: keyword || undefined, categoryId, state }, { signal }),
    [query.page, keyword, categoryId, state],
  );

  return (
    <Page
      title="通知公告"
      description="发布通知、公告与政策文件；可置顶、定时发布。"
      actions={
        <Button component={Link} to="/policies/new" leftSection={<IconPlus size={16} />}>
          新建公告
        </Button>
      }
    >
      <FilterBar keyword={keyword} onKeyword={(value) => query.set({ keyword: value })} placeholder="标题或摘要" onReset={() => query.set({ keyword: null, categoryId: null, state: null })}>
        <CategorySelect kind="policy" label="分类" value={categoryId} onChange={(id) => query.set({ categoryId: id })} w={180} />
        <Select
          label="状态"
          placeholder="全部"
          clearable
          w={130}
          data={(Object.keys(POLICY_STATES) as PolicyState[]).map((value) => ({ value, label: POLICY_STATES[value].label }))}
          value={state ?? null}
          onChange={(value) => query.set({ state: value })}
        />
      </FilterBar>
      <ListView
        state={list}
        label="公告列表"
        empty="没有符合条件的公告"
        onPage={(page) => query.set({ page })}
        head={
          <>
            <Table.Th>标题</Table.Th>
            <Table.Th>分类</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>发布时间（北京时间）</Table.Th>
            <Table.Th ta="right">浏览</Table.Th>
            <Table.Th w={140}>操作</Table.Th>
          </>
        }
        row={(policy) => (
          <Table.Tr key={policy.id}>
            <Table.Td maw={420}>
              <Group gap={6} wrap="nowrap">
                {policy.pinned && (
                  <Badge size="sm" color="cinnabar" variant="filled" radius="sm" leftSection={<IconPin size={12} />}>
                    置顶
                  </Badge>
                )}
                <Anchor component={Link} to={`/policies/${policy.id}`} fw={500} lineClamp={1}>
                  {policy.title}
                </Anchor>
              </Group>
              {policy.summary && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {policy.summary}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{policy.categoryName ?? '—'}</Table.Td>
            <Table.Td>
              <PolicyStateBadge publishedAt={policy.publishedAt} />
            </Table.Td>
            <Table.Td>{formatDateTime(policy.publishedAt)}</Table.Td>
            <Table.Td ta="right">{policy.views}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button component={Link} to={`/policies/${policy.id}`} size="compact-sm" variant="subtle">
                  编辑
                </Button>
                <DeleteButton
                  name={policy.title}
                  what="公告"
                  onDelete={async () => {
                    await api.console.policyDelete({ id: policy.id });
                    showSuccess(`「${policy.title}」已删除`);
                    list.reload();
                  }}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Page>
  );
}

