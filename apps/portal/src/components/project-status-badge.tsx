import { Badge } from '@mantine/core';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@flagship/api-client';

const COLORS: Record<ProjectStatus, string> = { upcoming: 'blue.9', open: '#23703a', closed: 'ink.6' };

export function ProjectStatusBadge({ status, size = 'md' }: { status: ProjectStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    // Never squeezed by a long title beside it (home cards at 800 px).
    <Badge color={COLORS[status]} variant="filled" size={size} style={{ flex: 'none' }}>
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
