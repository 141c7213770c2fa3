import { totpCodes } from '@flagship/testing/totp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, field, login, messagesOnScreen, newAccount, openPortal, register, solveCaptcha, type Portal } from './support';

// Optional two-factor sign-in for applicants (issue 16): turned on under 账号安全 on /personal.

const PASSWORD = 'Liangbu#Yanzheng26';
const freshCode = totpCodes();

async function bothWidths(page: Page, name: string) {
  await checkScreen(page, `${name}-1280`);
  await page.setViewportSize({ width: 800, height: 1000 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Sign out in this browser (the cookies hold the session) and give account and password: the second step follows. */
async function passwordStep(page: Page, url: string, account: string) {
  await page.context().clearCookies();
  await page.goto(`${url}/login`);
  await page.locator('button[type="submit"]:not([data-loading])', { hasText: '登录' }).waitFor();
  await field(page, '账号').fill(account);
  await field(page, '密码').fill(PASSWORD);
  await solveCaptcha(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('heading', { name: '两步验证' }).waitFor();
}

async function finishSignIn(page: Page) {
  await page.getByRole('button', { name: '验证并登录' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login')).catch(async (error: Error) => {
    throw new Error(`${error.message}\non screen: ${(await messagesOnScreen(page)).join(' | ')}`);
  });
}

describe('two-factor sign-in for applicants', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(63);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('turns TOTP on, signs in with a code and with a recovery code (once only), and turns it off', async () => {
    const { page, url } = portal;
    const account = newAccount('totp');
    await register(page, url, account, PASSWORD);
    await login(page, url, account, PASSWORD);
    await page.goto(`${url}/personal`);
    const section = page.getByRole('region', { name: '账号安全 · 两步验证' });
    await section.getByText('未启用', { exact: true }).waitFor();

    // Enrol: QR code and secret; a wrong code is refused on its field.
    await section.getByRole('button', { name: '启用两步验证' }).click();
    const secret = (await section.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(section.getByRole('img', { name: /两步验证二维码/ }).isVisible()).resolves.toBe(true);
    await field(page, '一次性验证码').fill('000000');
    await section.getByLabel('登录密码').fill(PASSWORD);
    await section.getByRole('button', { name: '确认启用' }).click();
    await section.getByText('一次性验证码错误或已使用', { exact: false }).waitFor();
    await bothWidths(page, 'two-factor-enrol');

    await field(page, '一次性验证码').fill(await freshCode(secret));
    await section.getByRole('button', { name: '确认启用' }).click();
    const shown = section.getByTestId('recovery-codes');
    await shown.waitFor();
    const recoveryCodes = (await shown.locator('code').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await bothWidths(page, 'two-factor-recovery-codes');
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: '下载恢复码' }).click();
    expect((await download).suggestedFilename()).toBe('两步验证恢复码.txt');
    await section.getByRole('button', { name: '我已保存' }).click();
    await section.getByText('已启用', { exact: true }).waitFor();
    await section.getByText('剩余恢复码 10 个', { exact: false }).waitFor();
    await bothWidths(page, 'two-factor-enabled');

    // Signed out: the password leads to the second step; a code from the app signs in.
    await passwordStep(page, url, account);
    await bothWidths(page, 'two-factor-login');
    await field(page, '一次性验证码').fill(await freshCode(secret));
    await finishSignIn(page);

    // A recovery code instead.
    await passwordStep(page, url, account);
    await page.getByRole('button', { name: '无法使用验证器？使用恢复码' }).click();
    await field(page, '恢复码').fill(recoveryCodes[0]!);
    await finishSignIn(page);

    // The same recovery code a second time is refused; a code from the app still works.
    await passwordStep(page, url, account);
    await page.getByRole('button', { name: '无法使用验证器？使用恢复码' }).click();
    await field(page, '恢复码').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.getByText('恢复码错误或已使用', { exact: true }).first().waitFor();
    await bothWidths(page, 'two-factor-recovery-refused');
    await page.getByRole('button', { name: '改用验证器中的验证码' }).click();
    await field(page, '一次性验证码').fill(await freshCode(secret));
    await finishSignIn(page);

    // Off, with the password: the next sign-in needs only the password.
    await page.goto(`${url}/personal`);
    await section.getByText('剩余恢复码 9 个', { exact: false }).waitFor();
    await section.getByRole('textbox', { name: /^登录密码/ }).fill('not-my-password');
    await section.getByRole('button', { name: '停用两步验证' }).click();
    await section.getByText('密码不正确', { exact: true }).waitFor();
    await section.getByRole('textbox', { name: /^登录密码/ }).fill(PASSWORD);
    await section.getByRole('button', { name: '停用两步验证' }).click();
    await section.getByText('未启用', { exact: true }).waitFor();
    await page.context().clearCookies();
    await login(page, url, account, PASSWORD);
  });
});
