import type { ReactNode } from 'react';
import { Alert, Button, Center, Stack, Text, type MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import { Loading } from './loading';
import type { AsyncResult } from './use-async';

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

/** How an app shows a failed load: its colours, and the errors that a retry cannot help. */
export interface ErrorViewOptions {
  color: MantineColor;
  retryColor: MantineColor;
  /** A title for an error that retrying cannot fix (no retry button then); undefined for the others. */
  finalTitle?: (error: unknown) => string | undefined;
}

export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}

/** The app's `ErrorState` and the `AsyncView` that shows it. */
export function createErrorViews({ color, retryColor, finalTitle }: ErrorViewOptions) {
  function ErrorState({ error, onRetry, title = '加载失败' }: ErrorStateProps) {
    const final = finalTitle?.(error);
    const retry = final === undefined ? onRetry : undefined;
    return (
      <Alert color={color} variant="light" icon={<IconAlertTriangle size={18} />} title={final ?? title} my="lg">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          {retry && (
            <Button size="xs" variant="outline" color={retryColor} onClick={retry}>
              重试
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }

  /** Loading, error and success of one request; empty is left to `children`. */
  function AsyncView<T>({ state, children }: { state: AsyncResult<T>; children: (data: T) => ReactNode }) {
    if (state.data !== undefined) return <>{children(state.data)}</>;
    if (state.status === 'error') return <ErrorState error={state.error} onRetry={state.reload} />;
    return <Loading />;
  }

  return { ErrorState, AsyncView };
}
