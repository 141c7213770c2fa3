import { Badge, Card, Grid, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Empty, formatBudget, formatDate, formatDeadline } from '@flagship/ui';
import { Countdown } from '../../../components/countdown';
import { SectionHead } from '../../../components/section-head';
import { ProjectStatusBadge } from '../../../components/project-status-badge';
import { AsyncView } from '../../../components/states';
import { useSettings, useSiteTitle } from '../../../lib/settings';
import { useLatestNotices, useOpenCalls } from '../api/home';
import { Hero } from '../components/hero';
import { LibraryEntries } from '../components/library-entries';
import { ResultNotices } from '../../../components/result-notices';

export default function HomePage() {
  const settings = useSettings();
  const siteTitle = useSiteTitle();
  const calls = useOpenCalls();
  const notices = useLatestNotices();

  return (
    <>
      <Hero banners={settings?.banners} siteTitle={siteTitle} />
      <div className="fs-container" style={{ paddingTop: 32, paddingBottom: 48 }}>
        <ResultNotices />
        <Paper withBorder p="lg" mb={32}>
          <LibraryEntries />
        </Paper>
        <Grid gap={32}>
          <Grid.Col span={7}>
            <SectionHead title="申报中的项目" to="/declaration" />
            <AsyncView state={calls}>
              {(data) =>
                data.list.length === 0 ? (
                  <Empty>当前没有开放申报的项目</Empty>
                ) : (
                  <Stack gap="sm">
                    {data.list.map((project) => (
                      <Card key={project.id} component={Link} to={`/projectDetail?id=${project.id}`} className="fs-card-link" padding="md">
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Stack gap={4} style={{ minWidth: 0 }}>
                            <Group gap={8} wrap="nowrap">
                              <ProjectStatusBadge status={project.status} size="sm" />
                              <Text fw={700} lineClamp={1}>
                                {project.title}
                              </Text>
                            </Group>
                            <Text size="sm" c="dimmed">
                              {project.categoryName ?? '艺术项目'} · 资助额度 {formatBudget(project.budget)}
                            </Text>
                            {/* Under the title, not beside it: the time with its zone is long, and the title keeps its width. */}
                            <Text size="xs" c="dimmed">
                              {project.status === 'open' ? `截止 ${formatDeadline(project.applyEnd)}` : `开始 ${formatDeadline(project.applyStart)}`}
                            </Text>
                          </Stack>
                          <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
                            <Countdown
                              to={project.status === 'open' ? project.applyEnd : project.applyStart}
                              prefix={project.status === 'open' ? '剩 ' : '还有 '}
                              ended="已截止"
                              size="sm"
                              fw={600}
                              c="cinnabar.8"
                            />
                          </Stack>
                        </Group>
                      </Card>
                    ))}
                  </Stack>
                )
              }
            </AsyncView>
          </Grid.Col>
          <Grid.Col span={5}>
            <SectionHead title="通知公告" to="/policy" />
            <AsyncView state={notices}>
              {(data) =>
                data.list.length === 0 ? (
                  <Empty>暂无通知公告</Empty>
                ) : (
                  <Stack gap={0} className="fs-list">
                    {data.list.map((policy) => (
                      <UnstyledButton key={policy.id} component={Link} to={`/policyDetail?id=${policy.id}`} className="fs-list__item" py={12}>
                        <Group justify="space-between" wrap="nowrap" gap="sm">
                          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                            {policy.pinned && (
                              <Badge size="xs" color="cinnabar" variant="filled" style={{ flex: 'none' }}>
                                置顶
                              </Badge>
                            )}
                            <Text size="sm" lineClamp={1}>
                              {policy.title}
                            </Text>
                          </Group>
                          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                            {formatDate(policy.publishedAt)}
                          </Text>
                        </Group>
                      </UnstyledButton>
                    ))}
                  </Stack>
                )
              }
            </AsyncView>
          </Grid.Col>
        </Grid>
      </div>
    </>
  );
}
