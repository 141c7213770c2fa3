import { SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBell, IconBuildingCommunity, IconClipboardList, IconFolders, IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

const ENTRIES = [
  { to: '/declaration', label: '项目申报', note: '在线填报与提交', icon: IconClipboardList },
  { to: '/project', label: '项目库', note: '历年资助项目', icon: IconFolders },
  { to: '/policy', label: '通知公告', note: '政策与公示', icon: IconBell },
  { to: '/expert', label: '专家库', note: '评审专家名录', icon: IconUsers },
  { to: '/company', label: '企业库', note: '入库文化企业', icon: IconBuildingCommunity },
  { to: '/about', label: '关于我们', note: '平台与项目介绍', icon: IconInfoCircle },
];

export function LibraryEntries() {
  return (
    <SimpleGrid cols={6} spacing="md">
      {ENTRIES.map(({ to, label, note, icon: Icon }) => (
        <UnstyledButton key={to} component={Link} to={to} className="fs-entry">
          <Stack align="center" gap={6}>
            <ThemeIcon size={52} radius="xl" variant="light" color="cinnabar">
              <Icon size={28} stroke={1.5} />
            </ThemeIcon>
            <Text fw={700}>{label}</Text>
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          </Stack>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
