import { Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Apply } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { formatDateTime, useAsync } from '@flagship/ui';
import { RemainingForms } from '../../../components/form-tasks';
import { api } from '../../../lib/api';

/** What the applicant keeps after submitting: the serial number and the receipt. */
export function Receipt({ apply, title }: { apply: Apply; title: string }) {
  // Read after the submission, so that this form counts as sent; without it the list is left out.
  const project = useAsync((signal) => api.project.detail({ id: apply.projectId }, { signal, silent: true }), [apply.projectId]);
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={2} size="h3">
          申报已提交
        </Title>
        <Text c="dimmed">请妥善保存申报编号，以便查询审核进度。</Text>
        <Table withTableBorder withColumnBorders maw={640} layout="fixed" aria-label="申报回执">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>申报项目</Table.Th>
              <Table.Td>{title}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>申报编号</Table.Th>
              <Table.Td data-testid="serial-number" fw={700}>
                {apply.serialNumber ?? apply.receipt?.serialNumber ?? '—'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>提交时间</Table.Th>
              <Table.Td>{formatDateTime(apply.submittedAt ?? apply.receipt?.submittedAt)}</Table.Td>
            </Table.Tr>
            {apply.receipt && (
              <Table.Tr>
                <Table.Th>内容校验码</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 }}>{apply.receipt.sha256}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {project.data && project.data.forms.length > 1 && (
          <Paper withBorder p="md" w="100%" maw={640}>
            <RemainingForms project={project.data} />
          </Paper>
        )}
        <Group>
          <Button component={Link} to={`/decDetail?id=${apply.id}`}>
            查看申报
          </Button>
          <Button component={Link} to={`/print?ids=${apply.id}`} variant="light">
            打印回执与申报书
          </Button>
          <Button component={Link} to="/user" variant="default">
            返回个人中心
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
