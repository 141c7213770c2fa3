import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileTypeDocx, IconPrinter } from '@tabler/icons-react';
import type { ApplySummary, DownloadJob } from '@flagship/api-client';
import { useNavigate } from 'react-router-dom';
import { openDownload } from '@flagship/ui';
import { api } from '../lib/api';

const JOB_TEXT: Record<DownloadJob['status'], string> = {
  pending: '排队中…',
  running: '正在打包申报书及附件…',
  done: '打包完成，开始下载',
  failed: '打包失败',
};
const JOB_PROGRESS: Record<DownloadJob['status'], number> = { pending: 15, running: 60, done: 100, failed: 100 };
const POLL_MS = 1000;

interface Target {
  projectId: number;
  formId: number;
}

/** The zip of an application and its attachments: start a job, poll it, then download it. */
export function useDownloadJob() {
  const [job, setJob] = useState<DownloadJob>();
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancelled = useRef(false);

  useEffect(
    () => () => {
      cancelled.current = true;
      clearTimeout(timer.current);
    },
    [],
  );

  const start = useCallback(async (target: Target) => {
    cancelled.current = false;
    setOpened(true);
    setJob(undefined);
    try {
      let current = await api.apply.download(target);
      setJob(current);
      while (!cancelled.current && (current.status === 'pending' || current.status === 'running')) {
        await new Promise((resolve) => {
          timer.current = setTimeout(resolve, POLL_MS);
        });
        if (cancelled.current) return;
        current = await api.apply.downloadStatus({ ...target, name: current.name });
        setJob(current);
      }
      if (current.status === 'done' && !cancelled.current) {
        openDownload(api.urls.download({ ...target, name: current.name }));
        setTimeout(() => setOpened(false), 800);
      }
    } catch {
      setOpened(false);
    }
  }, []);

  const close = useCallback(() => {
    cancelled.current = true;
    clearTimeout(timer.current);
    setOpened(false);
  }, []);

  const dialog = (
    <Modal opened={opened} onClose={close} title="下载申报材料" centered>
      <Stack>
        <Text size="sm">{job ? JOB_TEXT[job.status] : '正在创建下载任务…'}</Text>
        <Progress
          value={job ? JOB_PROGRESS[job.status] : 5}
          animated={!job || job.status === 'pending' || job.status === 'running'}
          striped
          color={job?.status === 'failed' ? 'red' : 'cinnabar'}
          aria-label="下载进度"
        />
        {job?.status === 'failed' && (
          <Text size="sm" c="red.9">
            {job.error ?? '请稍后重试'}
          </Text>
        )}
      </Stack>
    </Modal>
  );
  return { start, dialog, busy: opened };
}

/**
 * Export (.docx), download (zip) and print of one application. Export and download name the form,
 * which a withdrawn application has left (a new one may hold it): a withdrawn one is only printed.
 */
export function ApplyActions({ apply }: { apply: Pick<ApplySummary, 'id' | 'projectId' | 'formId' | 'status'> }) {
  const navigate = useNavigate();
  const download = useDownloadJob();
  const { id, projectId, formId } = apply;
  const print = { label: '打印', Icon: IconPrinter, loading: false, onClick: () => void navigate(`/print?ids=${id}`) };
  const actions =
    apply.status === 'withdrawn'
      ? [print]
      : [
          {
            label: '导出',
            Icon: IconFileTypeDocx,
            loading: false,
            onClick: () => {
              openDownload(api.urls.export({ projectId, formId }));
              notifications.show({ color: 'green', message: '正在导出申报书', autoClose: 2000 });
            },
          },
          { label: '下载', Icon: IconDownload, loading: download.busy, onClick: () => void download.start({ projectId, formId }) },
          print,
        ];
  return (
    <>
      {actions.map(({ label, Icon, onClick, loading }) => (
        <Button key={label} size="xs" variant="light" leftSection={<Icon size={14} />} onClick={onClick} loading={loading}>
          {label}
        </Button>
      ))}
      {download.dialog}
    </>
  );
}
