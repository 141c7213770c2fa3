import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconEye, IconX } from '@tabler/icons-react';
import { ApiError, Errno, reviewBody, type ApplyStatus, type ConsoleApplySummary, type REVIEW_DECISIONS } from '@flagship/api-client';
import { useForm } from '@mantine/form';
import { showServerFieldErrors, zodValidate } from '@flagship/ui';
import { NoticeEmailNote, withNoticeNote } from '../../components/notice-email';
import { api, showSuccess } from '../../lib/api';
import { TONE } from '../../lib/tones';

type Decision = (typeof REVIEW_DECISIONS)[number];

const DECISIONS: Record<Decision, { label: string; title: string; color: string; needsMessage: boolean; hint: string; done: string }> = {
  reviewing: { label: '移至审核中', title: '开始审核', color: TONE.info, needsMessage: false, hint: '申报将显示为「审核中」，申请人不能再修改。', done: '已移至审核中' },
  returned: { label: '退回修改', title: '退回修改', color: TONE.warning, needsMessage: true, hint: '申请人可按审核意见修改后重新提交。', done: '已退回申请人修改' },
  approved: { label: '通过', title: '审核通过', color: TONE.success, needsMessage: false, hint: '申报状态变为「已通过」。', done: '申报已通过' },
  rejected: { label: '不通过', title: '审核不通过', color: TONE.danger, needsMessage: true, hint: '申报状态变为「未通过」。', done: '申报未通过' },
};

const ICONS: Record<Decision, typeof IconEye> = { reviewing: IconEye, returned: IconArrowBackUp, approved: IconCheck, rejected: IconX };

/** What staff may decide from the application's state (the server refuses anything else with 409). */
export function decisionsFor(status: ApplyStatus): Decision[] {
  if (status === 'submitted') return ['reviewing', 'returned', 'approved', 'rejected'];
  if (status === 'reviewing') return ['returned', 'approved', 'rejected'];
  return [];
}

interface ReviewTarget {
  applyId: number;
  version: number;
  /** Where the decision is e-mailed; null when it cannot be. */
  applicantEmail: string | null;
  onReviewed: (summary: ConsoleApplySummary) => void;
}

export function ReviewActions({ status, ...target }: ReviewTarget & { status: ApplyStatus }) {
  const [decision, setDecision] = useState<Decision>();
  const available = decisionsFor(status);
  if (available.length === 0) return null;
  return (
    <>
      <Group gap="xs">
        {available.map((d) => {
          const Icon = ICONS[d];
          return (
            <Button key={d} color={DECISIONS[d].color} variant={d === 'approved' ? 'filled' : 'outline'} leftSection={<Icon size={16} />} onClick={() => setDecision(d)}>
              {DECISIONS[d].label}
            </Button>
          );
        })}
      </Group>
      {decision && <ReviewModal {...target} decision={decision} onClose={() => setDecision(undefined)} />}
    </>
  );
}

function ReviewModal({ applyId, decision, version, applicantEmail, onClose, onReviewed }: ReviewTarget & { decision: Decision; onClose: () => void }) {
  const meta = DECISIONS[decision];
  const notifies = decision !== 'reviewing';
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const form = useForm({ initialValues: { status: decision, message: '' }, validate: zodValidate(reviewBody) });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const result = await api.console.applyReview({ applyId, status: values.status, message: values.message.trim(), version });
      showSuccess(notifies ? withNoticeNote(meta.done, result.applicantEmail) : meta.done);
      onClose();
      onReviewed(result);
    } catch (error) {
      if (error instanceof ApiError && error.errno === Errno.CONFLICT) setConflict(error.errmsg);
      else showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={meta.title} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{meta.hint}</Text>
          {notifies && <NoticeEmailNote email={applicantEmail} />}
          {conflict && (
            <Alert color={TONE.danger} variant="light" title="操作未完成">
              {conflict}（申报可能已被其他工作人员处理或被申请人修改，请关闭后刷新页面。）
            </Alert>
          )}
          <Textarea
            label="审核意见"
            required={meta.needsMessage}
            description={meta.needsMessage ? '申请人会看到此意见，请写明需要修改或补充的内容' : '可选；申请人会看到此意见'}
            autosize
            minRows={4}
            maxRows={10}
            maxLength={2000}
            data-autofocus
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" color={meta.color} loading={busy}>
              确认{meta.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
