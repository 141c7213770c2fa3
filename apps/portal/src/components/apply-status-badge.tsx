import { Badge } from '@mantine/core';
import { APPLY_STATUS_LABELS, EDITABLE_APPLY_STATUSES, WITHDRAWABLE_APPLY_STATUSES, type ApplyStatus } from '@flagship/api-client';

const COLORS: Record<ApplyStatus, string> = {
  draft: 'ink.6',
  submitted: 'blue.9',
  reviewing: '#8a5300',
  returned: '#a63c06',
  approved: '#23703a',
  rejected: 'red.9',
  withdrawn: 'ink.6',
};

export function ApplyStatusBadge({ status }: { status: ApplyStatus }) {
  return (
    <Badge color={COLORS[status]} variant="filled">
      {APPLY_STATUS_LABELS[status]}
    </Badge>
  );
}

export const EDITABLE_STATUSES: ReadonlySet<ApplyStatus> = new Set(EDITABLE_APPLY_STATUSES);
export const WITHDRAWABLE_STATUSES: ReadonlySet<ApplyStatus> = new Set(WITHDRAWABLE_APPLY_STATUSES);
