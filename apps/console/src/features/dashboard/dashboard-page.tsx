import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Grid, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { APPLY_STATUS_LABELS, AUTH_AGE_BUCKET_LABELS, type ApplyStatus, type Dashboard } from '@flagship/api-client';
import { formatDateTime, useAsync } from '@flagship/ui';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api } from '../../lib/api';

// Staff see what was sent to them; drafts are counted, never listed.
const SHOWN: ApplyStatus[] = ['submitted', 'reviewing', 'returned', 'approved', 'rejected'];
const COLORS: Record<string, string> = { submitted: 'blue.6', reviewing: 'yellow.6', returned: 'orange.7', approved: 'teal.7', rejected: 'red.7' };
const formatMoney = (yuan: number) => yuan.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
const applicationsOf = (projectId: number, status?: ApplyStatus) => `/review/applications?projectId=${projectId}${status ? `&status=${status}` : ''}`;

export default function DashboardPage() {
  const state = useAsync((signal) => api.console.dashboard({ signal }), []);
  return (
    <Page title="工作台" description="本轮申报、评审、企业认证与资金的概况；每个数字都可点开对应的列表。">
      <AsyncView state={state}>{(data) => <Figures data={data} />}</AsyncView>
    </Page>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" className="fc-panel" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Figure({ to, value, label }: { to: string; value: number | string; label: string }) {
  return (
    <Anchor component={Link} to={to} underline="always" aria-label={`${label}：${value}`}>
      {value}
    </Anchor>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const perCall = [...data.calls.map((c) => ({ call: c.title, ...c.counts })), ...(data.otherCalls.calls ? [{ call: `其他 ${data.otherCalls.calls} 个项目`, ...data.otherCalls.counts }] : [])];
  const perDay = data.submissionsPerDay.map((d) => ({ day: d.day.slice(5), 提交数: d.count }));
  return (
    <Grid>
      <Grid.Col span={12}>
        <Panel title="各项目申报情况（开放中及近 30 天截止）">
          {perCall.length === 0 ? (
            <Text c="dimmed">暂无开放中的项目</Text>
          ) : (
            <>
              <div role="img" aria-label={`各项目申报数：${perCall.map((c) => `${c.call} ${SHOWN.reduce((s, k) => s + c[k], 0)} 份`).join('，')}`}>
                <BarChart h={260} data={perCall} dataKey="call" type="stacked" series={SHOWN.map((s) => ({ name: s, label: APPLY_STATUS_LABELS[s], color: COLORS[s]! }))} withLegend withTooltip={false} tickLine="y" gridAxis="y" />
              </div>
              <Table.ScrollContainer minWidth={640}>
                <Table mt="sm" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>项目</Table.Th>
                      {SHOWN.map((s) => (
                        <Table.Th key={s}>{APPLY_STATUS_LABELS[s]}</Table.Th>
                      ))}
                      <Table.Th>草稿</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.calls.map((c) => (
                      <Table.Tr key={c.projectId}>
                        <Table.Td>
                          <Anchor component={Link} to={applicationsOf(c.projectId)}>
                            {c.title}
                          </Anchor>
                        </Table.Td>
                        {SHOWN.map((s) => (
                          <Table.Td key={s}>
                            <Figure to={applicationsOf(c.projectId, s)} value={c.counts[s]} label={`${c.title}${APPLY_STATUS_LABELS[s]}`} />
                          </Table.Td>
                        ))}
                        <Table.Td>{c.counts.draft}</Table.Td>
                      </Table.Tr>
                    ))}
                    {data.otherCalls.calls > 0 && (
                      <Table.Tr>
                        <Table.Td>
                          <Anchor component={Link} to="/projects?status=open">
                            其他 {data.otherCalls.calls} 个项目
                          </Anchor>
                        </Table.Td>
                        {SHOWN.map((s) => (
                          <Table.Td key={s}>{data.otherCalls.counts[s]}</Table.Td>
                        ))}
                        <Table.Td>{data.otherCalls.counts.draft}</Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Panel>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Panel title="近 30 天每日提交">
          <div role="img" aria-label={`近 30 天共提交 ${data.submissionsPerDay.reduce((s, d) => s + d.count, 0)} 份`}>
            <LineChart h={220} data={perDay} dataKey="day" series={[{ name: '提交数', color: 'cinnabar.7' }]} curveType="linear" withTooltip={false} tickLine="y" gridAxis="y" yAxisProps={{ allowDecimals: false }} />
          </div>
          <Text size="sm" mt="xs">
            今日提交{' '}
            <Figure to="/review/applications?status=submitted" value={data.submissionsPerDay.at(-1)?.count ?? 0} label="今日提交" /> 份
          </Text>
        </Panel>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Panel title="待审核的企业认证">
          <Text size="xl" fw={700}>
            <Figure to="/review/authentications" value={data.authentications.waiting} label="待审核的企业认证" />
          </Text>
          <div role="img" aria-label={`等待时长：${data.authentications.ages.map((a) => `${AUTH_AGE_BUCKET_LABELS[a.bucket]} ${a.count} 份`).join('，')}`}>
            <BarChart h={160} data={data.authentications.ages.map((a) => ({ age: AUTH_AGE_BUCKET_LABELS[a.bucket], 份数: a.count }))} dataKey="age" series={[{ name: '份数', color: 'orange.7' }]} withTooltip={false} tickLine="y" gridAxis="y" yAxisProps={{ allowDecimals: false }} />
          </div>
        </Panel>
      </Grid.Col>
      {data.deadlineCalls.map((call) => (
        <Grid.Col key={call.projectId} span={{ base: 12, lg: 6 }}>
          <Panel title={`截止前 48 小时每小时提交：${call.title}`}>
            <Text size="sm" c="dimmed" mb="xs">
              截止时间 {formatDateTime(call.applyEnd)} ·{' '}
              <Anchor component={Link} to={applicationsOf(call.projectId, 'submitted')}>
                查看已提交的申报
              </Anchor>
            </Text>
            <div role="img" aria-label={`截止前 48 小时共提交 ${call.perHour.reduce((s, h) => s + h.count, 0)} 份`}>
              <BarChart h={180} data={call.perHour.map((h) => ({ hour: formatDateTime(h.hour).slice(5, 13), 提交数: h.count }))} dataKey="hour" series={[{ name: '提交数', color: 'blue.6' }]} withTooltip={false} tickLine="y" gridAxis="y" yAxisProps={{ allowDecimals: false }} />
            </div>
          </Panel>
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Panel title="开放中项目的未提交草稿">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>项目</Table.Th>
                <Table.Th>草稿</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.drafts.map((d) => (
                <Table.Tr key={d.projectId}>
                  <Table.Td>{d.title}</Table.Td>
                  <Table.Td>
                    <Figure to={`/projects/${d.projectId}`} value={d.drafts} label={`${d.title}未提交草稿`} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {data.otherDrafts > 0 && (
                <Table.Tr>
                  <Table.Td>其他项目</Table.Td>
                  <Table.Td>{data.otherDrafts}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Panel>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Panel title="专家评审进度（当前轮次）">
          {data.reviews.length === 0 ? (
            <Text c="dimmed">暂无评审轮次</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>项目</Table.Th>
                  <Table.Th>已完成</Table.Th>
                  <Table.Th>未完成</Table.Th>
                  <Table.Th>逾期</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.reviews.map((r) => (
                  <Table.Tr key={r.projectId}>
                    <Table.Td>
                      {r.title}（第 {r.roundNumber} 轮）
                    </Table.Td>
                    <Table.Td>
                      <Figure to={`/projects/${r.projectId}/review`} value={r.done} label={`${r.title}已完成评审`} />
                    </Table.Td>
                    <Table.Td>
                      <Figure to={`/projects/${r.projectId}/review`} value={r.outstanding} label={`${r.title}未完成评审`} />
                    </Table.Td>
                    <Table.Td>
                      <Figure to={`/projects/${r.projectId}/review`} value={r.overdue} label={`${r.title}逾期评审`} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Panel>
      </Grid.Col>
      <Grid.Col span={12}>
        <Panel title="本年度申请与立项金额（按类别、地区）">
          {data.amounts.length === 0 ? (
            <Text c="dimmed">暂无申报金额</Text>
          ) : (
            <>
              <div role="img" aria-label={`申请金额合计 ${formatMoney(data.amounts.reduce((s, a) => s + a.requested, 0))}，立项金额合计 ${formatMoney(data.amounts.reduce((s, a) => s + a.granted, 0))}`}>
                <BarChart
                  h={240}
                  data={data.amounts.slice(0, 12).map((a) => ({ key: `${a.categoryName}·${a.regionName}`, 申请金额: a.requested, 立项金额: a.granted }))}
                  dataKey="key"
                  series={[{ name: '申请金额', color: 'blue.6' }, { name: '立项金额', color: 'teal.7' }]}
                  withLegend
                  withTooltip={false}
                  tickLine="y"
                  gridAxis="y"
                />
              </div>
              <Table.ScrollContainer minWidth={560}>
                <Table mt="sm" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>类别</Table.Th>
                      <Table.Th>地区</Table.Th>
                      <Table.Th>申请金额（元）</Table.Th>
                      <Table.Th>立项金额（元）</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.amounts.map((a) => {
                      const to = `/projects?${new URLSearchParams({ ...(a.categoryId ? { categoryId: String(a.categoryId) } : {}), ...(a.regionId ? { regionId: String(a.regionId) } : {}) }).toString()}`;
                      return (
                        <Table.Tr key={`${a.categoryId}-${a.regionId}`}>
                          <Table.Td>{a.categoryName}</Table.Td>
                          <Table.Td>{a.regionName}</Table.Td>
                          <Table.Td>
                            <Figure to={to} value={formatMoney(a.requested)} label={`${a.categoryName}${a.regionName}申请金额`} />
                          </Table.Td>
                          <Table.Td>
                            <Figure to={to} value={formatMoney(a.granted)} label={`${a.categoryName}${a.regionName}立项金额`} />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Panel>
      </Grid.Col>
    </Grid>
  );
}
