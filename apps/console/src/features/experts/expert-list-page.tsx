import { Anchor, Avatar, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { RegionSelect } from '@flagship/ui/form-fields';
import { Link } from 'react-router-dom';
import { useAsync, useQueryParams } from '@flagship/ui';
import { CategorySelect } from '../../components/category-select';
import { DeleteButton } from '../../components/delete-button';
import { FilterBar } from '../../components/filter-bar';
import { ListView, PublishedFilter } from '../../components/list-view';
import { Page } from '../../components/page';
import { PublishedBadge } from '../../components/status-badges';
import { api, showSuccess } from '../../lib/api';
import { fileHref } from '../../lib/files';
import { LIST_QUERY, PUBLISHED_VALUES } from '../../lib/list';

const PAGE_SIZE = 15;

export default function ExpertListPage() {
  const query = useQueryParams(LIST_QUERY);
  const keyword = query.get('keyword');
  const categoryId = query.number('categoryId');
  const regionId = query.number('regionId');
  const published = query.oneOf('published', PUBLISHED_VALUES);
  const list = useAsync(
    (signal) => api.console.expertList({ page: query.page, pageSize: PAGE_SIZE, keyword: keyword || undefined, categoryId, regionId, published }, { signal }),
    [query.page, keyword, categoryId, regionId, published],
  );

  return (
    <Page
      title="专家库"
      description="维护评审专家信息；已发布的专家显示在门户网站的专家库中。"
      actions={
        <Button component={Link} to="/experts/new" leftSection={<IconPlus size={16} />}>
          新增专家
        </Button>
      }
    >
      <FilterBar keyword={keyword} onKeyword={(value) => query.set({ keyword: value })} placeholder="姓名、单位或专长" onReset={() => query.set({ keyword: null, categoryId: null, regionId: null, published: null })}>
        <CategorySelect kind="expert" label="分类" value={categoryId} onChange={(id) => query.set({ categoryId: id })} w={160} />
        <RegionSelect label="地区" value={regionId} onChange={(id) => query.set({ regionId: id })} w={200} />
        <PublishedFilter value={published} onChange={(value) => query.set({ published: value })} />
      </FilterBar>
      <ListView
        state={list}
        label="专家列表"
        empty="没有符合条件的专家"
        onPage={(page) => query.set({ page })}
        head={
          <>
            <Table.Th>专家</Table.Th>
            <Table.Th>工作单位</Table.Th>
            <Table.Th>专长</Table.Th>
            <Table.Th>分类 / 地区</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th ta="right">排序</Table.Th>
            <Table.Th w={140}>操作</Table.Th>
          </>
        }
        row={(expert) => (
          <Table.Tr key={expert.id}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={expert.photo ? fileHref(expert.photo) : null} alt="" radius="xl" color="cinnabar">
                  {expert.name.slice(0, 1)}
                </Avatar>
                <div>
                  <Anchor component={Link} to={`/experts/${expert.id}`} fw={500}>
                    {expert.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {expert.title || '—'}
                  </Text>
                </div>
              </Group>
            </Table.Td>
            <Table.Td maw={220}>
              <Text size="sm" lineClamp={2}>
                {expert.organisation || '—'}
              </Text>
            </Table.Td>
            <Table.Td maw={260}>
              <Group gap={4}>
                {expert.specialities.slice(0, 4).map((s) => (
                  <Badge key={s} variant="outline" color="ink" radius="sm" size="sm">
                    {s}
                  </Badge>
                ))}
                {expert.specialities.length > 4 && <Text size="xs" c="dimmed">等 {expert.specialities.length} 项</Text>}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{expert.categoryName ?? '—'}</Text>
              <Text size="xs" c="dimmed">
                {expert.regionName ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <PublishedBadge published={expert.published} />
            </Table.Td>
            <Table.Td ta="right">{expert.sort}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button component={Link} to={`/experts/${expert.id}`} size="compact-sm" variant="subtle">
                  编辑
                </Button>
                <DeleteButton
                  name={expert.name}
                  what="专家"
                  onDelete={async () => {
                    await api.console.expertDelete({ id: expert.id });
                    showSuccess(`专家「${expert.name}」已删除`);
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
