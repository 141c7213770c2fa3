import { join } from 'node:path';
import { launchChromium } from '@flagship/testing/browser';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, artifactsDir, field, newAccount } from './support';

// The server renders the public pages and the application form with their data (the portal as the
// server serves it, not behind `vite preview`); the browser hydrates them.
describe('server rendering', () => {
  const apiUrl = inject('apiUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium(chromium);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function context(options: { javaScript?: boolean; session?: { token: string; id: number; account: string; enterprise_authentication_status: number | null } } = {}): Promise<BrowserContext> {
    // Browsers in China: times must read the same as the server (in this machine's zone) rendered them.
    const created = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', javaScriptEnabled: options.javaScript ?? true });
    if (options.session) {
      const { token, id, account, enterprise_authentication_status } = options.session;
      await created.addCookies([
        { name: 'flagship-portal-token', value: token, url: apiUrl },
        { name: 'flagship-portal-userinfo', value: encodeURIComponent(JSON.stringify({ token, id, account, enterprise_authentication_status })), url: apiUrl },
      ]);
    }
    return created;
  }

  /** Errors in the console (a hydration mismatch among them) and the API calls the page makes. */
  function watch(page: Page) {
    const errors: string[] = [];
    const calls: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    });
    return { errors, calls };
  }

  async function json<T>(path: string): Promise<T> {
    return ((await (await fetch(`${apiUrl}${path}`)).json()) as { data: T }).data;
  }

  it('sends public pages with their content, readable without scripts', async () => {
    const calls = await json<{ list: { title: string }[] }>('/api/project?status=active&page=1&pageSize=4');
    const notices = await json<{ list: { id: number; title: string }[] }>('/api/policy?page=1&pageSize=6');
    const experts = await json<{ list: { name: string }[] }>('/api/expert?page=1&pageSize=12');
    const html = await (await fetch(`${apiUrl}/index`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(calls.list[0]!.title);
    // Everything inline: no boundary left for a script to fill in (the CSP allows no inline script).
    expect(html).not.toMatch(/<template id="B:|\$RC/);
    expect(html).toMatch(/<script type="application\/json" id="flagship-server-data">/);
    // The entry and its modules are fetched and run once the page has painted (/hydrate.js starts them).
    expect(html).toMatch(/<script defer src="\/hydrate.js" data-entry="\/assets\/index-[\w-]+\.js" data-modules="[^"]*\/assets\/home-page-[\w-]+\.js[^"]*"><\/script>/);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);

    const noScripts = await context({ javaScript: false });
    const page = await noScripts.newPage();
    await page.goto(`${apiUrl}/index`);
    await page.getByRole('heading', { name: '申报中的项目' }).waitFor();
    const { siteTitle } = await json<{ siteTitle: string }>('/api/setting/index');
    expect(await page.title()).toBe(`首页 - ${siteTitle}`);
    await page.getByText(calls.list[0]!.title).first().waitFor();
    await page.getByText(notices.list[0]!.title).first().waitFor();
    // Styled as after hydration: the light colour scheme is on <html> from the start.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // (axe needs scripts: the same screen is checked in the visitor journey.)
    await page.screenshot({ path: join(artifactsDir, 'server-home-no-scripts.png'), fullPage: true });
    await page.goto(`${apiUrl}/policyDetail?id=${notices.list[0]!.id}`);
    await page.getByRole('heading', { name: notices.list[0]!.title }).waitFor();
    await page.goto(`${apiUrl}/expert`);
    await page.getByText(experts.list[0]!.name).first().waitFor();
    await page.goto(`${apiUrl}/project`);
    await page.getByText(calls.list[0]!.title).first().waitFor();
    await page.screenshot({ path: join(artifactsDir, 'server-project-no-scripts.png'), fullPage: true });
    await noScripts.close();
  });

  it('hydrates without a mismatch or loading the data again, then navigates in the browser', async () => {
    const browsing = await context();
    const page = await browsing.newPage();
    const { errors, calls } = watch(page);
    const notice = (await json<{ list: { id: number }[] }>('/api/policy?page=1&pageSize=1')).list[0]!.id;
    for (const path of ['/index', '/project', '/declaration', '/policy', `/policyDetail?id=${notice}`, '/expert', '/company', '/about', '/search?keyword=%E8%88%9E%E8%B9%88']) {
      calls.length = 0;
      await page.goto(`${apiUrl}${path}`, { waitUntil: 'networkidle' });
      expect(calls, path).toEqual([]);
    }
    expect(errors).toEqual([]);

    // Hydrated: the header's search runs in the browser (no new document) and loads its results.
    await page.goto(`${apiUrl}/index`, { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('textbox', { name: '搜索关键词' }).fill('舞蹈');
    await page.getByRole('textbox', { name: '搜索关键词' }).press('Enter');
    await page.waitForURL('**/search?keyword=*');
    await expect.poll(() => calls.includes('/api/search')).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
    await browsing.close();
  });

  it("renders an applicant's form with the saved draft, and the editor starts in the browser", async () => {
    const account = newAccount('ssr');
    const password = 'Shanshui#2026';
    const captcha = await fetch(`${apiUrl}/api/verify`);
    const registered = await fetch(`${apiUrl}/api/login/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: captcha.headers.get('set-cookie')?.split(';')[0] ?? '' },
      body: JSON.stringify({ account, password, captcha: captcha.headers.get('x-captcha-answer') }),
    });
    expect(((await registered.json()) as { errno: number }).errno).toBe(200);
    const session = await apiLogin(apiUrl, account, password);

    const applying = await context({ session });
    const page = await applying.newPage();
    const { errors, calls } = watch(page);
    // The call's page with the applicant's status per form, from the server.
    await page.goto(`${apiUrl}/projectDetail?id=6`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: '立即申报' }).first().waitFor();
    expect(calls).toEqual([]);
    await page.goto(`${apiUrl}/application?projectId=6&formId=6`);
    await page.locator('.tox-edit-area iframe').first().waitFor();
    await field(page, '项目名称').fill('原创越剧《西湖梦》');
    await page.getByRole('button', { name: '保存草稿' }).click();
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/草稿已保存/);
    expect(errors).toEqual([]);
    // The header shows the account from the first paint, as the server rendered it.
    const html = await (await fetch(`${apiUrl}/application?projectId=6&formId=6`, { headers: { accept: 'text/html', cookie: `flagship-portal-token=${session.token}; flagship-portal-userinfo=${encodeURIComponent(JSON.stringify(session))}` } })).text();
    expect(html).toContain('原创越剧《西湖梦》');
    expect(html).toContain(account);
    // Links in the page are the browser's (relative), not the address the server calls itself at.
    expect(html).not.toContain('portal.internal');
    // Renders at the same time keep their own sessions (each runs in its own request scope).
    const cookie = `flagship-portal-token=${session.token}; flagship-portal-userinfo=${encodeURIComponent(JSON.stringify(session))}`;
    const pages = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const headers: Record<string, string> = { accept: 'text/html', ...(i % 2 === 0 ? { cookie } : {}) };
        return { mine: i % 2 === 0, html: await (await fetch(`${apiUrl}/index?n=${i}`, { headers })).text() };
      }),
    );
    for (const { mine, html: rendered } of pages) expect(rendered.includes(account), `session ${mine}`).toBe(mine);

    const noScripts = await context({ javaScript: false, session });
    const still = await noScripts.newPage();
    await still.goto(`${apiUrl}/application?projectId=6&formId=6`);
    expect(await field(still, '项目名称').inputValue()).toBe('原创越剧《西湖梦》');
    await still.screenshot({ path: join(artifactsDir, 'server-application-no-scripts.png'), fullPage: true });
    await noScripts.close();
    await applying.close();
  });

  it('leaves guarded pages and failed renders to the browser', async () => {
    const visiting = await context();
    const page = await visiting.newPage();
    // No session: /application is not rendered, the browser's guard sends the visitor to /login.
    const html = await (await fetch(`${apiUrl}/application?projectId=6&formId=6`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<!--app-shell-->');
    await page.goto(`${apiUrl}/application?projectId=6&formId=6`);
    await page.waitForURL('**/login');
    // An unknown notice fails on the server: the plain page goes out, the browser renders it and says so.
    const failed = await (await fetch(`${apiUrl}/policyDetail?id=987654`, { headers: { accept: 'text/html' } })).text();
    expect(failed).toContain('<!--app-shell-->');
    await page.goto(`${apiUrl}/policyDetail?id=987654`);
    await page.getByText('内容不存在').first().waitFor();
    await visiting.close();
  });
});
