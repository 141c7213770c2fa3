import type { ReactNode } from 'react';
import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import { Loading, type AsyncResult } from '@flagship/ui';

export { Loading };

export function Empty({ children = '暂无数据', action }: { children?: ReactNode; action?: ReactNode }) {
  return (
    <Center mih={200} className="fs-empty">
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

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="加载失败" my="lg">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="outline" color="red.9" onClick={onRetry}>
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
