import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousAxeViolations } from '@flagship/testing/axe';
import { freePort, launchChromium } from '@flagship/testing/browser';
import { solveCaptcha } from '@flagship/testing/captcha';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { expect, inject } from 'vitest';

const portalRoot = resolve(import.meta.dirname, '..');
export const artifactsDir = join(portalRoot, 'artifacts');

export interface Portal {
  url: string;
  apiUrl: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * The built portal behind `vite preview`, proxying /api and /admin to the test server. Each
 * journey talks to the server from its own loopback address (`127.0.0.<n>`), so that the
 * per-client rate limits of login, register and captcha apply to each journey separately.
 */
export async function openPortal(client: number): Promise<Portal> {
  const apiUrl = inject('apiUrl');
  const port = await freePort();
  const proxy = { target: apiUrl, changeOrigin: false, localAddress: `127.0.0.${client}` };
  const server: PreviewServer = await preview({
    root: portalRoot,
    logLevel: 'warn',
    preview: { port, host: '127.0.0.1', strictPort: true, proxy: { '/api': proxy, '/admin': proxy } },
  });
  const browser = await launchChromium(chromium);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  return {
    url: `http://127.0.0.1:${port}`,
    apiUrl,
    browser,
    context,
    page,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export { solveCaptcha };

let accountSeq = 0;
export function newAccount(tag: string): string {
  accountSeq += 1;
  return `${tag}${Date.now().toString(36)}${accountSeq}@example.com`;
}

/** An input by its label, which may end with the required mark. */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

export async function register(page: Page, url: string, account: string, password: string): Promise<void> {
  await page.goto(`${url}/reg`);
  await field(page, '账号').fill(account);
  await field(page, '密码').fill(password);
  await field(page, '确认密码').fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: '注册' }).click();
  await page.waitForURL('**/login');
  // The address changes before the login page replaces the form: wait for the page itself.
  await page.getByRole('button', { name: '登录', exact: true }).waitFor();
}

export async function login(page: Page, url: string, account: string, password: string, path = '/login'): Promise<void> {
  // Already there (e.g. after registering): stay, as a person would.
  if (!(new URL(page.url()).pathname === '/login' && path === '/login')) await page.goto(`${url}${path}`);
  // Not while an earlier attempt is still on its way (its refusal starts a new captcha round).
  await page.locator('button[type="submit"]:not([data-loading])', { hasText: '登录' }).waitFor();
  await field(page, '账号').fill(account);
  await field(page, '密码').fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login')).catch(async (error: Error) => {
    throw new Error(`${error.message}\nat ${page.url()}, on screen: ${(await messagesOnScreen(page)).join(' | ')}`);
  });
}

/** The toasts and field errors on screen, to say why a step did not go on. */
export function messagesOnScreen(page: Page): Promise<string[]> {
  return page.locator('.mantine-Notification-root, .mantine-InputWrapper-error').allTextContents();
}

/** No serious or critical axe violation, and a screenshot under artifacts/. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // Callers wait for the content they expect; this lets requests, notifications and
  // transitions settle (networkidle never comes while an editor or upload link is open).
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
  expect(await seriousAxeViolations(page), `axe on ${name}`).toEqual([]);
}

/** The newest outbox message that mentions `account`. */
export function readOutbox(account: string): string | undefined {
  const dir = inject('outboxDir');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  for (const file of files.reverse()) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (text.includes(account)) return text;
  }
  return undefined;
}

/** Log in through the API from outside the page (for journeys that do not test the login screen). */
export async function apiLogin(apiUrl: string, account: string, password: string): Promise<{ token: string; id: number; account: string; enterprise_authentication_status: 0 | 1 | 2 | null }> {
  const captcha = await fetch(`${apiUrl}/api/verify`);
  const answer = captcha.headers.get('x-captcha-answer') ?? '';
  const cookie = captcha.headers.get('set-cookie')?.split(';')[0] ?? '';
  const response = await fetch(`${apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ account, password, captcha: answer }),
  });
  const body = (await response.json()) as { errno: number; errmsg: string; data: never };
  if (body.errno !== 200) throw new Error(`login failed: ${body.errmsg}`);
  return body.data;
}

/** Revoke the page's session on the server, from outside the page: its next call meets a 1001. */
export async function revokeSession(page: Page, apiUrl: string): Promise<void> {
  const token = (await page.context().cookies()).find((c) => c.name === 'flagship-portal-token')?.value;
  expect(token).toBeTruthy();
  const revoked = await fetch(`${apiUrl}/api/logout`, { method: 'POST', headers: { authKey: token ?? '' } });
  expect(((await revoked.json()) as { errno: number }).errno).toBe(200);
}

/** 提交申报 → the check-your-answers summary → accept the declaration → 确认提交 → the receipt. */
export async function submitFromForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: '提交申报' }).click();
  const summary = page.getByTestId('check-answers');
  await summary.waitFor();
  await summary.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await summary.getByRole('button', { name: '确认提交' }).click();
  await page.getByRole('heading', { name: '申报已提交' }).waitFor();
}
