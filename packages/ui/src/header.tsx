import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Button } from '@mantine/core';
import { IconChevronDown, IconSearch, IconUserCircle } from '@tabler/icons-react';
import type { CallOptions, EnterpriseAuthStatus } from '@flagship/api-client';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSafeNavigate } from './navigation';
import { useHydrated } from './use-hydrated';

// The menu (and the floating-ui positioning it needs) loads only for logged-in users.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

export interface HeaderUser {
  account: string;
  enterprise_authentication_status: EnterpriseAuthStatus | null;
}

/** The part of the SDK client the header uses (the real `ApiClient` fits). */
export interface HeaderApi {
  auth: { logout(input?: undefined, options?: CallOptions): Promise<unknown> };
  base: { regions(input?: undefined, options?: CallOptions): Promise<unknown> };
  session: { clear(): void };
}

export interface HeaderProps {
  /** Product title (the site title from the settings). */
  title: string;
  /** The logged-in user; undefined for visitors. */
  user: HeaderUser | undefined;
  api: HeaderApi;
}

/**
 * The header is on every page the server renders, so its layout is plain elements with the
 * classes of layout.css rather than Mantine's `Group` and `Anchor`: each Mantine component costs the
 * server's render its props, styles and `Box`, and the header and footer were a third of a
 * logged-in page's render (docs/performance.md). The search field and the visitor's buttons stay
 * Mantine's. The account menu is made in the browser, after hydration: the server renders its
 * button alone.
 */
export function Header({ title, user, api }: HeaderProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const go = useSafeNavigate();
  const [keyword, setKeyword] = useState(() => new URLSearchParams(location.search).get('keyword') ?? '');

  // Base data (regions) is loaded with the header; the SDK revalidates it with its ETag.
  useEffect(() => {
    api.base.regions(undefined, { silent: true }).catch(() => {});
  }, [api]);

  useEffect(() => {
    if (location.pathname === '/search') setKeyword(new URLSearchParams(location.search).get('keyword') ?? '');
  }, [location.pathname, location.search]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const value = keyword.trim();
    if (!value) return;
    go(`/search?keyword=${encodeURIComponent(value)}`);
  };

  const logout = async () => {
    const query = location.search;
    try {
      await api.auth.logout(undefined, { silent: true });
    } catch {
      // The session is cleared on this side whatever the server answered.
    }
    api.session.clear();
    void navigate(`/login${query}`);
  };

  return (
    <div className="fs-header">
      <div className="fs-header__inner">
        <Link to="/index" className="fs-header__brand">
          <span className="fs-header__seal" aria-hidden="true">
            艺
          </span>
          <span className="fs-header__title">{title}</span>
        </Link>

        <nav aria-label="主导航" className="fs-header__nav">
          <NavItem to="/index" label="首页" active={location.pathname === '/index'} />
          <NavItem to="/declaration" label="项目申报" active={location.pathname === '/declaration'} />
          <NavItem to="/policy" label="通知公告" active={location.pathname.startsWith('/policy')} />
        </nav>

        <form role="search" onSubmit={search} className="fs-header__search">
          <input
            className="fs-header__search-input"
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            placeholder="站内搜索"
            aria-label="搜索关键词"
          />
          <button type="submit" className="fs-header__search-button" aria-label="搜索">
            <IconSearch size={16} />
          </button>
        </form>

        {user ? (
          <div className="fs-header__account">
            <Link to="/user" className="fs-header__user" title="个人中心">
              <IconUserCircle size={20} aria-hidden="true" />
              <span>{user.account}</span>
            </Link>
            {hydrated ? (
              <Suspense fallback={<MenuButton />}>
                <AccountMenu status={user.enterprise_authentication_status} onLogout={() => void logout()} />
              </Suspense>
            ) : (
              <MenuButton />
            )}
          </div>
        ) : (
          location.pathname !== '/login' && (
            <div className="fs-header__account" data-visitor>
              <Button component={Link} to="/login" variant="white" color="cinnabar" size="sm">
                登录
              </Button>
              <Button component={Link} to="/reg" variant="outline" color="white" size="sm" className="fs-header__register">
                注册
              </Button>
            </div>
          )
        )}
      </div>
    </div>
  );
}

function NavItem({ to, label, active }: { to: string; label: string; active: boolean }) {
  return (
    <Link to={to} className="fs-header__link" data-active={active || undefined} aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}

/** How the account menu's button looks before the menu is made (on the server, while hydrating, while its code loads): a picture of it. */
function MenuButton() {
  return (
    <span className="fs-header__menu-button" aria-hidden="true">
      <IconChevronDown size={16} />
    </span>
  );
}
