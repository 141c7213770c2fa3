import '@mantine/core/styles/Table.css';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApplyView } from '@flagship/ui/form-fields';
import { formatDateTime, toId } from '@flagship/ui';
import { ApplyActions } from '../../../components/apply-actions';
import { ApplyStatusBadge, EDITABLE_STATUSES } from '../../../components/apply-status-badge';
import { ReviewComments } from '../components/review-comments';
import { LoginPrompt } from '../../../components/login-prompt';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { useSession } from '../../../lib/session';
import { useApplication } from '../api/applications';

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

export default function DecDetailPage() {
  const [params] = useSearchParams();
  const user = useSession();
  const application = useApplication(user ? toId(params.get('id')) : undefined);
  if (!user) {
    return (
      <Page>
        <LoginPrompt />
      </Page>
    );
  }
  return (
    <Page hideHeading>
      <AsyncView state={application}>
        {({ apply, form, project }) => (
          <Stack gap="lg">
            <Paper withBorder p="lg">
              <Group justify="space-between" align="flex-start">
                <div>
                  <Title order={1} size="h2">
                    {form.title}
                  </Title>
                  <Text c="dimmed" mt={4}>
                    {project.title}
                  </Text>
                </div>
                <Group gap="xs">
                  {EDITABLE_STATUSES.has(apply.status) && (
                    <Button component={Link} to={`/application?projectId=${apply.projectId}&formId=${apply.formId}`} size="xs" leftSection={<IconPencil size={14} />}>
                      继续填写
                    </Button>
                  )}
                  <ApplyActions apply={apply} />
                </Group>
              </Group>
              <SimpleGrid cols={4} mt="lg">
                <Info label="状态">
                  <ApplyStatusBadge status={apply.status} />
                </Info>
                <Info label="申报编号">{apply.serialNumber ?? '—'}</Info>
                <Info label="提交时间">{formatDateTime(apply.submittedAt)}</Info>
                <Info label="最后更新">{formatDateTime(apply.updatedAt)}</Info>
              </SimpleGrid>
              {apply.reviewMessage && (
                <Text size="sm" c="#a63c06" mt="md">
                  审核意见：{apply.reviewMessage}
                </Text>
              )}
              <ReviewComments applyId={apply.id} status={apply.status} />
            </Paper>
            <ApplyView fields={form.fields} data={apply.data} />
          </Stack>
        )}
      </AsyncView>
    </Page>
  );
}
