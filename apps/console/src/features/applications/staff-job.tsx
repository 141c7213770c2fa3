import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconRefresh } from '@tabler/icons-react';
import type { StaffJob } from '@flagship/api-client';
import { openDownload } from '@flagship/ui';
import { api } from '../../lib/api';
import { jobFileUrl } from '../../lib/links';
import { TONE } from '../../lib/tones';

const POLL_MS = 1000;

const TITLES: Record<StaffJob['kind'], string> = { export: '导出申报汇总表', download: '打包下载申报' };
const STATUS_TEXT: Record<StaffJob['status'], string> = { pending: '排队中…', running: '正在生成…', done: '已完成', failed: '失败' };

type State =
  | { phase: 'idle' }
  | { phase: 'starting'; kind: StaffJob['kind'] }
  | { phase: 'job'; job: StaffJob }
  /** The job could not be started or followed (the SDK has shown why). */
  | { phase: 'lost'; kind: StaffJob['kind']; message: string };

/**
 * A spreadsheet or batch download built on the server: `start` creates the job, which is polled
 * every second until it is done (the file then downloads) or failed; polling stops on unmount.
 */
export function useStaffJob() {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const run = useRef(0);
  const last = useRef<{ kind: StaffJob['kind']; create: () => Promise<StaffJob> }>(undefined);

  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const follow = useCallback(async (kind: StaffJob['kind'], create: () => Promise<StaffJob>) => {
    const mine = ++run.current;
    last.current = { kind, create };
    setState({ phase: 'starting', kind });
    let job: StaffJob;
    try {
      job = await create();
    } catch {
      if (run.current === mine) setState({ phase: 'lost', kind, message: '任务未能创建' });
      return;
    }
    while (run.current === mine) {
      setState({ phase: 'job', job });
      if (job.status === 'done') {
        openDownload(jobFileUrl(job.name));
        return;
      }
      if (job.status === 'failed') return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (run.current !== mine) return;
      try {
        job = await api.console.jobStatus({ name: job.name }, { silent: true });
      } catch (error) {
        if (run.current === mine) setState({ phase: 'lost', kind, message: error instanceof Error && error.message ? error.message : '无法获取任务进度' });
        return;
      }
    }
  }, []);

  const retry = useCallback(() => {
    if (last.current) void follow(last.current.kind, last.current.create);
  }, [follow]);

  const close = useCallback(() => {
    run.current += 1;
    setState({ phase: 'idle' });
  }, []);

  const busy = state.phase === 'starting' || (state.phase === 'job' && (state.job.status === 'pending' || state.job.status === 'running'));
  const panel = state.phase === 'idle' ? null : <StaffJobPanel state={state} onRetry={retry} onClose={close} />;
  return { start: follow, busy, panel };
}

function StaffJobPanel({ state, onRetry, onClose }: { state: Exclude<State, { phase: 'idle' }>; onRetry: () => void; onClose: () => void }) {
  const kind = state.phase === 'job' ? state.job.kind : state.kind;
  const job = state.phase === 'job' ? state.job : undefined;
  const failed = state.phase === 'lost' || job?.status === 'failed';
  const done = job?.status === 'done';
  const { done: count = 0, total = 0 } = job?.progress ?? {};
  const percent = done ? 100 : total > 0 ? Math.round((count / total) * 100) : 0;
  const status = state.phase === 'starting' ? '正在创建任务…' : state.phase === 'lost' ? '失败' : STATUS_TEXT[job!.status];

  return (
    <Paper withBorder p="sm" className="fc-panel" role="region" aria-label={TITLES[kind]} data-testid="staff-job">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {TITLES[kind]}
            <Text span size="sm" c={failed ? TONE.danger : done ? TONE.success : 'dimmed'} ml="sm" fw={400} role="status">
              {status}
            </Text>
          </Text>
          <CloseButton size="sm" aria-label="关闭任务面板" onClick={onClose} />
        </Group>
        {!failed && (
          <>
            <Progress
              value={state.phase === 'starting' ? 100 : Math.max(percent, 2)}
              animated={!done}
              striped={!done}
              color={done ? TONE.success : TONE.info}
              aria-label={`${TITLES[kind]}进度`}
            />
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {job ? `已完成 ${count} / ${total} 份` : '请稍候'}
                {job && done && ` · ${job.fileName}`}
              </Text>
              {job && done && (
                <Button component="a" href={jobFileUrl(job.name)} download size="xs" color={TONE.success} leftSection={<IconDownload size={14} />} style={{ flexShrink: 0 }}>
                  下载文件
                </Button>
              )}
            </Group>
          </>
        )}
        {failed && (
          <Alert color={TONE.danger} variant="light" icon={<IconAlertTriangle size={18} />} title={`${TITLES[kind]}失败`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">{state.phase === 'lost' ? state.message : (job?.error ?? '请稍后重试')}</Text>
              <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
                重试
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
