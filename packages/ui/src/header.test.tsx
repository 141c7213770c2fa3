import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Header, type HeaderUser } from './header';
import { renderAt } from './test/render';

function fakeApi() {
  return {
    auth: { logout: vi.fn().mockResolvedValue(null) },
    base: { regions: vi.fn().mockResolvedValue([]) },
    session: { clear: vi.fn() },
  };
}

const user = (status: HeaderUser['enterprise_authentication_status']): HeaderUser => ({
  account: '13800000000',
  enterprise_authentication_status: status,
});

describe('Header', () => {
  it('shows the title, the main links and, to visitors, login and register', () => {
    const api = fakeApi();
    renderAt(<Header title="艺术旗舰项目在线申报平台" user={undefined} api={api} />);
    expect(screen.getByRole('link', { name: /艺术旗舰项目在线申报平台/ })).toHaveProperty('pathname', '/index');
    expect(screen.getByRole('link', { name: '项目申报' }).getAttribute('href')).toBe('/declaration');
    expect(screen.getByRole('link', { name: '通知公告' }).getAttribute('href')).toBe('/policy');
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/reg');
    expect(api.base.regions).toHaveBeenCalledWith(undefined, { silent: true });
  });

  it('hides login and register on /login', () => {
    renderAt(<Header title="平台" user={undefined} api={fakeApi()} />, '/login');
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
    expect(screen.queryByRole('link', { name: '注册' })).toBeNull();
  });

  it('does nothing for an empty keyword and searches otherwise', async () => {
    const ui = userEvent.setup();
    renderAt(<Header title="平台" user={undefined} api={fakeApi()} />, '/index');
    const input = screen.getByRole('textbox', { name: '搜索关键词' });
    await ui.type(input, '   {Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/index');
    await ui.clear(input);
    await ui.type(input, '非遗 传承{Enter}');
    expect(screen.getByTestId('location').textContent).toBe(`/search?keyword=${encodeURIComponent('非遗 传承')}`);
  });

  it('shows the account name linking to /user and no login buttons when logged in', () => {
    renderAt(<Header title="平台" user={user(1)} api={fakeApi()} />);
    expect(screen.getByRole('link', { name: /13800000000/ }).getAttribute('href')).toBe('/user');
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
  });

  it.each([
    [0, '认证中'],
    [1, '已认证'],
    [2, '未通过'],
    [null, '未认证'],
  ] as const)('shows authentication status %s as %s in the menu', async (status, text) => {
    const ui = userEvent.setup();
    renderAt(<Header title="平台" user={user(status)} api={fakeApi()} />);
    await ui.click(await screen.findByRole('button', { name: '账户菜单' }));
    const item = await screen.findByRole('menuitem', { name: new RegExp(text) });
    expect(item.getAttribute('href')).toBe('/personal');
    expect(screen.getByRole('menuitem', { name: /个人中心/ }).getAttribute('href')).toBe('/user');
    expect(screen.getByRole('menuitem', { name: /修改密码/ }).getAttribute('href')).toBe('/reset');
  });

  it('logs out silently, clears the session and goes to /login keeping the query', async () => {
    const ui = userEvent.setup();
    const api = fakeApi();
    api.auth.logout.mockRejectedValue(new Error('offline'));
    renderAt(<Header title="平台" user={user(0)} api={api} />, '/project?page=2&year=2025');
    await ui.click(await screen.findByRole('button', { name: '账户菜单' }));
    await ui.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login?page=2&year=2025'));
    expect(api.auth.logout).toHaveBeenCalledWith(undefined, { silent: true });
    expect(api.session.clear).toHaveBeenCalledOnce();
  });
});
