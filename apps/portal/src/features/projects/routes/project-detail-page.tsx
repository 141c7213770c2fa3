import '@mantine/core/styles/Table.css';
import { Anchor, Button, Card, Divider, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPaperclip, IconPencil, IconEye } from '@tabler/icons-react';
import type { Project } from '@flagship/api-client';
import { Link, useSearchParams } from 'react-router-dom';
import { Empty, formatBudget, formatPeriod, formatSize, RichHtml, toId } from '@flagship/ui';
import { ApplyStatusBadge, EDITABLE_STATUSES } from '../../../components/apply-status-badge';
import { Countdown } from '../../../components/countdown';
import { Page } from '../../../components/page';
import { ProjectStatusBadge } from '../../../components/project-status-badge';
import { AsyncView } from '../../../components/states';
import { useProject } from '../api/projects';
import { ResultNotices } from '../../../components/result-notices';

export default function ProjectDetailPage() {
  const [params] = useSearchParams();
  const project = useProject(toId(params.get('id')));
  return (
    <Page hideHeading>
      <AsyncView state={project}>{(data) => <ProjectDetail project={data} />}</AsyncView>
    </Page>
  );
}

/** The amount and the note on it; a call without an amount shows its note alone. */
function budgetText({ budget, budgetNote }: Project): string {
  if (budget <= 0) return budgetNote || formatBudget(budget);
  return budgetNote ? `${formatBudget(budget)}（${budgetNote}）` : formatBudget(budget);
}

function ProjectDetail({ project }: { project: Project }) {
  return (
    <Stack gap="lg">
      <ResultNotices projectId={project.id} />
      <Paper withBorder p="xl">
        <Group gap="sm" mb="xs">
          <ProjectStatusBadge status={project.status} />
          {project.categoryName && <Text c="dimmed">{project.categoryName}</Text>}
          {project.regionName && <Text c="dimmed">· {project.regionName}</Text>}
          <Text c="dimmed">· {project.year} 年度</Text>
        </Group>
        <Title order={1} size="h2" mb="md">
          {project.title}
        </Title>
        <Text c="dimmed" mb="lg">
          {project.summary}
        </Text>
        <Table withTableBorder withColumnBorders layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>资助额度</Table.Th>
              <Table.Td>{budgetText(project)}</Table.Td>
              <Table.Th w={140}>申报时间</Table.Th>
              <Table.Td data-testid="project-period">{formatPeriod(project.applyStart, project.applyEnd)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {project.status !== 'closed' && (
          <Countdown
            mt="md"
            fw={600}
            c="cinnabar.8"
            to={project.status === 'open' ? project.applyEnd : project.applyStart}
            prefix={project.status === 'open' ? '距申报截止还有 ' : '距申报开始还有 '}
            ended="申报时间已变化，请刷新页面"
          />
        )}
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={8}>
          <Paper withBorder p="xl">
            <Title order={2} size="h3" className="fs-section-title" mb="md">
              申报指南
            </Title>
            {project.guide ? <RichHtml html={project.guide} /> : <Empty>暂无申报指南</Empty>}
            {project.attachments.length > 0 && (
              <>
                <Divider my="lg" />
                <Stack gap={6}>
                  <Text fw={600}>附件下载</Text>
                  {project.attachments.map((file) => (
                    <Group key={file.url} gap={6}>
                      <IconPaperclip size={16} aria-hidden="true" />
                      <Anchor href={file.url} target="_blank" rel="noopener noreferrer">
                        {file.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {formatSize(file.size)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={4}>
          <Paper withBorder p="lg">
            <Title order={2} size="h3" className="fs-section-title" mb="md">
              申报表单
            </Title>
            {project.forms.length === 0 ? (
              <Empty>暂无申报表单</Empty>
            ) : (
              <Stack gap="sm">
                {project.forms.map((form) => {
                  const mine = form.myApply;
                  const editable = !mine || EDITABLE_STATUSES.has(mine.status);
                  return (
                    <Card key={form.id} padding="md" withBorder>
                      <Stack gap={6}>
                        <Text fw={600}>{form.title}</Text>
                        {form.description && (
                          <Text size="sm" c="dimmed" lineClamp={3}>
                            {form.description}
                          </Text>
                        )}
                        <Group gap={6}>
                          <Text size="sm">我的申报：</Text>
                          {mine ? <ApplyStatusBadge status={mine.status} /> : <Text size="sm" c="dimmed">未申报</Text>}
                        </Group>
                        {mine?.reviewMessage && (
                          <Text size="sm" c="#a63c06">
                            审核意见：{mine.reviewMessage}
                          </Text>
                        )}
                        <Group gap="xs" mt={4}>
                          {editable && project.status === 'open' && (
                            <Button component={Link} to={`/application?projectId=${project.id}&formId=${form.id}`} size="sm" leftSection={<IconPencil size={16} />}>
                              {mine ? '继续填写' : '立即申报'}
                            </Button>
                          )}
                          {editable && project.status !== 'open' && (
                            <Button size="sm" disabled>
                              {project.status === 'upcoming' ? '尚未开始' : '申报已截止'}
                            </Button>
                          )}
                          {mine && (
                            <Button component={Link} to={`/decDetail?id=${mine.id}`} size="sm" variant="light" leftSection={<IconEye size={16} />}>
                              查看申报
                            </Button>
                          )}
                        </Group>
                      </Stack>
                    </Card>
                  );
                })}
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
