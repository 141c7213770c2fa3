import { useState } from 'react';
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { declarationBody, flattenIssues, type MyReview } from '@flagship/api-client';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormSection } from '../../components/form-section';
import { api } from '../../lib/api';

type Choice = 'none' | 'conflict';

/** Before the content: no conflict, or a conflict with its reason; confirmed, and kept for good. */
export function DeclarationStep({ review, onDeclared }: { review: MyReview; onDeclared: (next: MyReview) => void }) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ choice?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);

  const ask = () => {
    if (!choice) {
      setErrors({ choice: '请选择是否存在利益冲突' });
      return;
    }
    const checked = declarationBody.safeParse({ conflict: choice === 'conflict', reason });
    if (!checked.success) {
      setErrors({ reason: flattenIssues(checked.error).reason });
      return;
    }
    setErrors({});
    setConfirming(true);
  };

  const declare = async () => {
    onDeclared(await api.console.myReviewDeclare({ id: review.id, conflict: choice === 'conflict', reason: reason.trim() }));
  };

  return (
    <FormSection title="利益冲突声明" description="声明后才能查看申报内容。声明一经提交不能更改，并将记录在案。">
      <Radio.Group
        label="您与该申报是否存在利益冲突？"
        required
        value={choice}
        onChange={(value) => {
          setChoice(value as Choice);
          setErrors({});
        }}
        error={errors.choice}
      >
        <Stack gap="sm" mt="xs">
          <Radio value="none" label="无利益冲突" description="我与申请人、申报单位没有任职、兼职、顾问、合作、亲属等关系，能够独立、公正地评审。" />
          <Radio value="conflict" label="存在利益冲突" description="我在申报单位任职或兼职，参与过该项目，或与申请人有可能影响公正评审的关系。" />
        </Stack>
      </Radio.Group>
      {choice === 'conflict' && (
        <Textarea
          label="冲突原因"
          required
          description="将提交给项目办公室，用于重新分配评审专家（最多 500 字）"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={ask}>提交声明</Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={choice === 'conflict' ? '确认存在利益冲突' : '确认无利益冲突'}
        confirmLabel={choice === 'conflict' ? '确认存在冲突' : '确认无冲突'}
        danger={choice === 'conflict'}
        onConfirm={declare}
        onClose={() => setConfirming(false)}
      >
        {choice === 'conflict' ? (
          <Stack gap="xs">
            <Text size="sm">该评审任务将退回项目办公室，由工作人员另行分配其他专家；您将不会看到该申报的内容。</Text>
            <Text size="sm" c="dimmed">
              原因：{reason.trim()}
            </Text>
          </Stack>
        ) : (
          <Text size="sm">确认您与「{review.applicationTitle}」不存在利益冲突？确认后将显示申报内容，您可以开始评分。</Text>
        )}
      </ConfirmModal>
    </FormSection>
  );
}
