import '@mantine/core/styles/SegmentedControl.css';
import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Empty, formatDate, ListPagination, useQueryParams } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { POLICY_PAGE_SIZE, usePolicyCategories, usePolicyList } from '../api/policies';

export default function PolicyListPage() {
  const query = useQueryParams();
  const keyword = query.get('keyword');
  const categoryId = query.number('categoryId');
  const [draft, setDraft] = useState(keyword);
  const categories = usePolicyCategories();
  const list = usePolicyList({ page: query.page, keyword: keyword || undefined, categoryId });

  return (
    <Page>
      <Paper withBorder p="md" mb="lg">
        <Group justify="space-between">
          <SegmentedControl
            aria-label="公告分类"
            value={categoryId ? String(categoryId) : ''}
            onChange={(value) => query.set({ categoryId: value })}
            data={[{ value: '', label: '全部' }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
          />
          <Anchor component={Link} to="/funded" size="sm">
            立项项目公开名单
          </Anchor>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              query.set({ keyword: draft.trim() });
            }}
          >
            <TextInput
              aria-label="搜索公告"
              placeholder="搜索公告标题"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              w={260}
            />
          </form>
        </Group>
      </Paper>
      <AsyncView state={list}>
        {(data) =>
          data.list.length === 0 ? (
            <Empty>暂无通知公告</Empty>
          ) : (
            <>
              <Stack gap={0} className="fs-list">
                {data.list.map((policy) => (
                  <UnstyledButton key={policy.id} component={Link} to={`/policyDetail?id=${policy.id}`} className="fs-list__item">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={4} style={{ minWidth: 0 }}>
                        <Group gap={8} wrap="nowrap">
                          {policy.pinned && (
                            <Badge color="cinnabar" size="sm" variant="filled" style={{ flex: 'none' }}>
                              置顶
                            </Badge>
                          )}
                          {policy.categoryName && (
                            <Badge color="ink.7" size="sm" variant="outline" style={{ flex: 'none' }}>
                              {policy.categoryName}
                            </Badge>
                          )}
                          <Text fw={600} lineClamp={1}>
                            {policy.title}
                          </Text>
                        </Group>
                        {policy.summary && (
                          <Text size="sm" c="dimmed" lineClamp={2}>
                            {policy.summary}
                          </Text>
                        )}
                      </Stack>
                      <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
                        {formatDate(policy.publishedAt)}
                      </Text>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
              <ListPagination page={data.page} pageSize={POLICY_PAGE_SIZE} total={data.total} onChange={(page) => query.set({ page })} />
            </>
          )
        }
      </AsyncView>
    </Page>
  );
}
