import type { ReactNode } from 'react';
import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import { ApiError, Errno } from '@flagship/api-client';
import { Loading, type AsyncResult } from '@flagship/ui';
import { MissingIdError } from '../lib/missing-id';

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
  const missing = error instanceof MissingIdError;
  const notFound = error instanceof ApiError && error.errno === Errno.NOT_FOUND;
  // Retrying cannot bring back what does not exist or an id the link lacks.
  const retry = missing || notFound ? undefined : onRetry;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={missing ? '链接不完整' : notFound ? '内容不存在' : '加载失败'} my="lg">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {retry && (
          <Button size="xs" variant="outline" color="red.9" onClick={retry}>
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
