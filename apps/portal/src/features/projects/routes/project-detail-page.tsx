import '@mantine/core/styles/Table.css';
import { Anchor, Divider, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { Project } from '@flagship/api-client';
import { useSearchParams } from 'react-router-dom';
import { Empty, formatBudget, formatPeriod, formatSize, RichHtml, toId } from '@flagship/ui';
import { Countdown } from '../../../components/countdown';
import { FormTasks } from '../../../components/form-tasks';
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
        <Grid.Col span={{ base: 12, md: 8 }}>
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
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="lg">
            <Title order={2} size="h3" className="fs-section-title" mb="md">
              申报表单
            </Title>
            {project.forms.length === 0 ? <Empty>暂无申报表单</Empty> : <FormTasks project={project} />}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
