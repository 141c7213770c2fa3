import { Anchor, Group, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** A section's heading with a link to everything in it. */
export function SectionHead({ title, to, link = '查看全部' }: { title: string; to: string; link?: string }) {
  return (
    <Group justify="space-between" mb="md">
      <Title order={2} size="h3" className="fs-section-title">
        {title}
      </Title>
      <Anchor component={Link} to={to} size="sm">
        <Group gap={2}>
          {link} <IconChevronRight size={14} aria-hidden="true" />
        </Group>
      </Anchor>
    </Group>
  );
}
