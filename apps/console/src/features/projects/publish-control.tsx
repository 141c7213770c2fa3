import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import type { ConsoleProject } from '@flagship/api-client';
import { ConfirmModal } from '../../components/confirm-modal';
import { api, showSuccess } from '../../lib/api';
import { TONE } from '../../lib/tones';

/** Why a call cannot be published yet (the server refuses it with 409 too), or null. */
export function publishBlocker(project: Pick<ConsoleProject, 'published' | 'formCount'>): string | null {
  return !project.published && project.formCount === 0 ? '项目至少需要一个申报表单才能发布，请先添加申报表单。' : null;
}

/** Publish or unpublish a call, after a confirmation. */
export function PublishControl({ project, onChange }: { project: ConsoleProject; onChange: (project: ConsoleProject) => void }) {
  const [confirming, setConfirming] = useState(false);
  const blocker = publishBlocker(project);
  const toggle = async () => {
    const next = await api.console.projectPublish({ id: project.id, published: !project.published });
    showSuccess(next.published ? '项目已发布' : '项目已下线');
    onChange(next);
  };
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {blocker && (
          <Text id="publish-blocker" size="xs" c={TONE.warning} maw={260}>
            {blocker}
          </Text>
        )}
        <Button
          size="xs"
          color={project.published ? TONE.warning : TONE.success}
          leftSection={project.published ? <IconEyeOff size={14} /> : <IconEye size={14} />}
          disabled={blocker !== null}
          aria-describedby={blocker ? 'publish-blocker' : undefined}
          onClick={() => setConfirming(true)}
        >
          {project.published ? '下线项目' : '发布项目'}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={project.published ? '下线项目' : '发布项目'}
        confirmLabel={project.published ? '下线' : '发布'}
        danger={project.published}
        onClose={() => setConfirming(false)}
        onConfirm={toggle}
      >
        {project.published ? '下线后项目将不再在门户网站显示，已提交的申报不受影响。' : '发布后项目将在门户网站显示，申请人可在申报时间内提交申报。'}
      </ConfirmModal>
    </>
  );
}
