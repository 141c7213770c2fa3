import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Page } from '../../components/page';

export default function NotFoundPage() {
  return (
    <Page title="页面不存在">
      <Center mih={300}>
        <Stack align="center">
          <Title order={2} size="h1" c="ink.4">
            404
          </Title>
          <Text c="dimmed">您访问的页面不存在或已被移除。</Text>
          <Button component={Link} to="/">
            返回首页
          </Button>
        </Stack>
      </Center>
    </Page>
  );
}
