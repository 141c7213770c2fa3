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

type Publishable = Pick<ConsoleProject, 'id' | 'title' | 'published'>;

/** Asks before publishing or unpublishing `project` (open while it is set), then does it. */
export function PublishConfirm({ project, onClose, onDone }: { project: Publishable | undefined; onClose: () => void; onDone: (next: ConsoleProject) => void }) {
  const toggle = async () => {
    if (!project) return;
    const next = await api.console.projectPublish({ id: project.id, published: !project.published });
    showSuccess(next.published ? `「${next.title}」已发布` : `「${next.title}」已下线`);
    onDone(next);
  };
  return (
    <ConfirmModal
      opened={Boolean(project)}
      title={project?.published ? '下线项目' : '发布项目'}
      confirmLabel={project?.published ? '下线' : '发布'}
      danger={project?.published}
      onClose={onClose}
      onConfirm={toggle}
    >
      {project?.published
        ? `下线后，「${project.title}」将不再在门户网站显示，已提交的申报不受影响。`
        : `发布后，「${project?.title ?? ''}」将在门户网站显示，申请人可在申报时间内提交申报。`}
    </ConfirmModal>
  );
}

/** Publish or unpublish a call, after a confirmation. */
export function PublishControl({ project, onChange }: { project: ConsoleProject; onChange: (project: ConsoleProject) => void }) {
  const [confirming, setConfirming] = useState(false);
  const blocker = publishBlocker(project);
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
      <PublishConfirm project={confirming ? project : undefined} onClose={() => setConfirming(false)} onDone={onChange} />
    </>
  );
}
