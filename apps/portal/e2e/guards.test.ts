import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, field, login, newAccount, openPortal, register, revokeSession, type Portal } from './support';

const GUARDED = ['/application?projectId=6&formId=6', '/projectDetail?id=6', '/user', '/companyDetail?id=1', '/addCompany'];

// Journey 5: guards and redirects (the route table's `guard`, `noReturn`, `noRedirect`).
describe('guards and redirects', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(15);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('sends visitors to /login without the query', async () => {
    const { page, url } = portal;
    await page.goto(`${url}/`);
    await page.waitForURL('**/index');

    for (const path of GUARDED) {
      await page.goto(`${url}${path}`);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).search, path).toBe('');
    }

    // Open pages stay open.
    for (const path of ['/project', '/declaration', '/policy', '/expert', '/company', '/about', '/forget', '/reset', '/personal']) {
      await page.goto(`${url}${path}`);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
    await checkScreen(page, 'personal-anonymous');

    // The add-enterprise action asks a visitor to log in.
    await page.goto(`${url}/company`);
    await page.getByRole('button', { name: '企业入库申请' }).click();
    await page.waitForURL((u) => u.pathname === '/login');

    // Navigating to the route already shown adds no history entry.
    await page.goto(`${url}/declaration`);
    await page.locator('.fs-card-link').first().waitFor();
    const before = await page.evaluate(() => history.length);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '项目申报' }).click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => history.length)).toBe(before);
    expect(new URL(page.url()).pathname).toBe('/declaration');

    // The access gate renders outside the layout.
    await page.goto(`${url}/password?redirect=/policy`);
    await page.getByRole('heading', { name: '访问密码' }).waitFor();
    expect(await page.locator('.fs-app__header').count()).toBe(0);
    await checkScreen(page, 'password');
  });
});

describe('guards once logged in', () => {
  let portal: Portal;
  beforeAll(async () => {
    // Another client address: each /login visit above loaded a rate-limited captcha.
    portal = await openPortal(18);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('keeps logged-in users off /login and /reg and opens the guarded pages', async () => {
    const { page, url } = portal;
    const account = newAccount('guard');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');
    for (const path of ['/login', '/reg', '/login?redirect=/user']) {
      await page.goto(`${url}${path}`);
      await page.waitForURL('**/index');
    }
    // Guarded pages open once logged in.
    await page.goto(`${url}/projectDetail?id=6`);
    await page.getByRole('heading', { name: '申报表单' }).waitFor();
    await checkScreen(page, 'project-detail');
    await page.goto(`${url}/companyDetail?id=1`);
    await page.getByText('企业简介').waitFor();
    await checkScreen(page, 'company-detail');

    // Error states: retrying cannot help with an unknown id or a link without one, so no 重试.
    await page.goto(`${url}/projectDetail?id=99999`);
    await page.getByRole('alert').filter({ hasText: '内容不存在' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: '内容不存在' }).textContent()).toContain('项目不存在');
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0);
    await checkScreen(page, 'project-detail-not-found');
    await page.goto(`${url}/policyDetail`);
    await page.getByRole('alert').filter({ hasText: '链接不完整' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: '链接不完整' }).textContent()).toContain('缺少公告编号');
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0);
  });
});

// Journey 6: errno 1001 — the session is revoked on the server from outside the page.
describe('session revoked on the server', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(16);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('toasts, clears the session after one second and reloads', async () => {
    const { page, url, apiUrl } = portal;
    const account = newAccount('revoked');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');
    await page.goto(`${url}/project`);
    await page.locator('.fs-card-link').first().waitFor();
    await revokeSession(page, apiUrl);

    // The next call with the old token: a toast, then the cookies go and the page reloads.
    const reloaded = page.waitForEvent('load', { timeout: 10_000 });
    const started = Date.now();
    await page.getByRole('link', { name: new RegExp(account.slice(0, 10)) }).click();
    await page.locator('.mantine-Notification-root').first().waitFor();
    await reloaded;
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await page.context().cookies()).find((c) => c.name === 'flagship-portal-token')).toBeUndefined();
    // After the reload, /user needs a login again.
    await page.waitForURL((u) => u.pathname === '/login');
  });
});

// Draft autosave failing: the applicant learns it once per run of failures; a 1001 always shows,
// and the unsaved-changes warning must not hold up the reload.
describe('session revoked while filling in an application', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(19);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows failed autosaves once, and on 1001 toasts and reloads to /login without asking to leave', async () => {
    const { page, url, apiUrl } = portal;
    const account = newAccount('autosave');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');
    await page.goto(`${url}/application?projectId=6&formId=6`);
    await field(page, '项目名称').waitFor();

    // Other failures of autosave show once, not on every attempt.
    const saveUrl = '**/api/project/6/form/6/apply';
    await page.route(saveUrl, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errno: 503, errmsg: '服务暂不可用，请稍后再试', data: null }) }),
    );
    const failureToasts = page.locator('.mantine-Notification-root').filter({ hasText: '草稿自动保存失败' });
    await field(page, '项目名称').fill('原创越剧');
    await failureToasts.first().waitFor();
    const again = page.waitForRequest((request) => request.url().endsWith('/apply'));
    await field(page, '项目名称').fill('原创越剧《钱塘》');
    await again;
    await expect.poll(() => page.getByTestId('save-state').textContent()).toContain('自动保存失败');
    await page.waitForTimeout(300);
    expect(await failureToasts.count()).toBe(1);
    await page.unroute(saveUrl);

    await revokeSession(page, apiUrl);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await field(page, '项目名称').fill('原创越剧《钱塘潮》');
    await page.locator('.mantine-Notification-root').filter({ hasText: '登录已失效' }).waitFor();
    await reloaded;
    await page.waitForURL((u) => u.pathname === '/login');
    expect(dialogs).toEqual([]);
  });
});
