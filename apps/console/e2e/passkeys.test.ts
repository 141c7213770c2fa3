import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, field, openBrowser, solveCaptcha, type Browsers } from './support';

// Passkeys (issue 16) in real Chromium with its virtual authenticator (CDP WebAuthn domain), on a
// server of its own. The relying party is CONSOLE_URL's host, by default localhost: WebAuthn refuses
// IP addresses, so the browser uses http://localhost:<port> here.

// A demo expert: passkeys are for experts as well as staff.
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

/** A platform authenticator with user verification (like a laptop's fingerprint reader) for this page. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

describe('passkeys in the console', () => {
  let browsers: Browsers;
  let url = '';

  beforeAll(async () => {
    browsers = await openBrowser({ ownServer: true });
    url = browsers.url.replace('127.0.0.1', 'localhost');
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('an expert adds a passkey on 账号安全, signs out, and signs in with it; then removes it', async () => {
    const { page } = await browsers.open();
    await virtualAuthenticator(page);
    await consoleLogin(page, url, EXPERT.account, EXPERT.password);
    await page.goto(`${url}/console/security`);
    await page.getByText('尚未添加通行密钥。').waitFor();
    await bothWidths(page, 'console-passkeys-none');

    // A name is required, and said so.
    await page.getByRole('button', { name: '添加通行密钥' }).click();
    await page.getByText('请输入通行密钥名称').first().waitFor();
    await field(page, '通行密钥名称').fill('办公室电脑');
    await page.getByRole('button', { name: '添加通行密钥' }).click();
    const list = page.getByRole('list', { name: '已添加的通行密钥' });
    await list.getByText('办公室电脑').waitFor();
    await list.getByText(/尚未使用/).waitFor();
    await bothWidths(page, 'console-passkeys-added');

    // Sign out; the password step now asks for the passkey.
    await page.context().clearCookies();
    await page.goto(`${url}/console/login`);
    await field(page, '账号').fill(EXPERT.account);
    await field(page, '密码').fill(EXPERT.password);
    await solveCaptcha(page);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const usePasskey = page.getByRole('button', { name: '使用通行密钥登录' });
    await usePasskey.waitFor();
    // No authenticator app for this account: only the passkey is offered.
    expect(await page.getByLabel(/一次性验证码/).count()).toBe(0);
    await bothWidths(page, 'console-login-passkey');
    await usePasskey.click();
    try {
      await page.waitForURL((u) => u.pathname.startsWith('/console/') && !u.pathname.startsWith('/console/login'), { timeout: 15_000 });
    } catch (error) {
      await page.screenshot({ path: 'artifacts/passkey-sign-in-failed.png' });
      throw new Error(`${(error as Error).message}\n${await page.locator('main').innerText()}`, { cause: error });
    }

    await page.goto(`${url}/console/security`);
    await list.getByText(/上次使用/).waitFor();
    await page.getByRole('button', { name: '移除通行密钥 办公室电脑' }).click();
    await page.getByText('尚未添加通行密钥。').waitFor();
    await page.context().close();
  });
});
