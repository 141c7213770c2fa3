import type { ReactNode } from 'react';
import { ActionIcon, Group, NavLink, Paper, Stack, Tooltip } from '@mantine/core';
import '@mantine/core/styles/NavLink.css';
import { IconBuildingCommunity, IconClipboardList, IconKey, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconUser } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { useDeviceType, useSidebar } from '../lib/app-state';

const LINKS = [
  { to: '/user', label: '我的申报', icon: IconClipboardList },
  { to: '/personal', label: '个人信息', icon: IconUser },
  { to: '/reset', label: '修改密码', icon: IconKey },
  { to: '/addCompany', label: '企业认证', icon: IconBuildingCommunity },
];

/** The personal centre's side navigation; its open state is remembered in a cookie. */
export function UserCentreLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const device = useDeviceType();
  const [opened, toggle] = useSidebar(device);
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Paper withBorder p="xs" w={opened ? 200 : 58} style={{ flex: 'none', transition: 'width 150ms' }} component="nav" aria-label="个人中心导航">
        <Stack gap={2}>
          <Group justify={opened ? 'flex-end' : 'center'}>
            <Tooltip label={opened ? '收起侧栏' : '展开侧栏'}>
              <ActionIcon variant="subtle" color="ink" onClick={toggle} aria-label={opened ? '收起侧栏' : '展开侧栏'} aria-expanded={opened}>
                {opened ? <IconLayoutSidebarLeftCollapse size={18} /> : <IconLayoutSidebarLeftExpand size={18} />}
              </ActionIcon>
            </Tooltip>
          </Group>
          {LINKS.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={opened ? label : undefined}
              aria-label={opened ? undefined : label}
              leftSection={<Icon size={18} />}
              active={pathname === to}
              color="cinnabar"
              variant="light"
            />
          ))}
        </Stack>
      </Paper>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </Group>
  );
}
