import { ApiError } from '@flagship/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { api } from '../../lib/api';
import { click, getButton, getInput, render, settle, type } from '../../test/render';
import InvitationPage from './invitation-page';

afterEach(() => vi.restoreAllMocks());

function Login() {
  const location = useLocation();
  return <p>登录页 {location.search}</p>;
}

const open = (search: string) =>
  render(
    <MemoryRouter initialEntries={[`/invite${search}`]}>
      <Routes>
        <Route path="/invite" element={<InvitationPage />} />
        <Route path="/login" element={<Login />} />
      </Routes>
    </MemoryRouter>,
  );

const TOKEN = 'a'.repeat(43);

describe('the invitation page', () => {
  it('sets the password typed twice and sends the expert to sign in with the account filled in', async () => {
    const accept = vi.spyOn(api.console, 'invitationAccept').mockResolvedValue({ account: 'li.expert@example.org' });
    open(`?token=${TOKEN}`);
    type(getInput('设置密码'), 'Reviewer#2026');
    type(getInput('确认密码'), 'Reviewer#2025');
    click(getButton('设置密码'));
    await settle();
    expect(document.body.textContent).toContain('两次输入的密码不一致');
    expect(accept).not.toHaveBeenCalled();

    type(getInput('确认密码'), 'Reviewer#2026');
    click(getButton('设置密码'));
    await settle();
    await settle();
    expect(accept).toHaveBeenCalledWith({ token: TOKEN, password: 'Reviewer#2026' }, { silent: true });
    expect(document.body.textContent).toContain('登录页 ?account=li.expert%40example.org');
  });

  it('says clearly when the link has no token', () => {
    open('');
    expect(document.body.textContent).toContain('邀请链接不可用');
    expect(document.body.textContent).toContain('链接中缺少邀请码');
    expect(() => getInput('设置密码')).toThrow();
  });

  it('says clearly when the server refuses the link as invalid or used', async () => {
    vi.spyOn(api.console, 'invitationAccept').mockRejectedValue(new ApiError(400, '邀请链接无效或已使用'));
    open(`?token=${TOKEN}`);
    type(getInput('设置密码'), 'Reviewer#2026');
    type(getInput('确认密码'), 'Reviewer#2026');
    click(getButton('设置密码'));
    await settle();
    await settle();
    expect(document.body.textContent).toContain('邀请链接无效或已使用');
    expect(document.body.textContent).toContain('请联系项目办公室重新发送邀请');
  });
});
