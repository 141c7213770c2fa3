import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, staffToken } from './calls';
import { checkScreen, field, login, newAccount, openPortal, register, type Portal } from './support';

// Issue 13, defects 6, 7, 14 and parts of 16: deadlines said in Beijing time (read in New York),
// an amount over the maximum kept as typed, the file picker narrowed to the field's types, a
// renamed text file refused for what it is, a call without a budget, the print view's table, and
// the status of an unknown address.

/** The Beijing calendar day `days` from today, `YYYY-MM-DD`. */
const beijingDay = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const LONG_EMAIL = 'chief.coordinator.of.the.stage.art.programme@qiantang-river-performing-arts-centre.example.org';

async function screens(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 800, height: 900 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('what the applicant reads and types', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(44);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('says Beijing time with every deadline, keeps an amount as typed, narrows and explains uploads, prints long values', async () => {
    const { url, apiUrl, browser } = portal;
    const staff = await staffToken(apiUrl);
    // Opens yesterday 09:00 and closes the day after tomorrow 17:30, Beijing time; no budget set.
    const [opens, closes] = [beijingDay(-1), beijingDay(2)];
    const title = `时区显示测试项目 ${Date.now().toString(36)}`;
    const project = await apiCall<{ id: number }>(apiUrl, '/api/console/project', {
      method: 'POST',
      token: staff,
      body: { title, applyStart: `${opens}T09:00:00+08:00`, applyEnd: `${closes}T17:30:00+08:00` },
    });
    const form = await apiCall<{ id: number }>(apiUrl, `/api/console/project/${project.id}/form`, {
      method: 'POST',
      token: staff,
      body: {
        title: '时区测试申报书',
        fields: [
          { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 50 },
          { key: 'contactEmail', kind: 'email', label: '联系邮箱' },
          { key: 'amount', kind: 'money', label: '申请资助金额（元）', required: true, min: 10_000, max: 300_000 },
          {
            key: 'team',
            kind: 'table',
            label: '主创团队',
            columns: [
              { key: 'name', kind: 'text', label: '姓名' },
              { key: 'role', kind: 'text', label: '担任职务' },
              { key: 'title', kind: 'text', label: '职称' },
              { key: 'organisation', kind: 'text', label: '工作单位' },
              { key: 'mobile', kind: 'mobile', label: '联系电话' },
              { key: 'email', kind: 'email', label: '电子邮箱' },
            ],
          },
          { key: 'scan', kind: 'file', label: '申报书扫描件', accept: ['.pdf'] },
          { key: 'photo', kind: 'image', label: '剧照' },
        ],
      },
    });
    await apiCall(apiUrl, `/api/console/project/${project.id}/publish`, { method: 'POST', token: staff, body: { published: true } });

    const account = newAccount('zone');
    await register(portal.page, url, account, 'Qingshan#2026');
    await login(portal.page, url, account, 'Qingshan#2026');
    // The same applicant in a browser in New York: the times must still read as Beijing time, and say so.
    const newYork = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', timezoneId: 'America/New_York' });
    await newYork.addCookies(await portal.context.cookies());
    const page = await newYork.newPage();
    const period = `${opens} 09:00 至 ${closes} 17:30，北京时间（UTC+8）`;

    // The list of calls: date, time and zone, and no amount for a call without a budget.
    await page.goto(`${url}/project?keyword=${encodeURIComponent(title)}`);
    const card = page.locator('.fs-card-link').filter({ hasText: title });
    await card.waitFor();
    expect(await card.getByTestId('project-period').textContent()).toBe(`申报时间：${period}`);
    expect(await card.textContent()).toContain('资助额度：—');
    expect(await card.textContent()).not.toContain('0.00 元');
    await screens(page, 'zone-project-list');

    // The call's page.
    await page.goto(`${url}/projectDetail?id=${project.id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await page.getByTestId('project-period').textContent()).toBe(period);
    await screens(page, 'zone-project-detail');

    // The home page's open calls: the cut-off time with its zone.
    await page.goto(`${url}/index`);
    await expect.poll(() => page.getByText(/^截止 \d{4}-\d\d-\d\d \d\d:\d\d 北京时间（UTC\+8）$/).count()).toBeGreaterThan(0);
    expect(await page.getByText(/^截止 \d{4}-\d\d-\d\d$/).count()).toBe(0);
    await screens(page, 'zone-home');

    // The form: an amount over the maximum stays as typed, with the rule said in Chinese.
    await page.goto(`${url}/application?projectId=${project.id}&formId=${form.id}`);
    await field(page, '项目名称').fill('原创越剧《钱塘潮》');
    await field(page, '申请资助金额（元）').fill('500000');
    await field(page, '申请资助金额（元）').blur();
    await page.getByText('「申请资助金额（元）」不能大于 300000 元').waitFor();
    expect(await field(page, '申请资助金额（元）').inputValue()).toBe('500,000');

    // The picker offers only the field's types; a text file named .pdf is refused for what it is.
    expect(await page.locator('[aria-label="上传申报书扫描件"] input[type=file]').getAttribute('accept')).toBe('.pdf');
    expect(await page.locator('[aria-label="上传剧照"] input[type=file]').getAttribute('accept')).toBe('image/jpeg,image/png,image/gif,image/webp');
    await page.locator('[aria-label="上传申报书扫描件"] input[type=file]').setInputFiles({ name: '申报书扫描件.pdf', mimeType: 'application/pdf', buffer: Buffer.from('这只是一个改了扩展名的文本文件。\n') });
    const refused = page.getByText('「申报书扫描件.pdf」未能上传（文件内容与扩展名不符：该文件不是有效的 PDF 文件）');
    await refused.waitFor();
    await screens(page, 'zone-application-errors');
    // The form's bar stays at the window's foot: the refusal, scrolled to, as the applicant sees it.
    await refused.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: 'artifacts/zone-upload-refused.png' });

    // Long values in the print view: the e-mail address wraps inside its cell, 序号 stays on one line.
    await field(page, '申请资助金额（元）').fill('200000');
    await field(page, '联系邮箱').fill(LONG_EMAIL);
    await page.getByRole('button', { name: '添加一行' }).click();
    await page.getByLabel('主创团队第 1 行姓名').fill('林书远');
    await page.getByLabel('主创团队第 1 行担任职务').fill('总导演兼艺术总监');
    await page.getByLabel('主创团队第 1 行工作单位').fill('浙江省钱塘江演艺集团有限公司');
    await page.getByLabel('主创团队第 1 行电子邮箱').fill(LONG_EMAIL);
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/草稿已保存/);
    const token = (await newYork.cookies()).find((c) => c.name === 'flagship-portal-token')?.value ?? '';
    const saved = await apiCall<{ apply: { id: number } }>(apiUrl, `/api/project/${project.id}/form/${form.id}`, { token });
    await page.goto(`${url}/print?ids=${saved.apply.id}`);
    await page.locator('.fs-print__sheet').waitFor();
    await page.getByText(LONG_EMAIL).first().waitFor();
    const layout = () =>
      page.evaluate(() => {
        const cells = [...document.querySelectorAll<HTMLElement>('.fs-apply-view td, .fs-apply-view th')];
        const overflowing = cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => `${cell.textContent}: ${cell.scrollWidth} > ${cell.clientWidth}`);
        const index = document.querySelector('.fs-apply-view th.fs-index-cell');
        const range = document.createRange();
        if (index) range.selectNodeContents(index);
        const indexLines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        return { overflowing, indexLines };
      });
    expect(await layout()).toEqual({ overflowing: [], indexLines: 1 });
    await screens(page, 'zone-print');
    await page.emulateMedia({ media: 'print' });
    expect(await layout()).toEqual({ overflowing: [], indexLines: 1 });
    await page.screenshot({ path: 'artifacts/zone-print-media.png', fullPage: true });
    await newYork.close();
  }, 180_000);

  it('answers an unknown address with the not-found page and status 404', async () => {
    const { apiUrl } = portal;
    const page = (path: string) => fetch(`${apiUrl}${path}`, { headers: { accept: 'text/html' } });
    for (const path of ['/no/such/page', '/projectDetails?id=6', '/404']) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    }
    for (const path of ['/', '/index', '/project?page=2', '/Project/']) expect((await page(path)).status, path).toBe(200);
  });
});
