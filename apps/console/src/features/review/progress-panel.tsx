import { Group, Paper, Progress, SimpleGrid, Table, Text } from '@mantine/core';
import type { ReviewRound } from '@flagship/api-client';
import { Empty, formatDateTime, useAsync } from '@flagship/ui';
import { AsyncView } from '../../components/states';
import { api } from '../../lib/api';
import { TONE } from '../../lib/tones';

/** Per expert of the round: assigned, in review (declared, not yet submitted), conflicts, submitted, overdue. */
export function ProgressPanel({ projectId, round }: { projectId: number; round: ReviewRound }) {
  const progress = useAsync((signal) => api.console.reviewProgress({ projectId }, { signal }), [projectId]);
  return (
    <AsyncView state={progress}>
      {(rows) => {
        if (rows.length === 0)
          return (
            <Paper withBorder className="fc-panel">
              <Empty>还没有分配评审专家</Empty>
            </Paper>
          );
        const sum = (key: 'assigned' | 'submitted' | 'overdue' | 'conflicts') => rows.reduce((total, row) => total + row[key], 0);
        const assigned = sum('assigned');
        const submitted = sum('submitted');
        return (
          <>
            <SimpleGrid cols={4} mb="md">
              <Figure label="评审专家" value={`${rows.length} 位`} />
              <Figure label="已提交 / 分配" value={`${submitted} / ${assigned}`} />
              <Figure label="利益冲突" value={String(sum('conflicts'))} />
              <Figure label="逾期未交" value={String(sum('overdue'))} tone={sum('overdue') > 0 ? TONE.danger : undefined} />
            </SimpleGrid>
            <Text size="sm" c="dimmed" mb="sm">
              评审截止：{formatDateTime(round.reviewEndsAt)}（北京时间）；{round.reminderDaysBefore > 0 ? `截止前 ${round.reminderDaysBefore} 天及逾期后` : '逾期后'}自动提醒未完成的专家。
            </Text>
            <Paper withBorder className="fc-panel" style={{ overflow: 'hidden' }}>
              <Table className="fc-table" verticalSpacing="sm" aria-label="专家评审进度">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>专家</Table.Th>
                    <Table.Th>评审账号</Table.Th>
                    <Table.Th ta="right">已分配</Table.Th>
                    <Table.Th ta="right">评审中</Table.Th>
                    <Table.Th ta="right">利益冲突</Table.Th>
                    <Table.Th ta="right">已提交</Table.Th>
                    <Table.Th ta="right">逾期</Table.Th>
                    <Table.Th w={200}>完成度</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    // `assigned` leaves out the conflicts declared: those are not due.
                    const percent = row.assigned > 0 ? Math.round((row.submitted / row.assigned) * 100) : 0;
                    return (
                      <Table.Tr key={row.expertId}>
                        <Table.Td>{row.expertName}</Table.Td>
                        <Table.Td>
                          <Text size="sm" c={row.account ? undefined : 'dimmed'} className={row.account ? 'fc-mono' : undefined}>
                            {row.account ?? '未开通'}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{row.assigned}</Table.Td>
                        <Table.Td ta="right">{row.declared}</Table.Td>
                        <Table.Td ta="right">{row.conflicts}</Table.Td>
                        <Table.Td ta="right">{row.submitted}</Table.Td>
                        <Table.Td ta="right" c={row.overdue > 0 ? TONE.danger : undefined} fw={row.overdue > 0 ? 600 : undefined}>
                          {row.overdue}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Progress value={percent} color={TONE.success} w={120} aria-label={`${row.expertName} 的完成度`} />
                            <Text size="xs">{percent}%</Text>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Paper>
          </>
        );
      }}
    </AsyncView>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Paper withBorder p="md" className="fc-panel">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={600} c={tone}>
        {value}
      </Text>
    </Paper>
  );
}
