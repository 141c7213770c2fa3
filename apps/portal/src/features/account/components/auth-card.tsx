import type { ReactNode } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSiteTitle } from '../../../lib/settings';

/** The centred card of the screens outside the layout (login, access password). */
export function AuthScreen({ title, children }: { title: string; children: ReactNode }) {
  const siteTitle = useSiteTitle();
  return (
    <main className="fs-auth-screen">
      <Stack w={420} gap="lg">
        <Anchor component={Link} to="/index" underline="never" ta="center">
          <Text ff="heading" fw={700} fz={24} c="cinnabar.8">
            {siteTitle}
          </Text>
        </Anchor>
        <Paper withBorder shadow="md" p={32} radius="md">
          <Title order={1} size="h3" mb="lg" ta="center">
            {title}
          </Title>
          {children}
        </Paper>
      </Stack>
    </main>
  );
}
