import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ApplySummary } from '@flagship/api-client';
import { formatDateTime } from '@flagship/ui';
import { ErrorState } from '../../../components/states';
import { api } from '../../../lib/api';
import { useCallNow } from '../api/user-centre';

/**
 * Two different acts on the one endpoint: a draft is deleted and leaves the list; a submission is
 * withdrawn from review and stays in the list as 已撤回 with its receipt.
 */
type RemoveAct = 'discard' | 'withdraw';

const removeAct = (apply: ApplySummary): RemoveAct => (apply.status === 'draft' ? 'discard' : 'withdraw');

const WORDS: Record<RemoveAct, { action: string; confirm: string; done: string }> = {
  discard: { action: '删除草稿', confirm: '确定删除', done: '草稿已删除' },
  withdraw: { action: '撤回申报', confirm: '确认撤回', done: '申报已撤回，已退出审核' },
};

export const removeActionLabel = (apply: ApplySummary) => WORDS[removeAct(apply)].action;

interface ActProps {
  apply: ApplySummary;
  onClose: () => void;
  onDone: (apply: ApplySummary) => void;
}

/** Cancel, or do the act. */
function Confirm({ apply, act, ready = true, onClose, onDone }: ActProps & { act: RemoveAct; ready?: boolean }) {
  const [busy, setBusy] = useState(false);
  const words = WORDS[act];
  const confirm = async () => {
    setBusy(true);
    try {
      await api.apply.remove({ id: apply.formId, applyId: apply.id });
      notifications.show({ color: 'green', message: words.done });
      onDone(apply);
    } catch {
      // The error policy has shown the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        取消
      </Button>
      <Button color="red.9" loading={busy} disabled={!ready} onClick={() => void confirm()}>
        {words.confirm}
      </Button>
    </Group>
  );
}

function Discard(props: ActProps) {
  return (
    <>
      <Text>删除后这份草稿将从您的列表中移除，填写的内容不能恢复；您可以重新填写该表单。</Text>
      <Confirm act="discard" {...props} />
    </>
  );
}

/** What withdrawing does, and whether the application can be sent again: that hangs on the call's deadline. */
function Withdraw(props: ActProps) {
  const { apply } = props;
  const call = useCallNow(apply.projectId, apply.formId);
  const project = call.data;
  const submittedAt = formatDateTime(apply.submittedAt);
  return (
    <>
      <Text>
        撤回后该申报将退出审核，工作人员不再审核它。它仍留在您的列表中，显示为“已撤回”，并保留申报编号 {apply.serialNumber} 和提交时间（北京时间 {submittedAt}）。
      </Text>
      {project ? (
        project.status === 'closed' ? (
          <Alert color="#b02525" variant="light" icon={<IconAlertTriangle />} title="申报已截止，撤回后不能再次提交">
            该项目已于北京时间 {formatDateTime(project.applyEnd)} 截止申报。撤回后将不能再提交该表单的申报，此操作无法挽回。
          </Alert>
        ) : (
          <Text>申报截止时间为北京时间 {formatDateTime(project.applyEnd)}；截止前，您可以重新填写并提交该表单。</Text>
        )
      ) : call.status === 'error' ? (
        <ErrorState error={call.error} onRetry={call.reload} title="未能读取申报截止时间" />
      ) : (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            正在读取申报截止时间…
          </Text>
        </Group>
      )}
      {/* The consequence is known before the act can be confirmed. */}
      <Confirm act="withdraw" ready={project !== undefined} {...props} />
    </>
  );
}

/** The confirmation of deleting a draft or withdrawing a submission, in the words of the act. */
export function RemoveApplyDialog({ apply, onClose, onDone }: { apply: ApplySummary | undefined; onClose: () => void; onDone: (apply: ApplySummary) => void }) {
  const act = apply && removeAct(apply);
  return (
    <Modal opened={Boolean(apply)} onClose={onClose} title={act && WORDS[act].action} centered size="lg">
      {apply && (
        <Stack>
          <Text fw={600}>
            {apply.projectTitle} · {apply.formTitle}
          </Text>
          {act === 'withdraw' ? <Withdraw apply={apply} onClose={onClose} onDone={onDone} /> : <Discard apply={apply} onClose={onClose} onDone={onDone} />}
        </Stack>
      )}
    </Modal>
  );
}
