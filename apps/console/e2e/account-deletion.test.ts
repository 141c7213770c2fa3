import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, field, openBrowser, outboxFor, portalLogin, register, unique, type Browsers, type Session } from './support';

// Issue 16 (PIPL): an applicant asks for deletion on the portal; an admin carries it out in the
// console; and the retention periods staff set in 站点设置.
describe('account deletion requests and retention', () => {
  let browsers: Browsers;
  let staff: Session;
  let applicant: Session;
  const account = `${unique('erase')}@example.com`;
  const password = 'Qingshan#2026';

  beforeAll(async () => {
    browsers = await openBrowser();
    staff = await browsers.open();
    applicant = await browsers.open();
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('an admin sees the request with what the person holds and carries it out; the person can no longer sign in', async () => {
    const { url } = browsers;
    const { page: portal } = applicant;
    await register(portal, url, account, password);
    await portalLogin(portal, url, account, password);
    await portal.goto(`${url}/personal`);
    await portal.getByRole('button', { name: '申请注销账号' }).click();
    await portal.getByRole('dialog').getByLabel('登录密码').fill(password);
    await portal.getByRole('button', { name: '确认申请注销' }).click();
    await portal.getByText('注销申请处理中').waitFor();

    const { page } = staff;
    await consoleLogin(page, url);
    await page.getByRole('navigation', { name: '功能导航' }).getByRole('link', { name: '注销账号申请' }).click();
    await page.waitForURL('**/console/account-deletions');
    const row = page.getByRole('row').filter({ hasText: account });
    await row.waitFor();
    await expect(row.getByText('草稿 0 · 审核中 0').isVisible()).resolves.toBe(true);
    await checkScreen(page, 'console-account-deletions');
    await page.setViewportSize({ width: 800, height: 900 });
    await checkScreen(page, 'console-account-deletions-800');
    await page.setViewportSize({ width: 1280, height: 900 });

    await row.getByRole('button', { name: `执行注销：${account}` }).click();
    const dialog = page.getByRole('dialog', { name: '执行注销' });
    await dialog.waitFor();
    await checkScreen(page, 'console-account-deletion-confirm');
    await dialog.getByRole('button', { name: '确认注销' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('没有待处理的注销申请').waitFor();

    await page.locator('label').filter({ hasText: /^已注销$/ }).click();
    const done = page.getByRole('row').filter({ hasText: '已注销用户#' }).first();
    await done.waitFor();
    await checkScreen(page, 'console-account-deletions-done');
    expect(await page.getByRole('row').filter({ hasText: account }).count()).toBe(0);
    expect(outboxFor(account).some((m) => m.includes('账号已注销'))).toBe(true);

    // The portal session has ended.
    await portal.goto(`${url}/personal`);
    await portal.waitForURL((u) => u.pathname.startsWith('/login'), { timeout: 15_000 }).catch(() => undefined);
    await expect(portal.getByRole('button', { name: '申请注销账号' }).count()).resolves.toBe(0);
  });

  it('staff set retention periods; the form names the field and range and says what will happen', async () => {
    const { page } = staff;
    await page.goto(`${browsers.url}/console/settings`);
    const days = field(page, '草稿保留天数');
    await days.waitFor();
    await days.fill('0');
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('应为 1 到 3650 之间的整数（天）').first().waitFor();
    await days.fill('30');
    await page.getByText('删除申报已截止超过 30 天的项目中从未提交的草稿', { exact: false }).waitFor();
    await field(page, '未引用文件保留小时数').fill('48');
    await page.getByText('在上传 48 小时后删除', { exact: false }).waitFor();
    await checkScreen(page, 'console-settings-retention');
    await page.setViewportSize({ width: 800, height: 900 });
    await checkScreen(page, 'console-settings-retention-800');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('站点设置已保存').waitFor();
    await page.reload();
    await expect(field(page, '草稿保留天数').inputValue()).resolves.toBe('30');
    // Back to the defaults, so the other journeys' drafts stay.
    await field(page, '草稿保留天数').fill('');
    await field(page, '未引用文件保留小时数').fill('');
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('站点设置已保存').waitFor();
    await page.getByText('草稿：不自动删除。').waitFor();
  });
});
