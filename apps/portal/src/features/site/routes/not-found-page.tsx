import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';

export default function NotFoundPage() {
  return (
    <Page hideHeading>
      <Stack align="center" py={80} gap="md">
        <Text fz={96} fw={700} c="cinnabar.7" ff="heading" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} size="h2">
          页面不存在
        </Title>
        <Text c="dimmed">您访问的页面不存在或已被移除。</Text>
        <Group>
          <Button component={Link} to="/index">
            返回首页
          </Button>
          <Button component={Link} to="/project" variant="default">
            浏览项目库
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}
