import { Badge } from '@mantine/core';
import { TONE } from '../../lib/tones';

export type PolicyState = 'draft' | 'scheduled' | 'published';

export const POLICY_STATES: Record<PolicyState, { label: string; color: string }> = {
  draft: { label: '草稿', color: TONE.neutral },
  scheduled: { label: '定时发布', color: TONE.info },
  published: { label: '已发布', color: TONE.success },
};

/** Draft without a publish time, scheduled for a future one, published once it has passed. */
export function policyState(publishedAt: string | null, now = Date.now()): PolicyState {
  if (!publishedAt) return 'draft';
  return new Date(publishedAt).getTime() > now ? 'scheduled' : 'published';
}

export function PolicyStateBadge({ publishedAt }: { publishedAt: string | null }) {
  const state = POLICY_STATES[policyState(publishedAt)];
  return (
    <Badge color={state.color} variant="light" radius="sm">
      {state.label}
    </Badge>
  );
}
