import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousAxeViolations } from '@flagship/testing/axe';
import { launchChromium, startServer } from '@flagship/testing/browser';
import { solveCaptcha } from '@flagship/testing/captcha';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const artifactsDir = join(resolve(import.meta.dirname, '..'), 'artifacts');

export interface Session {
  context: BrowserContext;
  page: Page;
}

export interface Browsers {
  url: string;
  /** Where this server's e-mails and text messages land. */
  outboxDir: string;
  browser: Browser;
  /** A separate browser context (own cookies): one for staff, one per applicant. */
  open(): Promise<Session>;
  close(): Promise<void>;
}

/**
 * Chromium on the journeys' shared server, or with `ownServer` on a server of its own (a fresh
 * demo database) for a file that changes what the others read, such as the demo's review round.
 */
export async function openBrowser(options: { ownServer?: boolean; serverEnv?: Record<string, string> } = {}): Promise<Browsers> {
  const own = options.ownServer ? await startServer({ env: options.serverEnv }) : undefined;
  const url = own?.url ?? inject('baseUrl');
  const browser = await launchChromium(chromium);
  return {
    url,
    outboxDir: own?.outboxDir ?? inject('outboxDir'),
    browser,
    async open() {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[page error]', error.message));
      return { context, page };
    },
    async close() {
      await browser.close();
      await own?.stop();
    },
  };
}

/** An input by its label, which may end with the required mark. */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

export { solveCaptcha };

/** Pick an option of a Mantine Select by its label (optionally typing to search first). */
export async function pick(page: Page, label: string, option: string | RegExp, search?: string) {
  const input = page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) });
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * A Mantine DateTimePicker: open it, go `monthsAhead` months on, pick the day, type the time and
 * confirm. Values are Beijing wall time (the browser runs in Asia/Shanghai).
 */
export async function pickDateTime(page: Page, label: string, day: number, time: string, monthsAhead = 0) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  const dropdown = page.locator('[data-dates-dropdown]');
  await dropdown.waitFor();
  for (let i = 0; i < monthsAhead; i += 1) await dropdown.getByRole('button', { name: '下个月' }).click();
  await dropdown.locator('button:not([data-outside])', { hasText: new RegExp(`^${day}$`) }).first().click();
  const [hours = '00', minutes = '00'] = time.split(':');
  await dropdown.getByRole('spinbutton', { name: '时' }).fill(hours);
  await dropdown.getByRole('spinbutton', { name: '分' }).fill(minutes);
  await dropdown.getByRole('button', { name: '确定' }).click();
  await dropdown.waitFor({ state: 'hidden' });
}

export async function consoleLogin(page: Page, url: string, account = 'admin', password = 'Flagship@2026'): Promise<void> {
  await page.goto(`${url}/console/login`);
  // The suite's first two logins, at once at its start, once waited over Playwright's 30 s for
  // the form (a fresh-clone run of 2026-12-07, cause not found: docs/decisions.md).
  await field(page, '账号').waitFor({ timeout: 90_000 });
  await field(page, '账号').fill(account);
  await field(page, '密码').fill(password);
  await solveCaptcha(page);
  await checkScreen(page, 'console-login');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/console/') && !u.pathname.startsWith('/console/login'));
}

export async function register(page: Page, url: string, account: string, password: string): Promise<void> {
  await page.goto(`${url}/reg`);
  await field(page, '账号').fill(account);
  await field(page, '密码').fill(password);
  await field(page, '确认密码').fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: '注册' }).click();
  await page.waitForURL('**/login');
}

export async function portalLogin(page: Page, url: string, account: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await field(page, '账号').fill(account);
  await field(page, '密码').fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** No serious or critical axe violation, and a screenshot under artifacts/. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // Quiet network is a hint that the page has settled, not a condition (Playwright discourages
  // waiting on it): on a loaded host a fresh server's page once stayed busy past 30 s. Callers
  // wait for the content they expect; the page is looked at after 15 s in any case.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  // Let notifications and transitions settle before looking.
  await page.waitForTimeout(400);
  // From the top, so that the fixed header and navigation are drawn where they belong.
  await page.evaluate(() => window.scrollTo(0, 0));
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
  expect(await seriousAxeViolations(page), `axe on ${name}`).toEqual([]);
}

/** Messages in the outbox (the shared server's unless told) addressed to `to`, oldest first. */
export function outboxFor(to: string, outboxDir: string = inject('outboxDir')): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).sort();
  } catch {
    return [];
  }
  return files.map((file) => readFileSync(join(outboxDir, file), 'utf8')).filter((text) => text.includes(`To: ${to}`));
}

let seq = 0;
export function unique(tag: string): string {
  seq += 1;
  return `${tag}${Date.now().toString(36)}${seq}`;
}
