import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Mark.css';
import { Group, Highlight, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { SEARCH_KIND_LABELS, SEARCH_KINDS, type SearchKind } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { Empty, formatDate, ListPagination, Loading, useQueryParams } from '@flagship/ui';
import { Page } from '../../../components/page';
import { SectionHead } from '../../../components/section-head';
import { ErrorState } from '../../../components/states';
import { HIT_LINKS, SEARCH_PAGE_SIZE, searchCounts, useSearch, type SearchHit } from '../api/search';

export default function SearchPage() {
  const query = useQueryParams();
  const keyword = query.get('keyword').trim();
  const typeParam = query.get('type');
  const type = (SEARCH_KINDS as readonly string[]).includes(typeParam) ? (typeParam as SearchKind) : undefined;
  const result = useSearch(keyword, type, query.page);
  const view = result.data;
  const counts = view ? searchCounts(view) : undefined;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const busy = result.status === 'loading';
  const tabLink = (kind: SearchKind) => `/search?keyword=${encodeURIComponent(keyword)}&type=${kind}`;

  return (
    <Page heading={keyword ? `搜索「${keyword}」` : '搜索'}>
      {!keyword ? (
        <Empty>请在页面顶部输入关键词进行搜索</Empty>
      ) : (
        <>
          <Tabs value={type ?? 'all'} onChange={(value) => query.set({ type: value === 'all' ? null : value })} mb="lg">
            <Tabs.List>
              <Tabs.Tab value="all">全部{all !== undefined ? `（${all}）` : ''}</Tabs.Tab>
              {SEARCH_KINDS.map((kind) => (
                <Tabs.Tab key={kind} value={kind}>
                  {SEARCH_KIND_LABELS[kind]}
                  {counts ? `（${counts[kind]}）` : ''}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {result.status === 'error' && !view ? (
            <ErrorState error={result.error} onRetry={result.reload} />
          ) : !view ? (
            <Loading />
          ) : all === 0 ? (
            <Empty>没有找到与「{keyword}」相关的内容</Empty>
          ) : view.type ? (
            view.result.list.length === 0 ? (
              <Empty>没有找到与「{keyword}」相关的{SEARCH_KIND_LABELS[view.type]}</Empty>
            ) : (
              <>
                <HitList hits={view.result.list} keyword={keyword} busy={busy} />
                <ListPagination page={view.result.page} pageSize={SEARCH_PAGE_SIZE} total={view.result.total} onChange={(page) => query.set({ page })} />
              </>
            )
          ) : (
            <Stack gap="xl">
              {view.groups
                .filter((group) => group.total > 0)
                .map((group) => (
                  <section key={group.kind}>
                    <SectionHead title={`${SEARCH_KIND_LABELS[group.kind]}（${group.total}）`} to={tabLink(group.kind)} link={`查看全部 ${group.total} 条`} />
                    <HitList hits={group.hits} keyword={keyword} busy={busy} />
                  </section>
                ))}
            </Stack>
          )}
        </>
      )}
    </Page>
  );
}

function HitList({ hits, keyword, busy }: { hits: SearchHit[]; keyword: string; busy: boolean }) {
  return (
    <Stack gap={0} className="fs-list" aria-busy={busy}>
      {hits.map((hit) => (
        <UnstyledButton key={`${hit.kind}-${hit.id}`} component={Link} to={HIT_LINKS[hit.kind](hit.id)} className="fs-list__item">
          <Group gap={8} wrap="nowrap" mb={4}>
            <Highlight highlight={keyword} fw={600} lineClamp={1} color="yellow.2">
              {hit.title}
            </Highlight>
            {hit.date && (
              <Text size="sm" c="dimmed" ml="auto" style={{ flex: 'none' }}>
                {formatDate(hit.date)}
              </Text>
            )}
          </Group>
          {hit.summary && (
            <Highlight highlight={keyword} size="sm" c="dimmed" lineClamp={2} color="yellow.2">
              {hit.summary}
            </Highlight>
          )}
        </UnstyledButton>
      ))}
    </Stack>
  );
}
