import { totpCodes } from '@flagship/testing/totp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, field, openBrowser, solveCaptcha, type Browsers } from './support';

// Two-factor sign-in (issue 16), on a server of its own: it changes the admin's account and the settings.

const ADMIN = { account: 'admin', password: 'Flagship@2026' };
// A demo expert: a staff account without two-factor sign-in.
const EXPERT = { account: 'zhou.yaning@example.org', password: 'Expert@2026' };
const WIDE = { width: 1280, height: 900 };
const TABLET = { width: 800, height: 1100 };

async function bothWidths(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await checkScreen(page, `${name}-1280`);
  await page.setViewportSize(TABLET);
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize(WIDE);
}

/** The password step of the login form; stops where the second step (or the console) begins. */
async function passwordStep(page: Page, url: string, account: string, password: string) {
  await page.goto(`${url}/console/login`);
  await field(page, '账号').fill(account);
  await field(page, '密码').fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

/** A code for a later time step than any used so far (a step is accepted once per account). */
const freshCode = totpCodes();

describe('two-factor sign-in in the console', () => {
  let browsers: Browsers;
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    browsers = await openBrowser({ ownServer: true });
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('the admin enables two-factor sign-in on 账号安全 and is shown 10 recovery codes', async () => {
    const { page } = await browsers.open();
    await consoleLogin(page, browsers.url, ADMIN.account, ADMIN.password);
    await page.getByRole('navigation', { name: '功能导航' }).getByRole('link', { name: '账号安全' }).click();
    await page.getByRole('button', { name: '开始设置' }).click();
    await page.getByRole('img', { name: /两步验证二维码/ }).waitFor();
    secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await bothWidths(page, 'console-two-factor-enrol');
    await field(page, '一次性验证码').fill(await freshCode(secret));
    await page.getByRole('button', { name: '确认启用' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    recoveryCodes = (await codes.locator('code').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await bothWidths(page, 'console-two-factor-recovery-codes');
    await page.getByRole('button', { name: '我已保存' }).click();
    await page.getByText('已启用', { exact: true }).waitFor();
    await bothWidths(page, 'console-two-factor-enabled');
    await page.context().close();
  });

  it('signs in with a TOTP code from the authenticator, then once with a recovery code (not twice)', async () => {
    const { page } = await browsers.open();
    await passwordStep(page, browsers.url, ADMIN.account, ADMIN.password);
    await field(page, '一次性验证码').waitFor();
    await bothWidths(page, 'console-login-second-step');
    await field(page, '一次性验证码').fill('000000');
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.getByText(/验证码错误/).first().waitFor();
    await field(page, '一次性验证码').fill(await freshCode(secret));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.waitForURL('**/console/dashboard');
    await signOut(page);

    await passwordStep(page, browsers.url, ADMIN.account, ADMIN.password);
    await page.getByRole('button', { name: '使用恢复码' }).click();
    await field(page, '恢复码').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.waitForURL('**/console/dashboard');
    await signOut(page);

    await passwordStep(page, browsers.url, ADMIN.account, ADMIN.password);
    await page.getByRole('button', { name: '使用恢复码' }).click();
    await field(page, '恢复码').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.getByText('恢复码错误或已使用').waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/login');
    await page.context().close();
  });

  it('the admin requires two-factor sign-in of staff: an expert is sent to enrolment', async () => {
    const { page } = await browsers.open();
    await passwordStep(page, browsers.url, ADMIN.account, ADMIN.password);
    await field(page, '一次性验证码').fill(await freshCode(secret));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.waitForURL('**/console/dashboard');
    await page.getByRole('navigation', { name: '功能导航' }).getByRole('link', { name: '站点设置' }).click();
    const required = page.getByRole('switch', { name: '工作人员必须启用两步验证' });
    // By keyboard: the switch sits just above the sticky save bar.
    await required.focus();
    await page.keyboard.press('Space');
    expect(await required.isChecked()).toBe(true);
    await bothWidths(page, 'console-settings-two-factor');
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('操作成功').first().waitFor();
    await page.context().close();

    const expert = await browsers.open();
    await passwordStep(expert.page, browsers.url, EXPERT.account, EXPERT.password);
    await expert.page.waitForURL('**/console/security');
    await expert.page.getByText('请先启用两步验证').waitFor();
    await bothWidths(expert.page, 'console-two-factor-required');
    // Anything else is refused by the server until enrolment is done.
    await expert.page.goto(`${browsers.url}/console/reviews`);
    await expert.page.getByText(/启用两步验证/).first().waitFor();
    await expert.page.context().close();
  });
});
