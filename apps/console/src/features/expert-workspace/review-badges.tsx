import { Badge, Group, Text } from '@mantine/core';
import { ASSIGNMENT_STATUS_LABELS, buildPath, buildQuery, endpoints, REVIEW_PHASE_LABELS, type AssignmentStatus, type MyReviewSummary, type ReviewPhase } from '@flagship/api-client';
import { formatDateTime } from '@flagship/ui';
import { session } from '../../lib/api';
import { TONE } from '../../lib/tones';

const STATUS_COLORS: Record<AssignmentStatus, string> = { assigned: TONE.warning, declared: TONE.info, conflict: TONE.neutral, submitted: TONE.success };
const PHASE_COLORS: Record<ReviewPhase, string> = { assignment: TONE.info, reviewing: TONE.success, closed: TONE.neutral };

export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm">
      {ASSIGNMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

export function PhaseBadge({ phase }: { phase: ReviewPhase }) {
  return (
    <Badge color={PHASE_COLORS[phase]} variant="outline" radius="sm">
      {REVIEW_PHASE_LABELS[phase]}
    </Badge>
  );
}

/** The reviewing phase's end in Beijing time, marked when the review is overdue. */
export function Deadline({ review }: { review: Pick<MyReviewSummary, 'reviewEndsAt' | 'overdue'> }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c={review.overdue ? TONE.danger : undefined} fw={review.overdue ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(review.reviewEndsAt)}
      </Text>
      {review.overdue && (
        <Badge color={TONE.danger} variant="filled" radius="sm" size="sm">
          已逾期
        </Badge>
      )}
    </Group>
  );
}

/** An attachment of the assigned application: a link cannot carry the authKey header, so the token travels as `authkey`. */
export function reviewFileUrl(id: number, fileId: number): string {
  return `${buildPath(endpoints.console.myReviewFile.path, { id, fileId })}${buildQuery({ authkey: session.getToken() })}`;
}
