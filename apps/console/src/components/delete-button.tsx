import { useState } from 'react';
import { Button } from '@mantine/core';
import { TONE } from '../lib/tones';
import { ConfirmModal } from './confirm-modal';

/** 「删除」 with a confirmation naming what goes. */
export function DeleteButton({ name, what, onDelete }: { name: string; what: string; onDelete: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-sm" variant="subtle" color={TONE.danger} onClick={() => setOpen(true)} aria-label={`删除「${name}」`}>
        删除
      </Button>
      <ConfirmModal opened={open} title={`删除${what}`} danger confirmLabel="删除" onClose={() => setOpen(false)} onConfirm={onDelete}>
        {`确定删除${what}「${name}」吗？删除后不可恢复。`}
      </ConfirmModal>
    </>
  );
}
