import './expert-workspace.css';
import { Alert, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { MyReview } from '@flagship/api-client';
import { useParams } from 'react-router-dom';
import { formatDeadline, formatPeriod, toId, useAsync } from '@flagship/ui';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api } from '../../lib/api';
import { TONE } from '../../lib/tones';
import { ApplicationView } from './application-view';
import { DeclarationStep } from './declaration-step';
import { AssignmentStatusBadge, Deadline, PhaseBadge } from './review-badges';
import { ReviewResult } from './review-result';
import { ScoreForm } from './score-form';

export default function MyReviewPage() {
  const id = toId(useParams().id);
  const state = useAsync<MyReview>((signal) => (id ? api.console.myReviewGet({ id }, { signal }) : Promise.reject(new Error('评审任务编号不正确'))), [id]);
  const replace = (next: MyReview) => state.setData(() => next);
  return (
    <Page title={state.data?.applicationTitle ?? '评审任务'} crumbs={[{ label: '我的评审', to: '/reviews' }]}>
      <AsyncView state={state}>
        {(review) => (
          <Stack gap="lg">
            <Summary review={review} />
            <Work key={`${review.id}-${review.status}-${review.review.version}`} review={review} onReplace={replace} />
          </Stack>
        )}
      </AsyncView>
    </Page>
  );
}

/** What the assignment is: the call, the applicant (unless blind), status, phase and deadline. */
function Summary({ review }: { review: MyReview }) {
  return (
    <Paper withBorder p="md" className="fc-panel">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {review.projectTitle}
          </Text>
          <Group gap="xs">
            <Text size="sm">申报人：</Text>
            {review.applicantName ? (
              <Text size="sm" fw={600}>
                {review.applicantName}
              </Text>
            ) : (
              <Badge color={TONE.neutral} variant="outline" radius="sm">
                匿名评审
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            评审时间：{formatPeriod(review.reviewStartsAt, review.reviewEndsAt)}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-end">
          <Group gap="xs">
            <AssignmentStatusBadge status={review.status} />
            <PhaseBadge phase={review.phase} />
          </Group>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              截止
            </Text>
            <Deadline review={review} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** Why the expert cannot score now, outside the reviewing phase. */
function closedReason(review: MyReview): string | undefined {
  if (review.phase === 'assignment') return `评审阶段尚未开始，评分将于 ${formatDeadline(review.reviewStartsAt)} 开放；现在可以先阅读申报内容。`;
  if (review.phase === 'closed') return '评审阶段已结束，评分已关闭。如需补充，请联系项目办公室。';
  return undefined;
}

function Work({ review, onReplace }: { review: MyReview; onReplace: (next: MyReview) => void }) {
  if (review.status === 'conflict') {
    return (
      <Alert color={TONE.neutral} variant="light" icon={<IconInfoCircle size={18} />} title="您已声明存在利益冲突">
        <Stack gap="xs">
          {review.conflictReason && <Text size="sm">原因：{review.conflictReason}</Text>}
          <Text size="sm">该评审任务已退回项目办公室，由工作人员另行分配其他专家。您不会看到该申报的内容，也无需再做任何操作。</Text>
          <Text size="sm">声明已记录，不能撤回；如声明有误，请联系项目办公室。</Text>
        </Stack>
      </Alert>
    );
  }
  if (review.status === 'assigned') {
    if (review.phase === 'closed') {
      return (
        <Alert color={TONE.warning} variant="light" icon={<IconAlertTriangle size={18} />} title="评审已结束">
          <Text size="sm">评审阶段已结束，不能再声明或评分。如有疑问，请联系项目办公室。</Text>
        </Alert>
      );
    }
    return <DeclarationStep review={review} onDeclared={onReplace} />;
  }
  if (!review.application) {
    return (
      <Alert color={TONE.warning} variant="light" icon={<IconAlertTriangle size={18} />} title="申报内容不可用">
        <Text size="sm">暂时无法显示该申报的内容，请稍后刷新页面。</Text>
      </Alert>
    );
  }
  return (
    <div className="fx-review-grid">
      <div className="fx-review-grid__application">
        <Anchor href="#score-form" size="sm" className="fx-jump">
          跳到评分
        </Anchor>
        <ApplicationView reviewId={review.id} application={review.application} blind={review.blind} />
      </div>
      {/* Scrolls on its own beside the application, so it must take keyboard focus even when nothing in it does. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrolling region is reached by keyboard (axe scrollable-region-focusable) */}
      <div className="fx-review-grid__form" id="score-form" role="region" aria-label="评分" tabIndex={0}>
        {review.status === 'submitted' ? <ReviewResult review={review} /> : <ScoreForm review={review} onReplace={onReplace} closedReason={closedReason(review)} />}
      </div>
    </div>
  );
}
