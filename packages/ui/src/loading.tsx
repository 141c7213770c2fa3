import { Center, Loader, Stack, Text } from '@mantine/core';

/** The loading state of a screen or section; also the routers' fallback while the first page chunk loads. */
export function Loading({ label = '加载中…', height = 240 }: { label?: string; height?: number | string }) {
  return (
    <Center mih={height} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader color="cinnabar" type="dots" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
