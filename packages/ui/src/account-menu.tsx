import { Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconShieldCheck, IconUserCircle } from '@tabler/icons-react';
import type { EnterpriseAuthStatus } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { AuthStatusBadge } from './auth-status-badge';

/** The logged-in user's menu: authentication status, personal centre, password, logout. */
export function AccountMenu({ status, onLogout }: { status: EnterpriseAuthStatus | null; onLogout: () => void }) {
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton className="fs-header__menu-button" aria-label="账户菜单">
          <IconChevronDown size={16} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/personal" leftSection={<IconShieldCheck size={16} />}>
          <Group justify="space-between" gap={6} wrap="nowrap">
            <span>企业认证</span>
            <AuthStatusBadge status={status} size="sm" />
          </Group>
        </Menu.Item>
        <Menu.Item component={Link} to="/user" leftSection={<IconUserCircle size={16} />}>
          个人中心
        </Menu.Item>
        <Menu.Item component={Link} to="/reset" leftSection={<IconKey size={16} />}>
          修改密码
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.9" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          退出登录
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
