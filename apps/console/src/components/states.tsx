import type { ReactNode } from 'react';
import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import { TONE } from '../lib/tones';
import { Loading, type AsyncResult } from '@flagship/ui';

export { Loading };

export function Empty({ children = '暂无数据', action }: { children?: ReactNode; action?: ReactNode }) {
  return (
    <Center mih={200} className="fc-empty">
      <Stack align="center" gap="xs">
        <IconInbox size={44} stroke={1.2} color="var(--mantine-color-ink-4)" aria-hidden="true" />
        <Text c="dimmed">{children}</Text>
        {action}
      </Stack>
    </Center>
  );
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '加载失败';
}

export function ErrorState({ error, onRetry, title = '加载失败' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <Alert color={TONE.danger} variant="light" icon={<IconAlertTriangle size={18} />} title={title} my="lg">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="outline" color={TONE.danger} onClick={onRetry}>
            重试
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Loading, error and success of one request; empty is left to `children`. */
export function AsyncView<T>({ state, children }: { state: AsyncResult<T>; children: (data: T) => ReactNode }) {
  if (state.data !== undefined) return <>{children(state.data)}</>;
  if (state.status === 'error') return <ErrorState error={state.error} onRetry={state.reload} />;
  return <Loading />;
}
