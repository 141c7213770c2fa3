import { createApiClient, createMemorySessionStore, creditCodeCheckChar, type ApiClient } from '@flagship/api-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, staffToken } from './calls';
import { checkScreen, field, login, newAccount, openPortal, readOutbox, register, solveCaptcha, type Portal } from './support';

// Issue 13, defects 5, 8, 9, 13, 15 and 16 (rest): what guides an applicant through a form and
// keeps them informed: the reviewer's comment on a returned form, a header badge that follows
// staff's decision, toasts that leave the header free, scrolling to the first error of any kind of
// field, one site name, a confirmation of each submission, a carousel that can be paused, and the
// password page inside the personal centre.

const PASSWORD = 'Qingshan#2026';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SITE_TITLE = '浙江省艺术精品工程在线申报平台';
const HEADER_HEIGHT = 100;

/** An SDK client on the portal session the browser holds. */
async function apiOf(portal: Portal): Promise<ApiClient> {
  const cookies = await portal.context.cookies(portal.url);
  const token = decodeURIComponent(cookies.find((c) => c.name === 'flagship-portal-token')?.value ?? '');
  const info = JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'flagship-portal-userinfo')?.value ?? '{}')) as { id: number; account: string };
  const session = createMemorySessionStore();
  session.set({ token, id: info.id, account: info.account, enterprise_authentication_status: null });
  return createApiClient({ baseUrl: portal.apiUrl, session, policy: { reload: () => {} } });
}

/** Screenshots and axe at 1280 and 800 px. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 800, height: 900 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** True when the element's box is inside the viewport. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });
}

describe('guiding the applicant through forms and decisions', () => {
  let portal: Portal;
  let account: string;
  let api: ApiClient;
  let staff: string;

  beforeAll(async () => {
    portal = await openPortal(59);
    account = newAccount('guide');
    staff = await staffToken(portal.apiUrl);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('keeps toasts below the header and closes a failed login’s toast once logged in', async () => {
    const { page, url } = portal;
    await register(page, url, account, PASSWORD);
    await field(page, '账号').fill(account);
    await field(page, '密码').fill('wrong-password-1');
    await solveCaptcha(page);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    await page.locator('.mantine-InputWrapper-error', { hasText: '账号或密码错误' }).waitFor();
    const box = await page.locator('.mantine-Notifications-root').first().boundingBox();
    expect(box?.y ?? 0).toBeGreaterThanOrEqual(HEADER_HEIGHT);

    await login(page, url, account, PASSWORD);
    // On a page with the header: its controls stay free, and the failed login's toast is gone.
    await page.goto(`${url}/index`);
    await page.getByRole('button', { name: '账户菜单' }).waitFor();
    await expect.poll(() => page.locator('.mantine-Notification-root').count()).toBe(0);
    api = await apiOf(portal);
  });

  it('pauses the home carousel with its button, and on hover', async () => {
    const { page } = portal;
    const hero = page.locator('section.fs-hero');
    await page.mouse.move(5, 890);
    await expect.poll(() => hero.getAttribute('data-rotating')).toBe('true');
    await page.getByRole('button', { name: '暂停轮播' }).click();
    await page.getByRole('button', { name: '继续轮播' }).waitFor();
    await page.mouse.move(5, 890);
    expect(await hero.getAttribute('data-rotating')).toBeNull();
    await page.getByRole('button', { name: '继续轮播' }).click();
    // The focus on the button holds it too: move both away.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 890);
    await expect.poll(() => hero.getAttribute('data-rotating')).toBe('true');
    await hero.hover();
    await expect.poll(() => hero.getAttribute('data-rotating')).toBeNull();
    // The site's one name: header, title and meta description.
    expect(await page.title()).toContain(SITE_TITLE);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(SITE_TITLE);
    await bothWidths(page, 'home-carousel-paused');
  });

  it('sends the server-rendered page with the site name in its meta description', async () => {
    const html = await (await fetch(`${portal.apiUrl}/index`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(`<meta name="description" content="${SITE_TITLE}`);
    expect(html).toMatch(new RegExp(`<title>[^<]*${SITE_TITLE}</title>`));
  });

  it('keeps the personal centre’s sidebar on the password page', async () => {
    const { page, url } = portal;
    await page.goto(`${url}/personal`);
    await page.getByRole('navigation', { name: '个人中心导航' }).getByRole('link', { name: '修改密码' }).click();
    await page.waitForURL('**/reset');
    await page.getByRole('navigation', { name: '个人中心导航' }).waitFor();
    await field(page, '原密码').waitFor();
    await bothWidths(page, 'reset-in-user-centre');
  });

  it('brings the first error into view on /addCompany, a file field included', async () => {
    const { page, url } = portal;
    await page.goto(`${url}/addCompany`);
    await field(page, '企业名称').waitFor();
    await page.locator('.tox-edit-area iframe').first().waitFor();
    // Everything but the licence: the only error is the file field's, far from the submit button.
    await field(page, '企业名称').fill('杭州钱塘潮文化演艺有限公司');
    const code17 = '91330102MA2KX7P5Q';
    await field(page, '统一社会信用代码').fill(code17 + creditCodeCheckChar(code17));
    await page.getByRole('combobox', { name: '企业类型' }).click();
    await page.getByRole('option', { name: '有限责任公司' }).click();
    await field(page, '法定代表人').fill('沈清和');
    await page.getByRole('combobox', { name: '所在地区' }).click();
    await page.getByRole('combobox', { name: '所在地区' }).fill('莲都');
    await page.getByRole('option', { name: /丽水市.*莲都区/ }).click();
    await field(page, '详细地址').fill('丽水市莲都区人民街 1 号');
    await field(page, '联系人').fill('沈清和');
    await field(page, '联系电话').fill('0571-87000101');
    await page.getByRole('button', { name: '提交认证' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: '提交认证' }).click();
    await page.getByText('请上传营业执照').waitFor();
    await expect.poll(() => inView(page, '[aria-label="上传营业执照"]')).toBe(true);

    // An empty form: the first field is brought back into view from the bottom of the page.
    await page.reload();
    await field(page, '企业名称').waitFor();
    await page.getByRole('button', { name: '提交认证' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: '提交认证' }).click();
    await page.getByText('请输入企业名称').waitFor();
    await expect.poll(() => inView(page, 'input[aria-invalid="true"]')).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
  });

  it('refreshes the header’s authentication badge once staff decide', async () => {
    const { page, url } = portal;
    const licence = await api.files.upload({ file: new Blob([new Uint8Array(PNG)], { type: 'image/png' }), name: '营业执照.png' });
    const district = (await api.base.regions()).find((r) => r.level === 3)!;
    const code17 = '91330102MA2KX7P6R';
    const submitted = await api.enterprise.submitAuthentication({
      enterpriseName: '杭州西溪文化演艺有限公司',
      creditCode: code17 + creditCodeCheckChar(code17),
      type: '有限责任公司',
      legalRepresentative: '沈清和',
      regionId: district.id,
      address: '西湖区文三路 1 号',
      contactName: '沈清和',
      contactPhone: '0571-87000102',
      licenseFiles: [licence.id],
    });
    await page.goto(`${url}/index`);
    const badge = async () => {
      await page.getByRole('button', { name: '账户菜单' }).click();
      const item = page.getByRole('menuitem', { name: /企业认证/ });
      await item.waitFor();
      const text = (await item.textContent()) ?? '';
      await page.keyboard.press('Escape');
      return text;
    };
    // A navigation inside the portal asks the server (the page load itself does not).
    await page.getByRole('link', { name: '通知公告' }).first().click();
    await page.waitForURL('**/policy');
    await expect.poll(badge, { timeout: 20_000 }).toContain('认证中');

    await apiCall(portal.apiUrl, `/api/console/authentication/${submitted.id}/approve`, { method: 'POST', token: staff, body: {} });
    // The applicant comes back to the window (at most one check per 10 s): the badge follows.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('focus')));
          return badge();
        },
        { timeout: 20_000, interval: 2_000 },
      )
      .toContain('已认证');
  });

  it('shows the error summary and scrolls to a rich-text field, confirms a submission by e-mail, and shows 审核意见 on a returned form', async () => {
    const { page, url } = portal;
    const iso = (ms: number) => new Date(ms).toISOString();
    const call = { title: `退回修改测试项目 ${Date.now().toString(36)}`, applyStart: iso(Date.now() - 86_400_000), applyEnd: iso(Date.now() + 7 * 86_400_000) };
    const project = await apiCall<{ id: number }>(portal.apiUrl, '/api/console/project', { method: 'POST', token: staff, body: call });
    const form = await apiCall<{ id: number }>(portal.apiUrl, `/api/console/project/${project.id}/form`, {
      method: 'POST',
      token: staff,
      body: {
        title: '申报书',
        fields: [
          { key: 'plan', kind: 'richText', label: '实施方案', required: true },
          { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 50 },
        ],
      },
    });
    await apiCall(portal.apiUrl, `/api/console/project/${project.id}/publish`, { method: 'POST', token: staff, body: { published: true } });

    await page.goto(`${url}/application?projectId=${project.id}&formId=${form.id}`);
    await page.locator('.tox-edit-area iframe').first().waitFor();
    await field(page, '项目名称').fill('《钱塘潮》');
    await page.getByRole('button', { name: '提交申报' }).click();
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    expect(await summary.getAttribute('role')).toBe('alert');
    await summary.getByRole('link', { name: '实施方案' }).waitFor();
    await expect.poll(() => inView(page, '#field-plan .tox-tinymce')).toBe(true);
    await bothWidths(page, 'application-error-summary');

    // Sent through the API with the text the editor would save; the form page then reads it.
    const saved = await api.project.form({ projectId: project.id, formId: form.id });
    const sent = await api.apply.save({ projectId: project.id, formId: form.id, version: saved.apply?.version ?? 0, submit: true, data: { plan: '<p>三幕结构。</p>', projectName: '《钱塘潮》' } });
    await expect.poll(() => readOutbox(account) ?? '', { timeout: 10_000 }).toContain('申报已提交');
    const mail = readOutbox(account) ?? '';
    expect(mail).toContain(`申报编号：${sent.serialNumber}`);
    expect(mail).toContain('北京时间');
    expect(mail).toContain(SITE_TITLE);

    await apiCall(portal.apiUrl, `/api/console/apply/${sent.id}/review`, { method: 'POST', token: staff, body: { status: 'returned', message: '请补充演出场次和预算说明。' } });
    await page.goto(`${url}/application?projectId=${project.id}&formId=${form.id}`);
    const review = page.getByRole('region', { name: '审核意见' });
    await review.waitFor();
    expect(await review.textContent()).toContain('请补充演出场次和预算说明。');
    // It stands at the top of the form, before the first field.
    const reviewBox = await review.boundingBox();
    const firstField = await page.locator('#field-plan').boundingBox();
    expect(reviewBox!.y).toBeLessThan(firstField!.y);
    await bothWidths(page, 'application-returned');
  });
});
