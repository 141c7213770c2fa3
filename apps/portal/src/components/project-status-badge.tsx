import { Badge } from '@mantine/core';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@flagship/api-client';

const COLORS: Record<ProjectStatus, string> = { upcoming: 'blue.9', open: '#23703a', closed: 'ink.6' };

export function ProjectStatusBadge({ status, size = 'md' }: { status: ProjectStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={COLORS[status]} variant="filled" size={size}>
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
