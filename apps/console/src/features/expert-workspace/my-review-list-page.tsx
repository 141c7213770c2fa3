import { Anchor, Badge, Button, Paper, SegmentedControl, Table, Text } from '@mantine/core';
import { ASSIGNMENT_STATUSES, ASSIGNMENT_STATUS_LABELS, type MyReviewSummary, type Paged } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { TIME_ZONE_LABEL, useAsync, useQueryParams } from '@flagship/ui';
import { ListView } from '../../components/list-view';
import { Page } from '../../components/page';
import { api } from '../../lib/api';
import { LIST_QUERY } from '../../lib/list';
import { TONE } from '../../lib/tones';
import { AssignmentStatusBadge, Deadline, PhaseBadge } from './review-badges';

/** What the one action of a row is called, by the assignment's status. */
const ACTION: Record<MyReviewSummary['status'], string> = { assigned: '声明利益冲突', declared: '评分', conflict: '查看', submitted: '查看' };

export default function MyReviewListPage() {
  const query = useQueryParams(LIST_QUERY);
  const status = query.oneOf('status', ASSIGNMENT_STATUSES);
  const state = useAsync<Paged<MyReviewSummary>>((signal) => api.console.myReviewList({ page: query.page, pageSize: 20, status }, { signal }), [query.page, status]);

  return (
    <Page title="我的评审" description="分配给您的评审任务。请先声明是否存在利益冲突，再查看申报内容并评分。">
      <Paper withBorder p="sm" className="fc-panel">
        <SegmentedControl
          aria-label="按状态筛选"
          data={[{ value: '', label: '全部' }, ...ASSIGNMENT_STATUSES.map((value) => ({ value, label: ASSIGNMENT_STATUS_LABELS[value] }))]}
          value={status ?? ''}
          onChange={(value) => query.set({ status: value })}
        />
      </Paper>
      <ListView
        state={state}
        label="我的评审任务"
        empty={status ? '没有该状态的评审任务' : '暂时没有分配给您的评审任务'}
        head={
          <>
            <Table.Th>申报项目</Table.Th>
            <Table.Th>申报人</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>阶段</Table.Th>
            <Table.Th>
              评审截止
              <Text span size="xs" c="dimmed" display="block" fw={400}>
                {TIME_ZONE_LABEL}
              </Text>
            </Table.Th>
            <Table.Th>操作</Table.Th>
          </>
        }
        row={(item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Anchor component={Link} to={`/reviews/${item.id}`} fw={600} size="sm">
                {item.applicationTitle}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.projectTitle}
              </Text>
            </Table.Td>
            <Table.Td>
              {item.applicantName ?? (
                <Badge color={TONE.neutral} variant="outline" radius="sm">
                  匿名评审
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <AssignmentStatusBadge status={item.status} />
            </Table.Td>
            <Table.Td>
              <PhaseBadge phase={item.phase} />
            </Table.Td>
            <Table.Td>
              <Deadline review={item} />
            </Table.Td>
            <Table.Td>
              <Button component={Link} to={`/reviews/${item.id}`} size="compact-sm" variant={item.status === 'assigned' || item.status === 'declared' ? 'filled' : 'default'} aria-label={`${ACTION[item.status]}：${item.applicationTitle}`}>
                {ACTION[item.status]}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
        onPage={(page) => query.set({ page })}
      />
    </Page>
  );
}
