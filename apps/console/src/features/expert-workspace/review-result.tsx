import type { ReactNode } from 'react';
import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { REVIEW_RECOMMENDATION_LABELS, type MyReview, type ReviewRecommendation } from '@flagship/api-client';
import { formatDateTime } from '@flagship/ui';
import { InfoTable } from '../../components/info-table';
import { TONE } from '../../lib/tones';

const recommendationText = (r: ReviewRecommendation | null) => (r ? REVIEW_RECOMMENDATION_LABELS[r] : '—');
const totalText = (t: number | null) => (t === null ? '—' : t.toFixed(2));

/** A submitted review, read-only, and the other experts' reviews where the round shows them. */
export function ReviewResult({ review }: { review: MyReview }) {
  const { criteria } = review;
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" className="fc-panel" component="section" aria-labelledby="my-review-title">
        <Stack gap="md">
          <Title order={2} size="h4" className="fc-section-title" id="my-review-title">
            我的评审
          </Title>
          <Alert color={TONE.success} variant="light" icon={<IconCircleCheck size={18} />}>
            <Text size="sm">评审已于 {formatDateTime(review.submittedAt)} 提交，不能再修改；如需修改，请联系项目办公室重新开放。</Text>
          </Alert>
          <InfoTable
            labelWidth={150}
            rows={[
              ...criteria.map((c): [string, ReactNode] => [c.label, `${review.review.scores[c.key] ?? '—'}（${c.min}–${c.max} 分，权重 ${c.weight}）`]),
              ['加权总分', totalText(review.review.total)],
              ['推荐意见', recommendationText(review.review.recommendation)],
              ['给项目办公室的意见', <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{review.review.commentToStaff}</Text>],
              ...(review.applicantComments ? [['给申报人的意见', <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{review.review.commentToApplicant}</Text>] as [string, ReactNode]] : []),
            ]}
          />
        </Stack>
      </Paper>
      {review.peers && (
        <Paper withBorder p="lg" className="fc-panel" component="section" aria-labelledby="peer-reviews-title">
          <Stack gap="md">
            <Title order={2} size="h4" className="fc-section-title" id="peer-reviews-title">
              其他专家的评审
            </Title>
            {review.peers.length === 0 ? (
              <Text size="sm" c="dimmed">
                其他专家尚未提交评审。
              </Text>
            ) : (
              <Table withTableBorder withColumnBorders aria-label="其他专家的评审" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>专家</Table.Th>
                    {criteria.map((c) => (
                      <Table.Th key={c.key}>{c.label}</Table.Th>
                    ))}
                    <Table.Th>总分</Table.Th>
                    <Table.Th>推荐意见</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {review.peers.map((peer) => (
                    <Table.Tr key={peer.label}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{peer.label}</Table.Td>
                      {criteria.map((c) => (
                        <Table.Td key={c.key}>{peer.scores[c.key] ?? '—'}</Table.Td>
                      ))}
                      <Table.Td fw={600}>{totalText(peer.total)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{recommendationText(peer.recommendation)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {review.peers
              .filter((peer) => peer.commentToStaff.trim())
              .map((peer) => (
                <div key={peer.label}>
                  <Text size="sm" fw={600}>
                    {peer.label}的意见
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {peer.commentToStaff}
                  </Text>
                </div>
              ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
