import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, publishCall, staffToken } from './calls';
import { checkScreen, field, login, newAccount, openPortal, register, revokeSession, type Portal } from './support';

// Issue 13, defects 2–4: the deadline passing while the form is open, a second tab, and the
// session ending mid-form. The deadline is moved on the server (not the clocks faked there).

const token = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'flagship-portal-token')?.value ?? '';

/** Saves of the form sent by the page. */
function recordSaves(page: Page): Request[] {
  const saves: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/project\/\d+\/form\/\d+\/apply$/.test(request.url())) saves.push(request);
  });
  return saves;
}

async function screens(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 800, height: 900 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the deadline passes while the form is open', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(31);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('counts down by the server’s clock, warns, and closes at the deadline keeping what was typed', async () => {
    const { page, url, apiUrl } = portal;
    const staff = await staffToken(apiUrl);
    const call = await publishCall(apiUrl, staff, `截止时间测试项目 ${Date.now().toString(36)}`, Date.now() + 30 * 60_000);
    const account = newAccount('deadline');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');

    // The browser's clock is two hours slow: only the server's clock may decide.
    await page.clock.install({ time: Date.now() - 2 * 3_600_000 });
    const formUrl = `${url}/application?projectId=${call.projectId}&formId=${call.formId}`;
    await page.goto(formUrl);
    await field(page, '项目名称').waitFor();
    await expect.poll(() => page.getByTestId('deadline').textContent()).toMatch(/申报时间 .* 至 \d{4}-\d\d-\d\d \d\d:\d\d，北京时间/);
    await expect.poll(() => page.getByTestId('countdown').textContent()).toMatch(/^00:(29|30):\d\d$/);
    await page.getByRole('alert').filter({ hasText: '距申报截止不到 1 小时' }).waitFor();
    await screens(page, 'application-last-hour');

    // The deadline moves to half a minute from now (room for the reload, the autosave and the
    // checks on a busy machine); what was typed is saved as usual until then.
    await call.moveDeadline(Date.now() + 30_000);
    await page.reload();
    await field(page, '项目名称').fill('越剧《钱塘潮》');
    await expect.poll(() => page.getByTestId('save-state').textContent()).toMatch(/草稿已保存/);
    await page.getByRole('alert').filter({ hasText: '距申报截止不到 10 分钟' }).waitFor();
    expect(await page.getByRole('button', { name: '提交申报' }).isEnabled()).toBe(true);

    // At the deadline: closed, with the text kept and nothing more sent.
    await page.getByRole('alert').filter({ hasText: '申报已截止' }).waitFor({ timeout: 45_000 });
    const saves = recordSaves(page);
    await expect.poll(() => page.locator('.mantine-Badge-root').first().textContent()).toBe('已截止');
    expect(await page.getByRole('button', { name: '提交申报' }).isDisabled()).toBe(true);
    await field(page, '项目简介').fill('截止后补充的一段简介，不应丢失。');
    await expect.poll(() => page.getByTestId('save-state').textContent()).toMatch(/申报已截止.*保留在本设备/);
    expect(await page.getByTestId('save-state').textContent()).not.toMatch(/草稿已保存/);
    await page.waitForTimeout(2500);
    expect(saves).toHaveLength(0);
    expect(await field(page, '项目名称').inputValue()).toBe('越剧《钱塘潮》');
    await screens(page, 'application-closed');

    // Reopened later on this device, the text typed after the deadline is offered back.
    const offer = page.getByRole('alert').filter({ hasText: '恢复未保存的内容？' });
    await page.reload();
    await offer.getByRole('button', { name: '恢复' }).click();
    await expect.poll(() => field(page, '项目简介').inputValue()).toBe('截止后补充的一段简介，不应丢失。');
    expect(await field(page, '项目名称').inputValue()).toBe('越剧《钱塘潮》');

    // Text typed while the offer is showing, unanswered, is kept as well: the next visit offers it.
    await page.reload();
    await offer.waitFor();
    await field(page, '项目简介').fill('横幅还在时写下的另一段简介。');
    const kept = () => page.evaluate(() => Object.values(localStorage).filter((value) => value.includes('横幅还在时')).length);
    await expect.poll(kept).toBe(1);
    await page.reload();
    await offer.getByRole('button', { name: '恢复' }).click();
    await expect.poll(() => field(page, '项目简介').inputValue()).toBe('横幅还在时写下的另一段简介。');
    expect(await field(page, '项目名称').inputValue()).toBe('越剧《钱塘潮》');
  }, 180_000);
});

describe('the same application open in two tabs', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(32);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('saves only real changes, and lets the applicant choose per field when both changed', async () => {
    const { page, url, apiUrl } = portal;
    const account = newAccount('twotabs');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');
    const authKey = await token(page);
    const draft = {
      projectName: '原创越剧《钱塘潮》',
      leaderName: '沈清和',
      performanceCount: 20,
      // Written as the server keeps it: the editor rewrites it on load (line breaks, &nbsp;).
      creativePlan: '<p>创作背景：钱塘江大潮。</p><p>第二段 <strong>加粗</strong>&nbsp;文字</p>',
      creativeTeam: [{ name: '林书远', role: '导演' }],
    };
    const first = await apiCall<{ version: number }>(apiUrl, '/api/project/6/form/6/apply', { method: 'POST', token: authKey, body: { data: draft, version: 0, submit: false } });

    // Opening the form, even with the editor loaded, saves nothing.
    const formUrl = `${url}/application?projectId=6&formId=6`;
    const savesA = recordSaves(page);
    await page.goto(formUrl);
    await page.locator('.fs-rte[data-state="ready"]').waitFor();
    await page.waitForTimeout(3000);
    expect(savesA).toHaveLength(0);

    const tabB = await page.context().newPage();
    const savesB = recordSaves(tabB);
    await tabB.goto(formUrl);
    await tabB.locator('.fs-rte[data-state="ready"]').waitFor();
    await tabB.waitForTimeout(3000);
    expect(savesB).toHaveLength(0);
    expect((await apiCall<{ apply: { version: number } }>(apiUrl, '/api/project/6/form/6', { token: authKey })).apply.version).toBe(first.version);

    // Tab B changes two fields and saves.
    await field(tabB, '项目名称').fill('原创越剧《钱塘潮》（修订）');
    await field(tabB, '项目负责人').fill('顾青禾');
    await expect.poll(() => tabB.getByTestId('save-state').textContent()).toMatch(/草稿已保存/);
    await tabB.close();

    // Tab A changes the name too, and another field: its save meets the other copy.
    await field(page, '项目名称').fill('原创越剧《钱塘潮》新版');
    await field(page, '计划演出场次').fill('21');
    const dialog = page.getByRole('dialog', { name: '申报内容已在别处更新' });
    await dialog.waitFor({ timeout: 15_000 });
    const rows = dialog.getByTestId('difference');
    await expect.poll(() => rows.count()).toBe(3);
    const row = (label: string) => rows.filter({ has: page.getByRole('heading', { name: label }) });
    expect(await row('项目名称').textContent()).toContain('原创越剧《钱塘潮》新版');
    expect(await row('项目名称').textContent()).toContain('原创越剧《钱塘潮》（修订）');
    // Typed here is kept unless chosen otherwise; changed only there comes from there.
    expect(await row('计划演出场次').getByRole('radio', { name: '本页内容' }).isChecked()).toBe(true);
    expect(await row('项目负责人').getByRole('radio', { name: '别处保存的内容' }).isChecked()).toBe(true);
    await expect.poll(() => row('项目名称').getByRole('button', { name: '复制本页内容' }).count()).toBe(1);
    await screens(page, 'application-conflict');
    await row('项目名称').getByRole('radio', { name: '别处保存的内容' }).check();
    await dialog.getByRole('button', { name: '采用所选内容' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await field(page, '项目名称').inputValue()).toBe('原创越剧《钱塘潮》（修订）');
    expect(await field(page, '项目负责人').inputValue()).toBe('顾青禾');
    expect(await field(page, '计划演出场次').inputValue()).toBe('21');
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/草稿已保存/);
    const saved = await apiCall<{ apply: { data: Record<string, unknown> } }>(apiUrl, '/api/project/6/form/6', { token: authKey });
    expect(saved.apply.data).toMatchObject({ projectName: '原创越剧《钱塘潮》（修订）', leaderName: '顾青禾', performanceCount: 21 });
  });
});

describe('the session ends while filling in a form', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(33);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('warns before the expiry, keeps unsaved text, returns to the form after login and offers it back', async () => {
    const { page, url, apiUrl } = portal;
    const account = newAccount('expiry');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');
    const formUrl = `${url}/application?projectId=6&formId=6`;

    // The session was started 7 h 55 min ago (by the record the SDK keeps of its expiry).
    const expires = (await page.context().cookies()).find((c) => c.name === 'flagship-portal-expires');
    expect(expires).toBeTruthy();
    await page.context().addCookies([{ ...expires!, value: String(Date.now() + 4 * 60_000 + 50_000) }]);
    await page.goto(formUrl);
    await page.getByText('5 分钟后将退出登录').waitFor();
    await screens(page, 'application-expiry-warning');

    await field(page, '项目名称').fill('原创越剧《钱塘潮》');
    await expect.poll(() => page.getByTestId('save-state').textContent()).toMatch(/草稿已保存/);

    // The session ends on the server; the next autosave meets the 1001 and the page reloads to /login.
    await revokeSession(page, apiUrl);
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await field(page, '项目名称').fill('原创越剧《钱塘潮》第二稿');
    await reloaded;
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).search).toBe('');

    // After logging in, back to the form, with the unsaved text offered.
    await login(page, url, account, 'Qingshan#2026');
    await page.waitForURL((u) => u.pathname === '/application');
    expect(new URL(page.url()).search).toBe('?projectId=6&formId=6');
    const offer = page.getByRole('alert').filter({ hasText: '恢复未保存的内容？' });
    await offer.waitFor();
    expect(await field(page, '项目名称').inputValue()).toBe('原创越剧《钱塘潮》');
    await screens(page, 'application-restore');
    await offer.getByRole('button', { name: '恢复' }).click();
    expect(await field(page, '项目名称').inputValue()).toBe('原创越剧《钱塘潮》第二稿');
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/草稿已保存/);
    const stored = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('flagship-unsaved')));
    await expect.poll(stored).toEqual([]);

    // Unsaved text leaves the device at logout.
    await field(page, '项目名称').fill('原创越剧《钱塘潮》第三稿');
    await expect.poll(stored).toHaveLength(1);
    await page.getByRole('button', { name: '账户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await stored()).toEqual([]);
  });
});
