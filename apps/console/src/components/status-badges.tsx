import { Badge } from '@mantine/core';
import { APPLY_STATUS_LABELS, PROJECT_STATUS_LABELS, type ApplyStatus, type EnterpriseAuthStatus, type ProjectStatus } from '@flagship/api-client';
import { TONE } from '../lib/tones';

const PROJECT_COLORS: Record<ProjectStatus, string> = { upcoming: TONE.info, open: TONE.success, closed: TONE.neutral };

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge color={PROJECT_COLORS[status]} variant="light" radius="sm">
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}

export function PublishedBadge({ published, on = '已发布', off = '未发布' }: { published: boolean; on?: string; off?: string }) {
  return (
    <Badge color={published ? TONE.success : TONE.neutral} variant={published ? 'light' : 'outline'} radius="sm">
      {published ? on : off}
    </Badge>
  );
}

const APPLY_COLORS: Record<ApplyStatus, string> = {
  draft: TONE.neutral,
  submitted: TONE.info,
  reviewing: TONE.warning,
  returned: TONE.warning,
  approved: TONE.success,
  rejected: TONE.danger,
  withdrawn: TONE.neutral,
};

export function ApplyStatusBadge({ status }: { status: ApplyStatus }) {
  return (
    <Badge color={APPLY_COLORS[status]} variant="light" radius="sm">
      {APPLY_STATUS_LABELS[status]}
    </Badge>
  );
}

export const AUTH_STATUS_LABELS: Record<EnterpriseAuthStatus, string> = { 0: '待审核', 1: '已通过', 2: '未通过' };
const AUTH_COLORS: Record<EnterpriseAuthStatus, string> = { 0: TONE.warning, 1: TONE.success, 2: TONE.danger };

export function AuthStatusBadge({ status }: { status: EnterpriseAuthStatus }) {
  return (
    <Badge color={AUTH_COLORS[status]} variant="light" radius="sm">
      {AUTH_STATUS_LABELS[status]}
    </Badge>
  );
}
