import { useEffect, type ReactNode } from 'react';
import { Anchor, AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink, IconLogout } from '@tabler/icons-react';
import { STAFF_ROLE_LABELS } from '@flagship/api-client';
import { Link, Navigate, NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '@flagship/ui';
import { navItemsFor, type NavItem } from '../lib/navigation';
import { loadStaff, refreshSession, retryStaff, signOut, useStaff, useStaffState } from '../lib/session';
import { ErrorState } from './states';
import { useSiteTitle } from '../lib/site-title';

const GROUP_ORDER: NavItem['group'][] = ['概览', '专家评审', '内容管理', '审核', '系统'];

/** Children only for a signed-in member of staff; anonymous visitors go to /login. */
export function StaffGate({ children }: { children: ReactNode }) {
  const state = useStaffState();
  const location = useLocation();

  useEffect(() => {
    refreshSession();
  }, [location.pathname]);
  useEffect(() => {
    if (state.status === 'loading') void loadStaff();
  }, [state.status]);

  if (state.status === 'anonymous') {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={back === '/' ? '/login' : `/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (state.status === 'loading') return <Loading label="正在验证登录状态…" height={400} />;
  if (state.status === 'error') {
    return (
      <main className="fc-auth-screen">
        <Stack w={420}>
          <ErrorState error={state.error} onRetry={retryStaff} title="无法获取登录信息" />
          <Button variant="subtle" onClick={() => void signOut()}>
            重新登录
          </Button>
        </Stack>
      </main>
    );
  }
  return <>{children}</>;
}

/** The signed-in shell: header, role-aware navigation, the page. */
export function ConsoleLayout() {
  return (
    <StaffGate>
      <Shell />
    </StaffGate>
  );
}

function Shell() {
  const staff = useStaff();
  const siteTitle = useSiteTitle();
  const location = useLocation();
  const navigate = useNavigate();
  const items = navItemsFor(staff.role);
  // Experts also review on a tablet: below the md breakpoint their navigation folds behind a button.
  const expert = staff.role === 'expert';
  const [navOpened, nav] = useDisclosure(false);
  const closeNav = nav.close;
  useEffect(() => closeNav(), [location.key, closeNav]);
  const logout = async () => {
    await signOut();
    void navigate('/login', { replace: true });
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: expert ? 'md' : 0, collapsed: { mobile: !navOpened } }}
      padding="lg"
      className="fc-shell"
      data-role={staff.role}
    >
      <a href="#main" className="fc-skip-link">
        跳到主要内容
      </a>
      <AppShell.Header className="fc-header">
        <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {expert && <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="md" size="sm" color="white" aria-label={navOpened ? '收起导航' : '展开导航'} aria-expanded={navOpened} />}
            <Anchor component={Link} to="/" underline="never" c="white" className="fc-brand">
              <Text span ff="heading" fw={700} fz={18}>
                {siteTitle}
              </Text>
              <Text span fz={14} ml={8} opacity={0.85}>
                {expert ? '专家评审' : '管理后台'}
              </Text>
            </Anchor>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Anchor href="/" target="_blank" rel="noopener noreferrer" c="white" size="sm" className="fc-header__link">
              <Group gap={4} wrap="nowrap">
                访问前台 <IconExternalLink size={14} aria-hidden="true" />
              </Group>
            </Anchor>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="white" fw={500} data-testid="staff-name">
                {staff.name || staff.account}
              </Text>
              <Badge size="sm" variant="white" color="cinnabar" radius="sm">
                {STAFF_ROLE_LABELS[staff.role]}
              </Badge>
            </Group>
            <Button size="xs" variant="white" color="cinnabar" leftSection={<IconLogout size={14} />} onClick={() => void logout()}>
              退出登录
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" className="fc-navbar" aria-label="主导航">
        <ScrollArea type="never">
          <Stack gap="md" component="nav" aria-label="功能导航">
            {GROUP_ORDER.map((group) => {
              const list = items.filter((item) => item.group === group);
              if (list.length === 0) return null;
              return (
                <div key={group}>
                  <Text size="xs" fw={600} c="dimmed" px="sm" mb={4}>
                    {group}
                  </Text>
                  {list.map((item) => (
                    <NavLink
                      key={item.to}
                      component={RouterNavLink}
                      to={item.to}
                      label={item.label}
                      leftSection={<item.icon size={18} stroke={1.6} />}
                      active={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
                      className="fc-navlink"
                    />
                  ))}
                </div>
              );
            })}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} className="fc-main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
