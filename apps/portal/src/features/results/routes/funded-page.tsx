import '@mantine/core/styles/Table.css';
import { Anchor, Button, Group, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Empty, ListPagination, useQueryParams } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { FUNDED_PAGE_SIZE, fundedDownloadUrl, useFundedList, type FundedFilter } from '../api/results';

const yuan = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The open list of funded projects: every published 立项公示, across calls and years. */
export default function FundedPage() {
  const query = useQueryParams();
  const filter: FundedFilter = {
    year: query.number('year'),
    category: query.get('category') || undefined,
    region: query.get('region') || undefined,
    keyword: query.get('keyword') || undefined,
  };
  const list = useFundedList(query.page, filter);
  const [keyword, setKeyword] = useState(query.get('keyword'));
  const facets = list.data;
  return (
    <Page>
      <Paper withBorder p="md" mb="lg">
        <Group
          component="form"
          align="flex-end"
          onSubmit={(event) => {
            event.preventDefault();
            query.set({ keyword: keyword.trim() });
          }}
        >
          <Select label="年度" placeholder="全部年度" clearable data={(facets?.years ?? []).map((y) => ({ value: String(y), label: `${y} 年` }))} value={query.get('year') || null} onChange={(value) => query.set({ year: value })} w={140} />
          <Select label="分类" placeholder="全部分类" clearable data={facets?.categories ?? []} value={query.get('category') || null} onChange={(value) => query.set({ category: value })} w={180} />
          <Select label="地区" placeholder="全部地区" clearable data={facets?.regions ?? []} value={query.get('region') || null} onChange={(value) => query.set({ region: value })} w={180} />
          <TextInput label="关键词" placeholder="项目名称或申报单位" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} w={220} />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            查询
          </Button>
        </Group>
      </Paper>
      <AsyncView state={list}>
        {(data) => (
          <>
            <Group justify="space-between" mb="sm">
              <Text>
                共 <strong>{data.totals.count}</strong> 个项目，资助金额合计 <strong>{yuan(data.totals.amountGranted)}</strong> 元
              </Text>
              <Group gap="xs">
                <Button component="a" href={fundedDownloadUrl('csv', filter)} variant="default" size="xs" leftSection={<IconDownload size={14} />}>
                  下载 CSV
                </Button>
                <Button component="a" href={fundedDownloadUrl('xlsx', filter)} variant="default" size="xs" leftSection={<IconDownload size={14} />}>
                  下载 Excel
                </Button>
              </Group>
            </Group>
            {data.list.length === 0 ? (
              <Empty>没有符合条件的立项项目</Empty>
            ) : (
              <>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>年度</Table.Th>
                      <Table.Th>项目名称</Table.Th>
                      <Table.Th>申报单位</Table.Th>
                      <Table.Th>地区</Table.Th>
                      <Table.Th>分类</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>资助金额（元）</Table.Th>
                      <Table.Th>公示</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.list.map((row) => (
                      <Table.Tr key={`${row.announcementId}-${row.title}-${row.organisation}`}>
                        <Table.Td>{row.year}</Table.Td>
                        <Table.Td>{row.title}</Table.Td>
                        <Table.Td>{row.organisation}</Table.Td>
                        <Table.Td>{row.region}</Table.Td>
                        <Table.Td>{row.category}</Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>{yuan(row.amountGranted)}</Table.Td>
                        <Table.Td>
                          {row.policyId ? (
                            <Anchor component={Link} to={`/policyDetail?id=${row.policyId}`} size="sm">
                              {row.callTitle}
                            </Anchor>
                          ) : (
                            row.callTitle
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <ListPagination page={data.page} pageSize={FUNDED_PAGE_SIZE} total={data.total} onChange={(page) => query.set({ page })} />
              </>
            )}
          </>
        )}
      </AsyncView>
    </Page>
  );
}
