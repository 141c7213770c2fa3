import { createApiClient, createMemorySessionStore, type ApiClient } from '@flagship/api-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, field, openBrowser, outboxFor, solveCaptcha, unique, type Browsers, type Session } from './support';

// The demo seed has a review round in progress on the stage-art call: 周雅宁 has its first
// application waiting for her declaration, while 陈望舒 and 林书远 have submitted theirs.
const ZHOU = { account: 'zhou.yaning@example.org', password: 'Expert@2026' };
const CALL = '舞台艺术精品创作扶持项目';
const WIDE = { width: 1280, height: 900 };
const TABLET = { width: 800, height: 1100 };

/** The admin, through the SDK as the console calls it (a cookie jar for the captcha). */
async function adminApi(url: string): Promise<ApiClient> {
  const jar = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (jar.size > 0) request.headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return response;
  };
  const api = createApiClient({ baseUrl: url, fetch: jarFetch, session: createMemorySessionStore(), policy: { reload: () => {} } });
  const verify = await jarFetch(`${url}/api/verify`);
  await verify.arrayBuffer();
  const info = await api.console.login({ account: 'admin', password: 'Flagship@2026', captcha: verify.headers.get('x-captcha-answer') ?? '' });
  if (!('token' in info)) throw new Error('the demo admin has two-factor sign-in on');
  api.session.set({ token: info.token, id: info.id, account: info.account, enterprise_authentication_status: null });
  return api;
}

/** The same screen at a desk and on a tablet, axe on both. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await checkScreen(page, `${name}-1280`);
  await page.setViewportSize(TABLET);
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize(WIDE);
}

const reviewSave = (page: Page) => page.waitForResponse((r) => /\/api\/console\/my\/reviews\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');

describe('experts in their workspace', () => {
  let browsers: Browsers;
  let admin: ApiClient;
  let projectId = 0;
  let applicationId = 0;

  beforeAll(async () => {
    browsers = await openBrowser();
    admin = await adminApi(browsers.url);
    const calls = await admin.console.projectList({ keyword: CALL, pageSize: 5 });
    projectId = calls.list.find((p) => p.title.endsWith(CALL))?.id ?? 0;
    const waiting = await admin.console.reviewAssignmentList({ projectId, status: 'assigned', pageSize: 20 });
    applicationId = waiting.list.find((a) => a.expertName === '周雅宁')?.applicationId ?? 0;
    expect(projectId && applicationId, 'the demo seed has the stage-art call in review').toBeTruthy();
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('an expert lands on 我的评审, declares no conflict, scores with autosave and submits', async () => {
    const { page }: Session = await browsers.open();
    await consoleLogin(page, browsers.url, ZHOU.account, ZHOU.password);
    expect(new URL(page.url()).pathname).toBe('/console/reviews');
    const nav = page.getByRole('navigation', { name: '功能导航' });
    await nav.getByRole('link', { name: '我的信息' }).waitFor();
    // Nothing of staff screens.
    expect(await nav.getByRole('link').allTextContents()).toEqual(['我的评审', '我的信息', '账号安全']);
    await page.getByRole('table', { name: '我的评审任务' }).waitFor();
    await bothWidths(page, 'expert-reviews');

    // Before declaring: the title and the applicant, not the content.
    await page.getByRole('link', { name: /^声明利益冲突：/ }).first().click();
    await page.waitForURL(/\/console\/reviews\/\d+$/);
    await page.getByRole('heading', { name: '利益冲突声明' }).waitFor();
    expect(await page.getByRole('heading', { name: '申报内容' }).count()).toBe(0);
    await bothWidths(page, 'expert-declaration');

    await page.getByRole('radio', { name: '无利益冲突' }).check();
    await page.getByRole('button', { name: '提交声明' }).click();
    const confirm = page.getByRole('dialog', { name: '确认无利益冲突' });
    await confirm.getByRole('button', { name: '确认无冲突' }).click();
    await page.getByRole('heading', { name: '申报内容' }).waitFor();
    await page.getByRole('heading', { name: '评分表' }).waitFor();
    // The attachments open through the expert's own file endpoint.
    const attachment = page.getByRole('region', { name: '附件' }).getByRole('link').first();
    const download = await page.request.get(new URL((await attachment.getAttribute('href')) ?? '', browsers.url).href);
    expect(download.status()).toBe(200);
    expect(new URL(download.url()).pathname).toMatch(/^\/api\/console\/my\/reviews\/\d+\/files\/\d+$/);

    // Autosave: a score typed is saved after a pause, and is there after a reload.
    let saved = reviewSave(page);
    await field(page, '艺术价值').fill('8');
    expect((await saved).ok()).toBe(true);
    await expect.poll(() => page.getByTestId('save-state').textContent()).toContain('草稿已保存');
    await page.reload();
    await page.getByRole('heading', { name: '评分表' }).waitFor();
    await expect.poll(() => field(page, '艺术价值').inputValue()).toBe('8');

    // Submitting lists what is missing first.
    await page.getByRole('button', { name: '提交评审' }).click();
    const missing = page.getByRole('dialog', { name: '还不能提交' });
    await missing.getByText('实施可行性：请评分').waitFor();
    await missing.getByText('推荐意见：请选择').waitFor();
    await missing.getByRole('button', { name: '返回继续评分' }).click();

    saved = reviewSave(page);
    await field(page, '实施可行性').fill('7');
    await field(page, '社会效益').fill('9');
    await page.getByRole('radio', { name: '建议资助', exact: true }).check();
    await field(page, '给项目办公室的意见').fill('主创团队成熟，排演计划可行。');
    await field(page, '给申报人的意见').fill('建议进一步细化巡演安排。');
    await saved;
    // 40 × 8/10 + 30 × 7/10 + 30 × 9/10 over 100 weights.
    expect(await page.getByTestId('live-total').textContent()).toBe('80.00');
    await expect.poll(() => page.getByTestId('save-state').textContent()).toContain('草稿已保存');
    await bothWidths(page, 'expert-scoring');

    await page.getByRole('button', { name: '提交评审' }).click();
    const submit = page.getByRole('dialog', { name: '确认提交评审' });
    await submit.getByText('80.00').waitFor();
    await submit.getByRole('button', { name: '确认提交' }).click();
    await page.getByText(/评审已于 .* 提交，不能再修改/).waitFor();
    // The round shows the others' reviews once one's own is in.
    await page.getByRole('heading', { name: '其他专家的评审' }).waitFor();
    expect(await page.getByRole('table', { name: '其他专家的评审' }).getByRole('row').count()).toBeGreaterThanOrEqual(3);
    await bothWidths(page, 'expert-submitted');

    await nav.getByRole('link', { name: '我的信息' }).click();
    await page.getByRole('heading', { name: '利益关联' }).waitFor();
    await field(page, '声明的利益关联').fill('浙江省某文化艺术研究会');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('利益关联已保存').waitFor();
    await bothWidths(page, 'expert-profile');
    await page.context().close();
  });

  it('an invited expert sets a password through the invitation, signs in and declares a conflict', async () => {
    // Staff invite a library expert without an account and assign them the same application
    // (the next one if the server finds the first conflicted).
    const library = await admin.console.expertList({ pageSize: 50 });
    let account = '';
    let expertId = 0;
    for (const candidate of library.list.filter((e) => !e.account)) {
      account = `${unique('reviewer')}@example.org`;
      await admin.console.expertInvite({ id: candidate.id, account });
      const result = await admin.console.reviewAssign({ projectId, applicationIds: [applicationId], expertIds: [candidate.id] });
      if (result.created === 1) {
        expertId = candidate.id;
        break;
      }
    }
    expect(expertId, 'an expert of the library could be assigned').toBeGreaterThan(0);
    await expect.poll(() => outboxFor(account).length).toBeGreaterThan(0);
    const token = /invite\?token=([^\s]+)/.exec(outboxFor(account).at(-1) ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    const { page }: Session = await browsers.open();
    // A link that is not (or no longer) valid says so.
    await page.goto(`${browsers.url}/console/invite?token=${'x'.repeat(40)}`);
    await field(page, '设置密码').fill('Reviewer#2026');
    await field(page, '确认密码').fill('Reviewer#2026');
    await page.getByRole('button', { name: '设置密码', exact: true }).click();
    await page.getByText('邀请链接不可用').waitFor();
    await page.setViewportSize(TABLET);
    await checkScreen(page, 'expert-invitation-refused-800');

    const invitation = `${browsers.url}/console/invite?token=${token}`;
    await page.goto(invitation);
    await field(page, '设置密码').fill('Reviewer#2026');
    await field(page, '确认密码').fill('Reviewer#2025');
    await page.getByRole('button', { name: '设置密码', exact: true }).click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await checkScreen(page, 'expert-invitation-800');
    await field(page, '确认密码').fill('Reviewer#2026');
    await page.getByRole('button', { name: '设置密码', exact: true }).click();
    await page.waitForURL(/\/console\/login\?account=/);
    expect(await field(page, '账号').inputValue()).toBe(account);

    // Used once: the link is refused the second time.
    await page.goto(invitation);
    await field(page, '设置密码').fill('Reviewer#2027');
    await field(page, '确认密码').fill('Reviewer#2027');
    await page.getByRole('button', { name: '设置密码', exact: true }).click();
    await page.getByText('邀请链接不可用').waitFor();

    // Signed in on the tablet, with the account the invitation filled in.
    await page.goto(`${browsers.url}/console/login?account=${encodeURIComponent(account)}`);
    expect(await field(page, '账号').inputValue()).toBe(account);
    await field(page, '密码').fill('Reviewer#2026');
    await solveCaptcha(page);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/console/reviews');
    // On the tablet the navigation folds behind a button.
    await page.getByRole('button', { name: '展开导航' }).click();
    await page.getByRole('navigation', { name: '功能导航' }).getByRole('link', { name: '我的信息' }).click();
    await page.waitForURL('**/console/profile');
    await page.getByRole('button', { name: '展开导航' }).click();
    await page.getByRole('navigation', { name: '功能导航' }).getByRole('link', { name: '我的评审' }).click();
    await page.waitForURL('**/console/reviews');

    await page.getByRole('link', { name: /^声明利益冲突：/ }).first().click();
    await page.getByRole('radio', { name: '存在利益冲突' }).check();
    await page.getByRole('button', { name: '提交声明' }).click();
    await page.getByText('存在利益冲突时请说明原因').waitFor();
    await field(page, '冲突原因').fill('曾担任该剧团的艺术顾问');
    await page.getByRole('button', { name: '提交声明' }).click();
    await page.getByRole('dialog', { name: '确认存在利益冲突' }).getByRole('button', { name: '确认存在冲突' }).click();
    await page.getByText('您已声明存在利益冲突').waitFor();
    expect(await page.getByRole('heading', { name: '申报内容' }).count()).toBe(0);
    await bothWidths(page, 'expert-conflict');

    // Staff see the assignment back with them.
    const back = await admin.console.reviewAssignmentList({ projectId, expertId, pageSize: 5 });
    expect(back.list[0]).toMatchObject({ status: 'conflict', conflictReason: '曾担任该剧团的艺术顾问' });
    await page.context().close();
  });
});
