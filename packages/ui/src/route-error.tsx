import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router-dom';

/** A lazy screen that failed to load (e.g. a new deployment replaced its chunk). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Title order={1} size="h3">
          页面加载失败
        </Title>
        <Text c="dimmed">请检查网络后刷新页面重试。</Text>
        <Button onClick={() => window.location.reload()}>刷新页面</Button>
      </Stack>
    </Center>
  );
}
