import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Badge, Button, Checkbox, Grid, Group, List, Modal, Paper, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconDownload } from '@tabler/icons-react';
import { decisionsBody, REVIEW_RECOMMENDATION_LABELS, REVIEW_RECOMMENDATIONS, type Ranking } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { Empty, ListPagination, useAsync, useQueryParams } from '@flagship/ui';
import { AsyncView } from '../../components/states';
import { ApplyStatusBadge } from '../../components/status-badges';
import { api, showSuccess } from '../../lib/api';
import { reviewExportUrl } from '../../lib/links';
import { LIST_QUERY } from '../../lib/list';
import { TONE } from '../../lib/tones';
import { score, SelectPage } from './review-shared';

const PAGE_SIZE = 50;
const DECIDABLE = new Set(['submitted', 'reviewing']);
const FLAG_VALUES = ['true', 'false'] as const;
type Decision = 'approved' | 'rejected';

/** The call's ranking with the score distribution, and decisions on the selected rows. */
export function RankingPanel({ projectId }: { projectId: number }) {
  const query = useQueryParams(LIST_QUERY);
  const recommendation = query.oneOf('recommendation', REVIEW_RECOMMENDATIONS);
  const flag = query.oneOf('flagged', FLAG_VALUES);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [deciding, setDeciding] = useState<Decision>();
  const ranking = useAsync(
    (signal) => api.console.reviewRanking({ projectId, page: query.page, pageSize: PAGE_SIZE, recommendation, flagged: flag }, { signal }),
    [projectId, query.page, recommendation, flag],
  );
  const rows = ranking.data?.list ?? [];
  const pageIds = rows.filter((r) => DECIDABLE.has(r.status)).map((r) => r.applicationId);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" className="fc-panel">
        <Group gap="sm" align="flex-end">
          <Select
            label="多数推荐意见"
            placeholder="全部"
            clearable
            w={180}
            data={REVIEW_RECOMMENDATIONS.map((value) => ({ value, label: REVIEW_RECOMMENDATION_LABELS[value] }))}
            value={recommendation ?? null}
            onChange={(value) => query.set({ recommendation: value })}
          />
          <Select
            label="分歧"
            placeholder="全部"
            clearable
            w={160}
            data={[
              { value: 'true', label: '有分歧' },
              { value: 'false', label: '无分歧' },
            ]}
            value={flag ?? null}
            onChange={(value) => query.set({ flagged: value })}
          />
          <Button component="a" href={reviewExportUrl(projectId)} download variant="light" leftSection={<IconDownload size={16} />} ml="auto">
            导出 Excel
          </Button>
        </Group>
      </Paper>

      <AsyncView state={ranking}>
        {(data) => (
          <>
            <Distribution ranking={data} />
            <Paper withBorder p="sm" className="fc-panel">
              <Group justify="space-between">
                <Text size="sm" c={selected.size ? undefined : 'dimmed'} role="status">
                  {selected.size ? `已选择 ${selected.size} 份申报` : '勾选待审核的申报后，可批量通过或不通过'}
                  {selected.size > 0 && (
                    <Anchor component="button" size="sm" ml="sm" onClick={() => setSelected(new Set())}>
                      清除选择
                    </Anchor>
                  )}
                </Text>
                <Group gap="xs">
                  <Button color={TONE.success} leftSection={<IconCircleCheck size={16} />} disabled={selected.size === 0} onClick={() => setDeciding('approved')}>
                    通过
                  </Button>
                  <Button color={TONE.danger} variant="outline" leftSection={<IconCircleX size={16} />} disabled={selected.size === 0} onClick={() => setDeciding('rejected')}>
                    不通过
                  </Button>
                </Group>
              </Group>
            </Paper>
            {data.list.length === 0 ? (
              <Paper withBorder className="fc-panel">
                <Empty>{recommendation || flag ? '没有符合条件的申报' : '还没有申报'}</Empty>
              </Paper>
            ) : (
              <Stack gap={0}>
                <Paper withBorder className="fc-panel" style={{ overflowX: 'auto' }}>
                  <Table className="fc-table" verticalSpacing="xs" aria-label="评审排名">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={40}>
                          <SelectPage label="选择本页全部待审核的申报" pageIds={pageIds} selected={selected} onChange={setSelected} />
                        </Table.Th>
                        <Table.Th ta="right">排名</Table.Th>
                        <Table.Th>申报</Table.Th>
                        <Table.Th>状态</Table.Th>
                        <Table.Th ta="right">评审</Table.Th>
                        <Table.Th ta="right">平均分</Table.Th>
                        <Table.Th ta="right">中位数</Table.Th>
                        <Table.Th ta="right">去极值平均</Table.Th>
                        <Table.Th ta="right">极差</Table.Th>
                        <Table.Th>推荐意见</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.list.map((row) => (
                        <Table.Tr key={row.applicationId}>
                          <Table.Td>
                            <Checkbox
                              aria-label={`选择申报 ${row.serialNumber ?? row.applicationId}`}
                              disabled={!DECIDABLE.has(row.status)}
                              checked={selected.has(row.applicationId)}
                              onChange={() => toggle(row.applicationId)}
                            />
                          </Table.Td>
                          <Table.Td ta="right" fw={600}>
                            {row.reviews > 0 ? row.rank : '—'}
                          </Table.Td>
                          <Table.Td maw={300}>
                            <Anchor component={Link} to={`/review/applications/${row.applicationId}`} size="sm" className="fc-mono" style={{ whiteSpace: 'nowrap' }}>
                              {row.serialNumber ?? `#${row.applicationId}`}
                            </Anchor>
                            <Text size="xs" lineClamp={1}>
                              {row.applicationTitle}
                            </Text>
                            <Text size="xs" c="dimmed" lineClamp={1}>
                              {row.applicantName}
                            </Text>
                          </Table.Td>
                          <Table.Td miw={90}>
                            <ApplyStatusBadge status={row.status} />
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {row.reviews} / {row.assigned}
                          </Table.Td>
                          <Table.Td ta="right">{score(row.mean)}</Table.Td>
                          <Table.Td ta="right">{score(row.median)}</Table.Td>
                          <Table.Td ta="right" fw={600}>
                            {score(row.trimmedMean)}
                          </Table.Td>
                          <Table.Td ta="right">
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              {row.flagged && (
                                <Badge color={TONE.danger} variant="light" radius="sm" size="sm">
                                  分歧
                                </Badge>
                              )}
                              {score(row.spread)}
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                              资助 {row.recommendations.fund}
                            </Text>
                            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                              修改后资助 {row.recommendations.fund_with_changes}
                            </Text>
                            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                              不资助 {row.recommendations.do_not_fund}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
                <ListPagination page={data.page} pageSize={data.pageSize} total={data.total} onChange={(page) => query.set({ page })} alwaysShowTotal mt="md" size="sm" />
              </Stack>
            )}
          </>
        )}
      </AsyncView>

      <DecisionModal
        projectId={projectId}
        status={deciding}
        ids={[...selected]}
        onClose={() => setDeciding(undefined)}
        onDone={() => {
          setSelected(new Set());
          ranking.reload();
        }}
      />
    </Stack>
  );
}

function Distribution({ ranking }: { ranking: Ranking }) {
  const data = ranking.distribution.map((count, i) => ({ band: `${i * 10}–${i * 10 + 10}`, 申报数: count }));
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder p="md" className="fc-panel" component="section" aria-label="评审概况" h="100%">
          <Title order={2} size="h4" className="fc-section-title" mb="sm">
            评审概况
          </Title>
          <Stack gap={4}>
            <Text size="sm">已有评分的申报：{ranking.reviewed} 份</Text>
            <Text size="sm">有分歧的申报：{ranking.flaggedCount} 份</Text>
            <Text size="xs" c="dimmed">
              排名按去掉最高分和最低分后的平均分（不足 5 份评审时为平均分），总分为 0–100。
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper withBorder p="md" className="fc-panel" component="section" aria-label="得分分布">
          <Title order={2} size="h4" className="fc-section-title" mb="sm">
            得分分布
          </Title>
          {ranking.reviewed === 0 ? (
            <Text size="sm" c="dimmed" py="xl" ta="center">
              还没有提交的评审，专家提交评分后这里显示得分分布。
            </Text>
          ) : (
            <div role="img" aria-label={`得分分布：${data.map((d) => `${d.band} 分 ${d.申报数} 份`).join('，')}`}>
              <BarChart h={180} data={data} dataKey="band" series={[{ name: '申报数', color: 'cinnabar.7' }]} tickLine="y" gridAxis="y" xAxisLabel="去极值平均分" yAxisLabel="申报数" yAxisProps={{ allowDecimals: false, domain: [0, 'dataMax'] }} withTooltip={false} />
            </div>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function DecisionModal({ projectId, status, ids, onClose, onDone }: { projectId: number; status?: Decision; ids: number[]; onClose: () => void; onDone: () => void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [skipped, setSkipped] = useState<{ applicationId: number; reason: string }[]>([]);
  const label = status === 'rejected' ? '不通过' : '通过';
  const close = () => {
    setMessage('');
    setError(undefined);
    setSkipped([]);
    onClose();
  };
  const confirm = async () => {
    if (!status) return;
    const checked = decisionsBody.safeParse({ applicationIds: ids, status, message });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      const result = await api.console.reviewDecisions({ projectId, ...checked.data });
      showSuccess(`已${label} ${result.decided} 份申报，并通知申请人`);
      onDone();
      if (result.skipped.length) setSkipped(result.skipped);
      else close();
    } catch {
      // The error policy has shown the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={Boolean(status)} onClose={close} title={`批量${label}`} centered>
      {skipped.length > 0 ? (
        <Stack>
          <Alert color={TONE.warning} title={`${skipped.length} 份申报未处理`}>
            <List size="sm">
              {skipped.map((s) => (
                <List.Item key={s.applicationId}>
                  申报 #{s.applicationId}：{s.reason}
                </List.Item>
              ))}
            </List>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>关闭</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            确定{label}所选的 {ids.length} 份申报吗？申请人将收到邮件通知{status === 'rejected' ? '和下面的审核意见' : ''}。
          </Text>
          <Textarea
            label="审核意见"
            description={status === 'rejected' ? '不通过时必须填写，申请人可以看到' : '可选，申请人可以看到'}
            required={status === 'rejected'}
            autosize
            minRows={3}
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              取消
            </Button>
            <Button color={status === 'rejected' ? TONE.danger : TONE.success} loading={busy} onClick={() => void confirm()}>
              确认{label}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
