import { Anchor, Button, SegmentedControl, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime, useAsync, useQueryParams } from '@flagship/ui';
import { FilterBar } from '../../components/filter-bar';
import { ListView } from '../../components/list-view';
import { Page } from '../../components/page';
import { AuthStatusBadge } from '../../components/status-badges';
import { api } from '../../lib/api';
import { LIST_QUERY } from '../../lib/list';

const PAGE_SIZE = 15;
const STATUS_FILTERS = [
  { value: '0', label: '待审核' },
  { value: '1', label: '已通过' },
  { value: '2', label: '未通过' },
  { value: 'all', label: '全部' },
];

export default function AuthenticationListPage() {
  const query = useQueryParams(LIST_QUERY);
  const keyword = query.get('keyword');
  // The queue opens on what is waiting for review.
  const statusParam = query.get('status') || '0';
  const status = statusParam === '0' || statusParam === '1' || statusParam === '2' ? (Number(statusParam) as 0 | 1 | 2) : undefined;
  const list = useAsync(
    (signal) => api.console.authenticationList({ page: query.page, pageSize: PAGE_SIZE, keyword: keyword || undefined, status }, { signal }),
    [query.page, keyword, status],
  );

  return (
    <Page title="企业认证审核" description="核对申请人提交的企业信息和营业执照；通过后企业进入门户网站企业库，申请人显示「已认证」。">
      <FilterBar keyword={keyword} onKeyword={(value) => query.set({ keyword: value })} placeholder="企业名称、信用代码或账号">
        <div>
          <Text size="sm" fw={500} mb={2}>
            状态
          </Text>
          <SegmentedControl aria-label="审核状态" data={STATUS_FILTERS} value={status === undefined ? 'all' : String(status)} onChange={(value) => query.set({ status: value === '0' ? null : value })} />
        </div>
      </FilterBar>
      <ListView
        state={list}
        label="企业认证列表"
        empty={status === 0 ? '没有待审核的企业认证' : '没有符合条件的企业认证'}
        onPage={(page) => query.set({ page })}
        head={
          <>
            <Table.Th>企业名称</Table.Th>
            <Table.Th>统一社会信用代码</Table.Th>
            <Table.Th>申请账号</Table.Th>
            <Table.Th>提交时间</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>审核</Table.Th>
            <Table.Th w={100}>操作</Table.Th>
          </>
        }
        row={(item) => (
          <Table.Tr key={item.id}>
            <Table.Td maw={300}>
              <Anchor component={Link} to={`/review/authentications/${item.id}`} fw={500} lineClamp={2}>
                {item.enterpriseName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.type} · {item.regionName ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" className="fc-mono">
                {item.creditCode}
              </Text>
            </Table.Td>
            <Table.Td>{item.account}</Table.Td>
            <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
            <Table.Td>
              <AuthStatusBadge status={item.status} />
            </Table.Td>
            <Table.Td>
              {item.reviewedAt ? (
                <>
                  <Text size="sm">{item.reviewerAccount ?? '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.reviewedAt)}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Button component={Link} to={`/review/authentications/${item.id}`} size="compact-sm" variant={item.status === 0 ? 'filled' : 'subtle'}>
                {item.status === 0 ? '审核' : '查看'}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Page>
  );
}
