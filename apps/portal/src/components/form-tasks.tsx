import { Anchor, Badge, Button, Group, List, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconEye, IconPencil, IconX } from '@tabler/icons-react';
import type { ApplySummary, Project } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@flagship/ui';
import { ApplyStatusBadge } from './apply-status-badge';

type Form = Project['forms'][number];

/** Where the applicant stands on one form of a call. */
export type TaskState = 'todo' | 'draft' | 'submitted' | 'returned' | 'withdrawn';

const STATE_LABELS: Record<TaskState, string> = {
  todo: '未填写',
  draft: '草稿',
  submitted: '已提交',
  returned: '已退回',
  withdrawn: '已撤回',
};

export function taskState(form: Form): TaskState {
  const mine = form.myApply;
  if (!mine) return form.myWithdrawn ? 'withdrawn' : 'todo';
  if (mine.status === 'draft') return 'draft';
  if (mine.status === 'returned') return 'returned';
  return 'submitted';
}

/** Forms still to be sent: everything not submitted (a returned one must be sent again). */
export const remainingForms = (forms: Form[]) => forms.filter((form) => taskState(form) !== 'submitted');

const fillLink = (projectId: number, formId: number) => `/application?projectId=${projectId}&formId=${formId}`;

function StateIcon({ state }: { state: TaskState }) {
  if (state === 'submitted') {
    return (
      <ThemeIcon color="#23703a" radius="xl" size={28} aria-hidden="true">
        <IconCheck size={18} />
      </ThemeIcon>
    );
  }
  if (state === 'returned') {
    return (
      <ThemeIcon color="#a63c06" radius="xl" size={28} aria-hidden="true">
        <IconArrowBackUp size={18} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon color={state === 'draft' ? '#8a5300' : 'ink.6'} variant="light" radius="xl" size={28} aria-hidden="true">
      {state === 'draft' ? <IconPencil size={16} /> : <IconX size={18} />}
    </ThemeIcon>
  );
}

function Receipt({ apply, verb }: { apply: ApplySummary; verb: string }) {
  return (
    <Text size="sm" c="dimmed">
      申报编号 {apply.serialNumber ?? '—'} · {verb} {formatDateTime(apply.submittedAt)}
    </Text>
  );
}

function TaskDetail({ form, state }: { form: Form; state: TaskState }) {
  const mine = form.myApply;
  switch (state) {
    case 'draft':
      return (
        <Text size="sm" c="dimmed">
          最后保存于 {formatDateTime(mine?.updatedAt)}
        </Text>
      );
    case 'submitted':
      return mine ? <Receipt apply={mine} verb="提交于" /> : null;
    case 'returned':
      return (
        <Text size="sm" c="#a63c06">
          审核意见：{mine?.reviewMessage || '申报已被退回修改'}，请修改后重新提交
        </Text>
      );
    case 'withdrawn':
      return form.myWithdrawn ? (
        <Text size="sm" c="dimmed">
          原申报编号 {form.myWithdrawn.serialNumber ?? '—'} 已撤回，可重新填写提交
        </Text>
      ) : null;
    default:
      return (
        <Text size="sm" c="dimmed">
          尚未开始填写
        </Text>
      );
  }
}

export interface FormTasksProps {
  project: Pick<Project, 'id' | 'status' | 'forms'>;
}

/**
 * The call's forms as a task list: what is sent, what is a draft, what is still to do. The
 * applicant's own states (no session: every form is 未填写 and the buttons lead to the form).
 */
export function FormTasks({ project }: FormTasksProps) {
  const done = project.forms.filter((form) => taskState(form) === 'submitted').length;
  const total = project.forms.length;
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={600} data-testid="task-progress">
          已提交 {done} / {total} 份表单
        </Text>
        <Progress value={total ? (done / total) * 100 : 0} color="#23703a" size="sm" aria-label={`已提交 ${done} / ${total} 份表单`} />
      </Stack>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="申报任务" data-testid="form-tasks">
        {project.forms.map((form) => {
          const state = taskState(form);
          const mine = form.myApply;
          const editable = state === 'todo' || state === 'withdrawn' || state === 'draft' || state === 'returned';
          // A returned application can be corrected after the deadline; anything else needs an open call.
          const canFill = editable && (project.status === 'open' || state === 'returned');
          return (
            <li key={form.id} data-testid={`task-${form.id}`} data-state={state}>
              <Paper withBorder p="md">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <StateIcon state={state} />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{form.title}</Text>
                      <Badge variant="filled" color={state === 'submitted' ? '#23703a' : state === 'returned' ? '#a63c06' : state === 'draft' ? '#8a5300' : 'ink.6'}>
                        {state === 'submitted' ? '✓ ' : state === 'todo' ? '✗ ' : ''}
                        {STATE_LABELS[state]}
                      </Badge>
                      {state === 'submitted' && mine && mine.status !== 'submitted' && <ApplyStatusBadge status={mine.status} />}
                    </Group>
                    {form.description && (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {form.description}
                      </Text>
                    )}
                    <TaskDetail form={form} state={state} />
                    <Group gap="xs" mt={4}>
                      {canFill && (
                        <Button component={Link} to={fillLink(project.id, form.id)} size="xs" leftSection={<IconPencil size={14} />}>
                          {state === 'draft' ? '继续填写' : state === 'returned' ? '修改后重新提交' : '立即申报'}
                        </Button>
                      )}
                      {editable && !canFill && (
                        <Button size="xs" disabled>
                          {project.status === 'upcoming' ? '尚未开始' : '申报已截止'}
                        </Button>
                      )}
                      {mine && (
                        <Button component={Link} to={`/decDetail?id=${mine.id}`} size="xs" variant="light" leftSection={<IconEye size={14} />}>
                          查看申报
                        </Button>
                      )}
                      {!mine && form.myWithdrawn && (
                        <Anchor component={Link} to={`/decDetail?id=${form.myWithdrawn.id}`} size="sm">
                          查看已撤回的申报
                        </Anchor>
                      )}
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** After a submission: the forms of the call still to be sent, with links; or that none is left. */
export function RemainingForms({ project }: FormTasksProps) {
  const remaining = remainingForms(project.forms);
  if (remaining.length === 0) {
    return (
      <Text size="sm" c="#23703a" fw={600} data-testid="remaining-forms">
        本项目的全部 {project.forms.length} 份表单均已提交。
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="remaining-forms" align="flex-start">
      <Text size="sm" fw={600}>
        本项目还有 {remaining.length} 份表单未提交：
      </Text>
      <List spacing={4} size="sm">
        {remaining.map((form) => {
          const state = taskState(form);
          return (
            <List.Item key={form.id}>
              <Anchor component={Link} to={fillLink(project.id, form.id)}>
                {form.title}
              </Anchor>
              <Text span size="sm" c="dimmed">
                （{STATE_LABELS[state]}
                {state === 'draft' && form.myApply ? `，最后保存于 ${formatDateTime(form.myApply.updatedAt)}` : ''}）
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
