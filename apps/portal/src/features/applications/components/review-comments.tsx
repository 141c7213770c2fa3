import '@mantine/core/styles/List.css';
import { List, Stack, Text, Title } from '@mantine/core';
import type { ApplyStatus } from '@flagship/api-client';
import { useAsync } from '@flagship/ui';
import { api } from '../../../lib/api';

const DECIDED: ApplyStatus[] = ['approved', 'rejected'];

/** The experts' comments meant for the applicant, beside the decision; nothing when there are none. */
export function ReviewComments({ applyId, status }: { applyId: number; status: ApplyStatus }) {
  const decided = DECIDED.includes(status);
  // Secondary to the decision: a failed load shows nothing rather than an error.
  const comments = useAsync((signal) => (decided ? api.apply.reviewComments({ id: applyId }, { signal, silent: true }).catch(() => []) : Promise.resolve([])), [applyId, decided]);
  const list = comments.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" mt="md" component="section" aria-labelledby="review-comments-heading">
      <Title order={2} size="h5" id="review-comments-heading">
        专家意见
      </Title>
      <List size="sm" spacing={4}>
        {list.map((comment, i) => (
          <List.Item key={i}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} component="span">
              {comment}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
