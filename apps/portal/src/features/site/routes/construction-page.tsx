import { Button, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';

export default function ConstructionPage() {
  return (
    <Page hideHeading>
      <Stack align="center" py={80} gap="md">
        <IconTools size={64} stroke={1.2} color="var(--mantine-color-cinnabar-7)" aria-hidden="true" />
        <Title order={1} size="h2">
          栏目建设中
        </Title>
        <Text c="dimmed">该栏目正在建设中，敬请期待。</Text>
        <Button component={Link} to="/index">
          返回首页
        </Button>
      </Stack>
    </Page>
  );
}
