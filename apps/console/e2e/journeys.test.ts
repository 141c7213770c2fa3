import { creditCodeCheckChar } from '@flagship/api-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, field, openBrowser, outboxFor, pick, pickDateTime, portalLogin, register, unique, type Browsers, type Session } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Add a field of `kind` in the form builder and name it. */
async function addField(page: Page, kind: string, label: string, required = false) {
  await page.getByRole('button', { name: '添加字段' }).click();
  await page.getByRole('menuitem', { name: kind, exact: true }).click();
  await field(page, '字段名称').fill(label);
  if (required) await page.getByRole('switch', { name: '必填', exact: true }).check();
}

const DECLARATION = '本人承诺申报作品为原创，不存在侵犯他人知识产权的情形。';

async function submitApplication(page: Page) {
  await page.getByRole('button', { name: '提交申报' }).click();
  const summary = page.getByTestId('check-answers');
  // The call's own declaration, set by staff in the project editor.
  await summary.getByText(DECLARATION).waitFor();
  await summary.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await summary.getByRole('button', { name: '确认提交' }).click();
  await page.getByRole('heading', { name: '申报已提交' }).waitFor();
}

async function review(page: Page, action: string, message?: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (message) await dialog.getByLabel(/审核意见/).fill(message);
  await dialog.getByRole('button', { name: `确认${action}` }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('staff and applicants across the console and the portal', () => {
  let browsers: Browsers;
  let staff: Session;
  let applicant: Session;
  const account = `${unique('applicant')}@example.com`;
  const password = 'Qingshan#2026';
  const title = `${unique('E2E')} 青年戏剧创作扶持计划`;
  let projectId = 0;

  beforeAll(async () => {
    browsers = await openBrowser();
    staff = await browsers.open();
    applicant = await browsers.open();
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('staff log in and publish a call with a new form', async () => {
    const { page } = staff;
    const { url } = browsers;
    await consoleLogin(page, url);
    // Staff land on the dashboard (issue 14), and go to the calls from the navigation.
    expect(new URL(page.url()).pathname).toBe('/console/dashboard');
    await page.getByRole('navigation', { name: '功能导航' }).getByRole('link', { name: '操作日志' }).waitFor();
    await page.getByRole('navigation', { name: '功能导航' }).getByRole('link', { name: '项目管理' }).click();
    await page.waitForURL('**/console/projects');
    await checkScreen(page, 'console-projects');

    // The call: title, category, region, window (Beijing time), budget.
    await page.getByRole('link', { name: '新建项目' }).click();
    await page.waitForURL('**/console/projects/new');
    await field(page, '项目标题').fill(title);
    await pick(page, '项目分类', '舞台艺术');
    await pick(page, '所属地区', /^浙江省 \/ 杭州市$/, '杭州市');
    await field(page, '项目简介').fill('扶持青年编剧、导演的原创小剧场戏剧作品。');
    await pickDateTime(page, '申报开始时间', 1, '09:00');
    await pickDateTime(page, '申报截止时间', 28, '17:30', 2);
    await field(page, '资助预算总额').fill('500000');
    await field(page, '预算说明').fill('单个项目资助不超过 10 万元');
    await page.getByRole('textbox', { name: /^申报声明/ }).fill(DECLARATION);
    await page.getByRole('button', { name: '创建项目' }).click();
    await page.waitForURL(/\/console\/projects\/\d+$/);
    projectId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('申报时间：').waitFor();
    expect(await page.getByText('申报时间：').textContent()).toMatch(/-01 09:00 至 .*-28 17:30（北京时间（UTC\+8））/);
    await checkScreen(page, 'console-project-edit');

    // A form with several kinds of field, checked as it is built.
    await page.getByRole('link', { name: '新建表单' }).click();
    await page.waitForURL('**/forms/new');
    await field(page, '表单名称').fill('青年戏剧创作申报书');
    await addField(page, '单行文本', '作品名称', true);
    await addField(page, '下拉选择', '戏剧类型', true);
    await page.getByLabel('「戏剧类型」选项 1 的显示文字').fill('话剧');
    await page.getByLabel('「戏剧类型」选项 2 的显示文字').fill('戏曲');
    await addField(page, '金额', '申请金额');
    await field(page, '最大金额（元）').fill('100000');
    await addField(page, '多行文本', '作品简介');
    // A clash is caught before saving: the same key twice.
    await field(page, '字段标识').fill('field1');
    await page.getByText('字段标识「field1」重复').first().waitFor();
    await field(page, '字段标识').fill('synopsis');
    // The live preview shows the applicant's view.
    const preview = page.getByRole('region', { name: '表单预览' });
    await preview.getByRole('textbox', { name: /^作品名称/ }).waitFor();
    await checkScreen(page, 'console-form-builder');
    await page.getByRole('button', { name: '保存表单' }).click();
    await page.waitForURL(/\/forms\/\d+$/);
    await page.getByText('已保存 · 版本 1').waitFor();

    // Publish.
    await page.getByRole('link', { name: '返回项目' }).click();
    await page.getByRole('button', { name: '发布项目' }).click();
    await page.getByRole('dialog', { name: '发布项目' }).getByRole('button', { name: '发布' }).click();
    await page.getByRole('button', { name: '下线项目' }).waitFor();
  });

  it('an applicant registers and applies in the portal', async () => {
    const { page } = applicant;
    const { url } = browsers;
    await register(page, url, account, password);
    await portalLogin(page, url, account, password);
    await page.goto(`${url}/projectDetail?id=${projectId}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('link', { name: '立即申报' }).first().click();
    await page.waitForURL(`**/application?projectId=${projectId}&formId=*`);
    await field(page, '作品名称').fill('《潮声》');
    await pick(page, '戏剧类型', '话剧');
    await field(page, '申请金额').fill('80000');
    await field(page, '作品简介').fill('一部关于钱塘江边三代弄潮人的小剧场话剧。');
    await submitApplication(page);
  });

  it('staff cannot drop a field that submissions use (409), and return the application with a message', async () => {
    const { page } = staff;
    const { url } = browsers;
    await page.goto(`${url}/console/projects/${projectId}`);
    await page.getByRole('link', { name: '编辑表单' }).click();
    await page.getByText('此表单已有 1 份提交的申报').waitFor();
    await page.getByRole('button', { name: '删除「申请金额」' }).click();
    await page.getByRole('dialog', { name: '删除字段' }).getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: '保存表单' }).click();
    const conflict = page.getByTestId('form-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('申请金额');
    await checkScreen(page, 'console-form-conflict');
    await conflict.getByRole('button', { name: /重新加载/ }).click();
    await page.getByRole('button', { name: '删除「申请金额」' }).waitFor();

    await page.goto(`${url}/console/review/applications?projectId=${projectId}`);
    const row = page.getByRole('row', { name: new RegExp(account) });
    await row.waitFor();
    expect(await row.textContent()).toContain('已提交');
    await checkScreen(page, 'console-applications');
    await row.getByRole('link', { name: '审核' }).click();
    await page.waitForURL(/\/console\/review\/applications\/\d+$/);
    await page.getByText('《潮声》').waitFor();
    expect(await page.getByRole('region', { name: '申报内容' }).textContent()).toContain('80,000.00 元');
    await checkScreen(page, 'console-application-detail');
    await review(page, '退回修改', '请补充作品的演出计划。');
    await page.getByText('已退回申请人修改，等待重新提交。').waitFor();
  });

  it('the applicant sees the message, edits and resubmits', async () => {
    const { page } = applicant;
    const { url } = browsers;
    await page.goto(`${url}/user`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    expect(await row.textContent()).toContain('退回修改');
    expect(await row.textContent()).toContain('审核意见：请补充作品的演出计划。');
    await row.getByRole('link', { name: '填写' }).click();
    await page.waitForURL(`**/application?projectId=${projectId}&formId=*`);
    await field(page, '作品简介').fill('一部关于钱塘江边三代弄潮人的小剧场话剧。计划 2027 年在杭州演出 20 场。');
    await submitApplication(page);
  });

  it('staff approve; the applicant sees 已通过 and the e-mail is in the outbox', async () => {
    const { page } = staff;
    const { url } = browsers;
    await page.reload();
    await page.getByText('计划 2027 年在杭州演出 20 场').waitFor();
    await review(page, '通过');
    await page.getByText('审核已通过。').waitFor();

    const portal = applicant.page;
    await portal.goto(`${url}/user`);
    const row = portal.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    expect(await row.textContent()).toContain('已通过');

    const mails = outboxFor(account);
    expect(mails.some((mail) => mail.includes(`Subject: 申报退回修改：${title}`) && mail.includes('请补充作品的演出计划。'))).toBe(true);
    expect(mails.some((mail) => mail.includes(`Subject: 申报已通过：${title}`))).toBe(true);
  });

  it('staff export the call and download the application as background jobs: progress, a failure with retry, the file', async () => {
    const { page } = staff;
    const { url } = browsers;
    await page.goto(`${url}/console/review/applications?projectId=${projectId}`);
    const row = page.getByRole('row', { name: new RegExp(account) });
    await row.waitFor();

    // The spreadsheet: the job answers at once and is polled until done; the file then downloads by itself.
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出汇总表（.xlsx）' }).click();
    const panel = page.getByRole('region', { name: '导出申报汇总表' });
    await panel.getByRole('progressbar', { name: '导出申报汇总表进度' }).waitFor();
    await panel.getByText('已完成 1 / 1 份').waitFor();
    expect((await exported).suggestedFilename()).toBe(`${title}-申报汇总.xlsx`);
    await panel.getByRole('link', { name: /^下载文件/ }).waitFor();
    await checkScreen(page, 'console-export-done');
    await panel.getByRole('button', { name: '关闭任务面板' }).click();
    await panel.waitFor({ state: 'detached' });

    // The batch download, its first poll answered as running and its second as failed (as a broken
    // package would): the failure is shown with a retry, and the retry builds the zip.
    let polls = 0;
    await page.route('**/api/console/jobs/*', async (route) => {
      polls += 1;
      if (polls > 2) return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { errno: number; errmsg: string; data: Record<string, unknown> };
      const data = polls === 1 ? { ...body.data, status: 'running', progress: { done: 0, total: 1 } } : { ...body.data, status: 'failed', error: '申报 FS-TEST 的附件「缺失.pdf」已不存在，无法打包' };
      await route.fulfill({ response, json: { ...body, data } });
    });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: '打包下载（.zip）' }).click();
    const zipPanel = page.getByRole('region', { name: '打包下载申报' });
    await zipPanel.getByText('正在生成…').waitFor();
    await zipPanel.getByText('已完成 0 / 1 份').waitFor();
    await checkScreen(page, 'console-download-running');
    await zipPanel.getByText('申报 FS-TEST 的附件「缺失.pdf」已不存在，无法打包').waitFor();
    await checkScreen(page, 'console-download-failed');
    await page.unroute('**/api/console/jobs/*');
    const zipped = page.waitForEvent('download');
    await zipPanel.getByRole('button', { name: '重试' }).click();
    expect((await zipped).suggestedFilename()).toBe(`${title}-申报材料.zip`);
    await zipPanel.getByText('已完成 1 / 1 份').waitFor();
    await zipPanel.getByRole('link', { name: /^下载文件/ }).waitFor();
  });

  it('an enterprise authentication approved in the console puts the company in the library and the badge reads 已认证', async () => {
    const { page } = applicant;
    const { url } = browsers;
    // Chinese characters only, so that the library's search finds it whatever the tokenizer does with latin runs.
    const name = `青禾${[...String(Date.now()).slice(-6)].map((d) => '零一二三四五六七八九'[Number(d)]).join('')}文化艺术有限公司`;
    const code17 = `91330106MA2H${Date.now().toString(36).toUpperCase().slice(-5).replace(/[IOSVZ]/g, 'A')}`;
    const creditCode = code17 + creditCodeCheckChar(code17);

    await page.goto(`${url}/addCompany`);
    await field(page, '企业名称').fill(name);
    await field(page, '统一社会信用代码').fill(creditCode);
    await pick(page, '企业类型', '有限责任公司');
    await field(page, '法定代表人').fill('沈清和');
    await pick(page, '所在地区', /西湖区/, '西湖');
    await field(page, '详细地址').fill('杭州市西湖区文三路 100 号');
    await field(page, '联系人').fill('沈清和');
    await field(page, '联系电话').fill('13800138000');
    await page.locator('[aria-label="上传营业执照"] input[type=file]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('link', { name: '营业执照.png' }).waitFor();
    await page.getByRole('button', { name: '提交认证' }).click();
    await page.getByText(/认证中|已提交/).first().waitFor();

    const desk = staff.page;
    await desk.goto(`${url}/console/review/authentications`);
    const row = desk.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await checkScreen(desk, 'console-authentications');
    await row.getByRole('link', { name: '审核' }).click();
    await desk.getByRole('img', { name: '营业执照：营业执照.png' }).waitFor();
    await checkScreen(desk, 'console-authentication-detail');
    await desk.getByRole('button', { name: '通过认证' }).click();
    await desk.getByRole('dialog', { name: '通过企业认证' }).getByRole('button', { name: '确认通过' }).click();
    await desk.getByText('已通过认证').first().waitFor();

    await page.goto(`${url}/company?keyword=${encodeURIComponent(name)}`);
    await page.getByText(name).first().waitFor();
    // The personal page refreshes the stored status; the header menu shows it.
    await page.goto(`${url}/personal`);
    await page.getByRole('button', { name: '账户菜单' }).click();
    const item = page.getByRole('menuitem', { name: /企业认证/ });
    await expect.poll(() => item.textContent()).toContain('已认证');
  });

  it('the other console screens pass axe', async () => {
    const { page } = staff;
    const { url } = browsers;
    for (const [path, name] of [
      ['/console/policies', 'console-policies'],
      ['/console/experts', 'console-experts'],
      ['/console/enterprises', 'console-enterprises'],
      ['/console/taxonomy', 'console-categories'],
      ['/console/taxonomy?tab=regions', 'console-regions'],
      ['/console/settings', 'console-settings'],
      ['/console/audit', 'console-audit'],
    ] as const) {
      await page.goto(`${url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checkScreen(page, name);
    }
  });
});
