import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, openPortal, solveCaptcha, type Portal } from './support';

// Journey 1: a visitor browses home → calls → a notice → an expert → a company → search.
describe('visitor', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(11);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('browses the site without logging in', async () => {
    const { page, url } = portal;
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // No screen of this journey has a rich-text field, so none loads the editor.
    const editorRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/tinymce/')) editorRequests.push(request.url());
    });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const regionRequests = () => requests.filter((path) => path === '/admin/regions').length;
    // As the server serves the portal, each route's HTML links its page chunk (and / is /index),
    // so it loads alongside the entry. (This journey itself runs behind `vite preview`.)
    for (const path of ['/', '/index']) {
      const html = await (await fetch(`${portal.apiUrl}${path}`, { headers: { accept: 'text/html' } })).text();
      // (Where the server rendered the page, /hydrate.js fetches them after the first paint.)
      expect(html).toMatch(/(<link rel="modulepreload" crossorigin href="|data-modules="[^"]*)\/assets\/home-page-[\w-]+\.js/);
    }
    await page.goto(`${url}/`);
    await page.waitForURL('**/index');
    const settings = (await (await fetch(`${portal.apiUrl}/api/setting/index`)).json()) as { data: { siteTitle: string; friendlyLinks: { name: string }[] } };
    const siteTitle = settings.data.siteTitle;
    await expect.poll(() => page.title()).toBe(`首页 - ${siteTitle}`);
    await expect.poll(() => page.getByRole('link', { name: '登录' }).isVisible()).toBe(true);
    expect(await page.locator('.fs-app__header').evaluate((el) => el.getBoundingClientRect().height)).toBe(100);
    for (const link of settings.data.friendlyLinks) {
      expect(await page.getByRole('link', { name: link.name }).getAttribute('target')).toBe('_blank');
    }
    await page.getByRole('heading', { name: '申报中的项目' }).waitFor();
    await checkScreen(page, 'home');

    // At the minimum width of 800 px the header still shows the whole product title.
    await page.setViewportSize({ width: 800, height: 900 });
    const title = page.locator('.fs-header__title');
    expect((await title.boundingBox())?.width).toBeGreaterThan(100);
    expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
    await checkScreen(page, 'home-800');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Base data: on a full load one regions request serves the header and the navigation; then one per navigation.
    requests.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: '申报中的项目' }).waitFor();
    expect(regionRequests()).toBe(1);

    // Calls open for application, with a countdown.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '项目申报' }).click();
    await page.waitForURL('**/declaration');
    await expect.poll(regionRequests).toBe(2);
    await expect.poll(() => page.title()).toBe(`项目申报 - ${siteTitle}`);
    await page.locator('.fs-deadline').first().waitFor();
    expect(await page.locator('.fs-deadline').first().textContent()).toMatch(/距(截止|开始)还有/);
    await checkScreen(page, 'declaration');

    // The project library with a filter.
    await page.goto(`${url}/project?status=open`);
    await page.locator('.fs-card-link').first().waitFor();
    await checkScreen(page, 'project');

    // A notice.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '通知公告' }).click();
    await page.waitForURL('**/policy');
    await page.locator('.fs-list__item').first().waitFor();
    await checkScreen(page, 'policy');
    const noticeTitle = (await page.locator('.fs-list__item').first().locator('p').first().textContent()) ?? '';
    await page.locator('.fs-list__item').first().click();
    await page.waitForURL('**/policyDetail?id=*');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(noticeTitle);
    expect(await page.getByRole('navigation', { name: '面包屑导航' }).textContent()).toContain('公告详情');
    await checkScreen(page, 'policy-detail');

    // An expert.
    await page.goto(`${url}/expert`);
    await page.locator('.fs-card-link').first().waitFor();
    await checkScreen(page, 'expert');
    await page.locator('.fs-card-link').first().click();
    await page.waitForURL('**/expertDetail?id=*');
    await page.getByText('个人简介').waitFor();
    await checkScreen(page, 'expert-detail');

    // A company: the library is open, its details need a login (without the query).
    await page.goto(`${url}/company`);
    await page.locator('.fs-card-link').first().waitFor();
    await checkScreen(page, 'company');
    await page.locator('.fs-card-link').first().click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).search).toBe('');
    // The captcha is a proof-of-work the browser solves, no image to read: ticking the box fetches
    // a challenge from /api/challenge and solves it.
    const challenge = page.waitForResponse((r) => r.url().includes('/api/challenge'));
    await solveCaptcha(page);
    expect((await challenge).status()).toBe(200);
    expect(await page.getByRole('img', { name: '图形验证码' }).count()).toBe(0);
    await checkScreen(page, 'login-captcha-solved');

    // Settings that fail to load: /about says so and loads them again; the footer keeps a copyright line.
    await page.route('**/api/setting/index', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errno: 500, errmsg: '服务器内部错误', data: null }) }),
    );
    await page.goto(`${url}/about`);
    await page.getByRole('button', { name: '重试' }).waitFor();
    expect(await page.locator('.fs-app__footer').textContent()).toContain('©');
    await checkScreen(page, 'about-error');
    await page.unroute('**/api/setting/index');
    await page.getByRole('button', { name: '重试' }).click();

    // Search from the header: an empty keyword does nothing.
    await page.locator('.rich-text').waitFor();
    await checkScreen(page, 'about');
    const search = page.getByRole('textbox', { name: '搜索关键词' });
    await search.fill('   ');
    await search.press('Enter');
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/about');
    await search.fill('艺术');
    await search.press('Enter');
    await page.waitForURL('**/search?keyword=*');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('艺术');
    await page.locator('.fs-list__item').first().waitFor();
    await expect.poll(() => page.getByRole('tab', { name: /全部（\d+）/ }).isVisible()).toBe(true);
    // 全部 is grouped: a section per kind with its count and a link to that kind's tab.
    for (const label of ['项目', '通知公告', '专家', '企业']) {
      await page.getByRole('heading', { name: new RegExp(`^${label}（\\d+）$`) }).waitFor();
    }
    // One request answers every section.
    expect(requests.filter((path) => path === '/api/search')).toHaveLength(1);
    await checkScreen(page, 'search');
    const notices = page.locator('section').filter({ has: page.getByRole('heading', { name: /^通知公告（/ }) });
    await notices.getByRole('link', { name: /^查看全部 \d+ 条/ }).click();
    await page.waitForURL('**type=policy*');
    // The grouped list's items are still on screen for a moment: wait for the tab, then its list.
    await expect.poll(() => page.getByRole('tab', { name: /通知公告/ }).getAttribute('aria-selected')).toBe('true');
    await page.locator('.fs-list__item').first().waitFor();

    // Screens with no data of their own.
    await page.goto(`${url}/construction`);
    await page.getByRole('heading', { name: '栏目建设中' }).waitFor();
    await expect.poll(() => page.title()).toBe(siteTitle);
    await checkScreen(page, 'construction');
    await page.goto(`${url}/no/such/page`);
    await page.waitForURL('**/404');
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    await checkScreen(page, '404');
    // Full page loads show the loading state while the page's chunk loads, without React Router's warning.
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
    expect(editorRequests).toEqual([]);
  });
});
