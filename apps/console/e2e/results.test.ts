import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, openBrowser, unique, type Browsers, type Session } from './support';

// Issue 14: staff prepare a call's 立项公示 from its approved applications, set an amount, preview it
// as the portal will show it, publish it, and withdraw it with a reason.
describe('results announcements in the console', () => {
  let browsers: Browsers;
  let staff: Session;

  beforeAll(async () => {
    browsers = await openBrowser();
    staff = await browsers.open();
    await consoleLogin(staff.page, browsers.url);
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('prepares from approved applications, edits an amount, previews, publishes and withdraws with a reason', async () => {
    const { page } = staff;
    const { url } = browsers;
    // A demo call with an approved application, asked of the API with the staff session's token.
    const token = (await page.context().cookies()).find((c) => c.name === 'flagship-console-token')?.value ?? '';
    const projectId = await page.evaluate(async (authkey) => {
      const get = async <T,>(path: string) => ((await (await fetch(path, { headers: { authkey } })).json()) as { data: T }).data;
      const calls = await get<{ list: { id: number }[] }>('/api/console/project?page=1&pageSize=100');
      for (const call of calls.list) {
        const approved = await get<{ list: unknown[] }>(`/api/console/project/${call.id}/apply?status=approved&page=1&pageSize=1`);
        if (approved.list.length > 0) return call.id;
      }
      return 0;
    }, token);
    expect(projectId, 'a call with an approved application').toBeGreaterThan(0);

    await page.goto(`${url}/console/projects/${projectId}`);
    await page.getByRole('link', { name: '立项公示' }).click();
    await page.waitForURL(new RegExp(`/console/projects/${projectId}/results$`));
    await page.getByRole('heading', { name: '立项公示', level: 1 }).waitFor();
    await page.getByRole('button', { name: '从审核通过的申报编制公示' }).waitFor();
    await page.waitForLoadState('networkidle');
    const before = await page.locator('.mantine-Paper-root').count();

    await page.getByRole('button', { name: '从审核通过的申报编制公示' }).click();
    await page.getByText('已从审核通过的申报编制公示草稿').waitFor();
    await expect.poll(() => page.locator('.mantine-Paper-root').count()).toBe(before + 1);
    // The new draft comes first.
    const draft = page.locator('.mantine-Paper-root').filter({ has: page.getByText('草稿', { exact: true }) }).first();
    const title = unique('立项公示E2E');
    await draft.getByRole('textbox', { name: '公示标题' }).fill(title);
    await draft.getByRole('textbox', { name: '联系方式' }).fill('项目办 0571-88880000');
    const amount = draft.getByRole('textbox', { name: /的资助金额（元）$/ }).first();
    const itemTitle = ((await amount.getAttribute('aria-label')) ?? '').replace(/^「(.*)」的资助金额（元）$/, '$1');
    expect(itemTitle).not.toBe('');
    await amount.fill('123456.5');
    await draft.getByRole('button', { name: '保存草稿' }).click();
    await page.getByText('已保存').first().waitFor();

    // The preview is the portal's notice: its title, the category badge, the period, the table.
    // The screen's own button, not the editor's toolbar button of the same name.
    await draft.locator('button.mantine-Button-root').filter({ hasText: /^预览$/ }).click();
    const preview = draft.getByRole('region', { name: /公示预览/ });
    await preview.getByRole('heading', { name: title, level: 3 }).waitFor();
    await preview.getByText('立项公示', { exact: true }).waitFor();
    await preview.getByText(/异议期：\d{4}-\d\d-\d\d \d\d:\d\d 至 \d{4}-\d\d-\d\d \d\d:\d\d（北京时间）/).waitFor();
    await preview.getByText('联系方式：').waitFor();
    const row = preview.getByRole('row').filter({ hasText: itemTitle });
    await expect.poll(() => row.textContent()).toContain('123,456.50');
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await checkScreen(page, `console-results-preview-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    await draft.getByRole('button', { name: '发布' }).click();
    await page.getByText('已发布，并已通知列入公示的申报人').waitFor();
    const published = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: title, level: 2 }) });
    await published.getByText('已发布', { exact: true }).waitFor();
    const notice = published.getByRole('link', { name: '查看' });
    expect(await notice.getAttribute('href')).toMatch(/^\/policyDetail\?id=\d+$/);

    // The portal's notice holds the amount as set.
    const noticePage = await page.context().newPage();
    await noticePage.goto(`${url}${await notice.getAttribute('href')}`);
    await noticePage.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await noticePage.getByRole('row').filter({ hasText: itemTitle }).textContent()).toContain('123,456.50');

    // Withdrawing asks for a reason, then keeps it on the announcement and on the notice.
    await published.getByRole('button', { name: '撤回公示' }).click();
    await page.getByText('请填写撤回原因').first().waitFor();
    await published.getByRole('textbox', { name: '撤回原因' }).fill('资助金额核定有误，更正后重新公示');
    await published.getByRole('button', { name: '撤回公示' }).click();
    await page.getByText('已撤回，公告显示为已撤回及原因').waitFor();
    // In the notice above and in the preview, which now shows the withdrawn notice.
    await expect.poll(() => published.getByText('撤回原因：资助金额核定有误，更正后重新公示').count()).toBe(2);
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await checkScreen(page, `console-results-withdrawn-${width}`);
    }
    await noticePage.reload();
    await noticePage.getByText('撤回原因：资助金额核定有误，更正后重新公示').waitFor();
    await noticePage.close();
  });
});
