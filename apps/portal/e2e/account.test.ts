import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, field, login, newAccount, openPortal, readOutbox, register, solveCaptcha, type Portal } from './support';

describe('account', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(12);
  });
  afterAll(async () => {
    await portal?.close();
  });

  // Journey 2: register → log in → edit personal information → change password → log in again.
  it('registers, logs in, edits the profile, changes the password and logs in again', async () => {
    const { page, url } = portal;
    const account = newAccount('reg');
    const password = 'Qingshan#2026';
    const newPassword = 'Xihu-Lotus-77';
    // None of these screens (/user, /personal, /reset, …) has a rich-text field: the editor never loads.
    const editorRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/tinymce/')) editorRequests.push(request.url());
    });

    await page.goto(`${url}/reg`);
    await field(page, '账号').fill(account);
    await field(page, '密码').fill(password);
    await field(page, '确认密码').fill('something-else');
    await field(page, '确认密码').blur();
    await page.getByText('两次输入的密码不一致').waitFor();
    await field(page, '确认密码').fill(password);
    // The proof-of-work captcha: the browser solves it while the person types.
    await solveCaptcha(page);
    await checkScreen(page, 'reg');
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL('**/login');
    await page.getByText('注册成功').waitFor();
    // The header is not on /login (outside the layout), and neither are its buttons. Polled: the
    // URL and the toast come before React has swapped the layout out (a fresh-clone CI run saw it).
    await expect.poll(() => page.locator('.fs-app__header').count()).toBe(0);
    await checkScreen(page, 'login');

    await login(page, url, account, password);
    expect(new URL(page.url()).pathname).toBe('/user');
    await page.getByText('您还没有申报记录').waitFor();
    await checkScreen(page, 'user-empty');

    // Logged-in users are sent from /login and /reg to /.
    await page.goto(`${url}/login`);
    await page.waitForURL('**/index');
    await page.goto(`${url}/reg`);
    await page.waitForURL('**/index');

    // Personal information through the header menu.
    await page.getByRole('button', { name: '账户菜单' }).click();
    await page.getByRole('menuitem', { name: /企业认证/ }).waitFor();
    expect(await page.getByRole('menuitem', { name: /企业认证/ }).textContent()).toContain('未认证');
    await checkScreen(page, 'header-menu');
    await page.getByRole('menuitem', { name: /企业认证/ }).click();
    await page.waitForURL('**/personal');
    await field(page, '姓名').fill('沈清和');
    await field(page, '手机号码').fill('1380000');
    await field(page, '手机号码').blur();
    await page.getByText('不是有效的手机号码').waitFor();
    await field(page, '手机号码').fill('13800138000');
    await field(page, '电子邮箱').fill('shen@example.org');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('个人信息已保存').waitFor();
    await page.reload();
    await expect.poll(() => field(page, '姓名').inputValue()).toBe('沈清和');
    expect(await field(page, '手机号码').inputValue()).toBe('13800138000');
    await checkScreen(page, 'personal');

    // Change the password: the session ends and the new password works.
    await page.getByRole('button', { name: '账户菜单' }).click();
    await page.getByRole('menuitem', { name: /修改密码/ }).click();
    await page.waitForURL('**/reset');
    // The server's field error (data.fields.oldPassword) shows under that input.
    await field(page, '原密码').fill('Not-my-password-1');
    await field(page, '新密码').fill(newPassword);
    await field(page, '确认新密码').fill(newPassword);
    await page.getByRole('button', { name: '修改密码' }).click();
    // The input names its error through aria-describedby.
    const errorOf = async () => {
      const ids = ((await field(page, '原密码').getAttribute('aria-describedby')) ?? '').split(' ');
      const id = ids.find((value) => value.endsWith('-error'));
      return id ? page.locator(`[id="${id}"]`).textContent() : undefined;
    };
    await expect.poll(errorOf).toBe('原密码不正确');
    expect(new URL(page.url()).pathname).toBe('/reset');
    await field(page, '原密码').fill(password);
    await field(page, '新密码').fill(newPassword);
    await field(page, '确认新密码').fill(newPassword);
    await checkScreen(page, 'reset');
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();

    // The old password no longer works; the server's message shows and the captcha starts again
    // (each solution is used once).
    await field(page, '账号').fill(account);
    await field(page, '密码').fill(password);
    await solveCaptcha(page);
    const challenges: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/challenge')) challenges.push(request.url());
    });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('账号或密码错误').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await field(page, '密码').fill(newPassword);
    await solveCaptcha(page);
    expect(challenges.length).toBe(1);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/user');

    // Logging out keeps the current query.
    await page.goto(`${url}/project?year=2026`);
    await page.getByRole('button', { name: '账户菜单' }).click();
    await page.getByRole('menuitem', { name: /退出登录/ }).click();
    await page.waitForURL('**/login?year=2026');
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'flagship-portal-token' }));
    expect(editorRequests).toEqual([]);
  });

});

describe('forgotten password', () => {
  let portal: Portal;
  beforeAll(async () => {
    // Its own client address: the rate limits count per client.
    portal = await openPortal(17);
  });
  afterAll(async () => {
    await portal?.close();
  });

  // Journey 7: a forgotten password, reset with the code from the outbox.
  it('resets a forgotten password with the code sent to the outbox', async () => {
    const { page, url } = portal;
    const account = newAccount('forget');
    const password = 'Qingshan#2026';
    const newPassword = 'Moganshan-88';
    // Register through the screen.
    await page.goto(`${url}/reg`);
    await field(page, '账号').fill(account);
    await field(page, '密码').fill(password);
    await field(page, '确认密码').fill(password);
    await solveCaptcha(page);
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL('**/login');

    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL('**/forget');
    await page.getByRole('button', { name: '获取验证码' }).waitFor();
    await field(page, '账号').fill(account);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    expect(await page.getByRole('button', { name: /秒后重发/ }).isDisabled()).toBe(true);
    await expect.poll(() => readOutbox(account), { timeout: 10_000 }).toBeTruthy();
    const code = /\b(\d{6})\b/.exec(readOutbox(account) ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await field(page, '验证码').fill(code ?? '');
    await field(page, '新密码').fill(newPassword);
    await field(page, '确认新密码').fill(newPassword);
    await checkScreen(page, 'forget');
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.waitForURL('**/login');
    await login(page, url, account, newPassword);
    expect(new URL(page.url()).pathname).toBe('/user');
  });
});

describe('captcha fallback', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(20);
  });
  afterAll(async () => {
    await portal?.close();
  });

  // Where the proof-of-work widget cannot run (its code refused), the image captcha takes its place.
  it('signs in with the image captcha when the proof-of-work widget cannot load', async () => {
    const { page, url } = portal;
    const account = newAccount('fallback');
    const password = 'Qingshan#2026';
    await register(page, url, account, password);
    await page.context().clearCookies();

    const fresh = await page.context().newPage();
    await fresh.route(/\/assets\/[^/]*altcha[^/]*\.js$/, (route) => route.abort());
    let answer = '';
    fresh.on('response', (response) => {
      if (response.url().includes('/api/verify') && response.status() === 200) answer = response.headers()['x-captcha-answer'] ?? '';
    });
    await fresh.goto(`${url}/login`);
    await fresh.getByRole('img', { name: '图形验证码' }).waitFor();
    await fresh.waitForLoadState('networkidle');
    expect(await fresh.locator('altcha-widget').count()).toBe(0);
    await field(fresh, '账号').fill(account);
    await field(fresh, '密码').fill(password);
    await field(fresh, '图形验证码').fill(answer);
    await checkScreen(fresh, 'login-captcha-fallback');
    await fresh.getByRole('button', { name: '登录', exact: true }).click();
    await fresh.waitForURL('**/user');
    await fresh.close();
  });
});
