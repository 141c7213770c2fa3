import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { ProjectSummary } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { formatBudget, formatPeriod } from '@flagship/ui';
import { Countdown } from '../../../components/countdown';
import { ProjectStatusBadge } from '../../../components/project-status-badge';

export function ProjectCard({ project, countdown }: { project: ProjectSummary; countdown?: boolean }) {
  return (
    <Card component={Link} to={`/projectDetail?id=${project.id}`} className="fs-card-link" padding="lg">
      <Group wrap="nowrap" align="flex-start" gap="lg">
        {project.cover && <Image src={project.cover} alt="" w={180} h={120} radius="sm" fit="cover" style={{ flex: 'none' }} />}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <ProjectStatusBadge status={project.status} size="sm" />
            <Text fw={700} size="lg" lineClamp={1}>
              {project.title}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {project.summary}
          </Text>
          <Group gap="lg">
            <Text size="sm" data-testid="project-period">
              申报时间：{formatPeriod(project.applyStart, project.applyEnd)}
            </Text>
            <Text size="sm">资助额度：{formatBudget(project.budget)}</Text>
          </Group>
          <Group gap={6}>
            {project.categoryName && (
              <Badge variant="outline" color="cinnabar.8" size="sm">
                {project.categoryName}
              </Badge>
            )}
            {project.regionName && (
              <Badge variant="outline" color="ink.7" size="sm">
                {project.regionName}
              </Badge>
            )}
            <Badge variant="outline" color="ink.7" size="sm">
              {project.year} 年度
            </Badge>
          </Group>
        </Stack>
        {countdown && project.status !== 'closed' && (
          <Stack gap={2} align="flex-end" style={{ flex: 'none' }} className="fs-deadline">
            <Text size="xs" c="dimmed">
              {project.status === 'open' ? '距截止还有' : '距开始还有'}
            </Text>
            <Countdown to={project.status === 'open' ? project.applyEnd : project.applyStart} prefix="" ended="已截止" fw={700} c="cinnabar.8" size="lg" />
          </Stack>
        )}
      </Group>
    </Card>
  );
}
