import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

/** A titled white panel grouping the fields of an edit screen. */
export function FormSection({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" className="fc-panel" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <div>
          <Title order={2} size="h4" className="fc-section-title">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}
