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

export default function EnterpriseListPage() {
  const query = useQueryParams(LIST_QUERY);
  const keyword = query.get('keyword');
  const categoryId = query.number('categoryId');
  const regionId = query.number('regionId');
  const published = query.oneOf('published', PUBLISHED_VALUES);
  const list = useAsync(
    (signal) => api.console.enterpriseList({ page: query.page, pageSize: PAGE_SIZE, keyword: keyword || undefined, categoryId, regionId, published }, { signal }),
    [query.page, keyword, categoryId, regionId, published],
  );

  return (
    <Page
      title="企业库"
      description="企业认证通过后自动入库；也可在此手工录入。已公开的企业显示在门户网站的企业库中。"
      actions={
        <Button component={Link} to="/enterprises/new" leftSection={<IconPlus size={16} />}>
          录入企业
        </Button>
      }
    >
      <FilterBar keyword={keyword} onKeyword={(value) => query.set({ keyword: value })} placeholder="企业名称或信用代码" onReset={() => query.set({ keyword: null, categoryId: null, regionId: null, published: null })}>
        <CategorySelect kind="enterprise" label="分类" value={categoryId} onChange={(id) => query.set({ categoryId: id })} w={160} />
        <RegionSelect label="地区" value={regionId} onChange={(id) => query.set({ regionId: id })} w={200} />
        <PublishedFilter label="公开状态" on="已公开" off="未公开" value={published} onChange={(value) => query.set({ published: value })} />
      </FilterBar>
      <ListView
        state={list}
        label="企业列表"
        empty="没有符合条件的企业"
        onPage={(page) => query.set({ page })}
        head={
          <>
            <Table.Th>企业名称</Table.Th>
            <Table.Th>统一社会信用代码</Table.Th>
            <Table.Th>类型</Table.Th>
            <Table.Th>分类 / 地区</Table.Th>
            <Table.Th>来源</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th w={140}>操作</Table.Th>
          </>
        }
        row={(enterprise) => (
          <Table.Tr key={enterprise.id}>
            <Table.Td maw={320}>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={enterprise.logo ? fileHref(enterprise.logo) : null} alt="" radius="sm" color="ink">
                  {enterprise.name.slice(0, 1)}
                </Avatar>
                <Anchor component={Link} to={`/enterprises/${enterprise.id}`} fw={500} lineClamp={2}>
                  {enterprise.name}
                </Anchor>
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm" className="fc-mono">
                {enterprise.creditCode}
              </Text>
            </Table.Td>
            <Table.Td>{enterprise.type}</Table.Td>
            <Table.Td>
              <Text size="sm">{enterprise.categoryName ?? '—'}</Text>
              <Text size="xs" c="dimmed">
                {enterprise.regionName ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              {enterprise.authenticationId ? (
                <Anchor component={Link} to={`/review/authentications/${enterprise.authenticationId}`} size="sm">
                  企业认证
                </Anchor>
              ) : (
                <Badge variant="outline" color="ink" radius="sm">
                  手工录入
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <PublishedBadge published={enterprise.published} on="已公开" off="未公开" />
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button component={Link} to={`/enterprises/${enterprise.id}`} size="compact-sm" variant="subtle">
                  编辑
                </Button>
                <DeleteButton
                  name={enterprise.name}
                  what="企业"
                  onDelete={async () => {
                    await api.console.enterpriseDelete({ id: enterprise.id });
                    showSuccess(`企业「${enterprise.name}」已删除`);
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
