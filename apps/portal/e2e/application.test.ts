import { creditCodeCheckChar, idCardCheckChar } from '@flagship/api-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, field, login, newAccount, openPortal, register, submitFromForm, type Portal } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function pick(page: Page, label: string, option: string | RegExp, search?: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

async function upload(page: Page, label: string, name: string, mimeType: string, buffer: Buffer) {
  await page.locator(`[aria-label="上传${label}"] input[type=file]`).setInputFiles({ name, mimeType, buffer });
  await page.getByRole('link', { name }).waitFor();
}

// Journey 3: apply with every field kind, draft, reload, submit, list, export, print, withdraw.
describe('application', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(13);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('fills every field kind, keeps the draft across a reload, submits, exports, prints and withdraws', async () => {
    const { page, url } = portal;
    const account = newAccount('apply');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');

    await page.goto(`${url}/projectDetail?id=6`);
    const tinymce = page.waitForResponse((r) => r.url().endsWith('/tinymce/tinymce.min.js') && r.status() === 200);
    await page.getByRole('link', { name: '立即申报' }).first().click();
    await page.waitForURL('**/application?projectId=6&formId=6');
    await tinymce;
    await page.locator('.tox-edit-area iframe').first().waitFor();
    // The editor speaks Chinese: the bold button's tooltip.
    await page.locator('.tox-tbtn[aria-label="粗体"]').first().waitFor();

    await field(page, '项目名称').fill('原创越剧《钱塘潮》');
    await field(page, '申报单位').fill('杭州青禾文化艺术有限公司');
    const code17 = '91330106MA2H7K3Q0';
    await field(page, '统一社会信用代码').fill(code17 + creditCodeCheckChar(code17));
    await field(page, '项目负责人').fill('沈清和');
    const id17 = '33010619850712002';
    await field(page, '负责人身份证号').fill('123');
    await field(page, '负责人身份证号').blur();
    await page.getByText('「负责人身份证号」不是有效的身份证号码').waitFor();
    await field(page, '负责人身份证号').fill(id17 + idCardCheckChar(id17));
    await field(page, '联系电话').fill('13800138000');
    await field(page, '电子邮箱').fill('qinghe@example.org');
    await pick(page, '所在地区', /西湖区/, '西湖');
    await pick(page, '艺术门类', '戏曲');
    await page.getByRole('radio', { name: '新创作品' }).check();
    await page.getByLabel('项目周期开始日期').fill('2026-12-01');
    await page.getByLabel('项目周期结束日期').fill('2027-06-30');
    await field(page, '首演日期').fill('2027-05-01');
    await field(page, '申请资助金额（元）').fill('200000');
    await field(page, '计划演出场次').fill('20');
    await field(page, '项目简介').fill('以钱塘江潮为意象，讲述新时代弄潮儿的奋斗故事。全剧融合越剧传统唱腔与现代舞美，力求在传承中创新，打造具有浙江辨识度的舞台艺术精品。');
    const editor = page.frameLocator('.tox-edit-area iframe').first().locator('body');
    await editor.click();
    await editor.pressSequentially('创作背景：钱塘江大潮。');
    // The code dialog: 450 px high and wide enough to read the markup.
    await page.locator('.tox-tbtn[aria-label="源代码"]').first().click();
    const codeDialog = page.locator('.tox-dialog');
    await codeDialog.waitFor();
    const box = await codeDialog.boundingBox();
    expect(box?.height).toBe(450);
    expect(box?.width).toBe(800);
    await codeDialog.getByRole('button', { name: '取消' }).click();
    await codeDialog.waitFor({ state: 'detached' });
    // Full screen on and off; the wrapper follows the editor's state.
    const fullscreen = page.locator('.tox-tbtn[aria-label="全屏"]').first();
    await fullscreen.click();
    // The wrapper is left with no size while the editor is fixed over the page: attached, not visible.
    await page.locator('.fs-rte[data-fullscreen]').waitFor({ state: 'attached' });
    expect((await page.locator('.tox-tinymce.tox-fullscreen').boundingBox())?.width).toBe(1280);
    await fullscreen.click();
    await page.locator('.fs-rte[data-fullscreen]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '添加一行' }).first().click();
    await page.getByLabel('主创团队第 1 行姓名').fill('林书远');
    await page.getByLabel('主创团队第 1 行担任职务').fill('导演');
    await page.getByRole('button', { name: '添加一行' }).nth(1).click();
    await page.getByLabel('预算明细第 1 行支出科目').fill('舞美制作');
    await page.getByLabel('预算明细第 1 行金额（元）').fill('120000');
    await page.getByRole('combobox', { name: '合作方' }).click();
    await page.getByRole('option', { name: '高等院校' }).click();
    await page.keyboard.press('Escape');
    await upload(page, '申报书扫描件（加盖公章）', '申报书.pdf', 'application/pdf', PDF);
    await upload(page, '附件材料', '剧本节选.pdf', 'application/pdf', PDF);
    await upload(page, '剧照', '剧照.png', 'image/png', PNG);
    for (const name of ['本单位承诺所填报信息及所附材料真实、准确、完整', '申报项目不存在知识产权争议，未侵犯他人合法权益', '同一项目未同时申报其他省级财政资助']) {
      await page.getByRole('checkbox', { name }).check();
    }

    // Saved as a draft automatically.
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/草稿已保存/);
    await page.waitForTimeout(2000);
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/草稿已保存/);
    await checkScreen(page, 'application');
    for (const [name, y] of [['application-part-1', 0], ['application-part-2', 1300], ['application-part-3', 2600]] as const) {
      await page.screenshot({ path: `artifacts/${name}.png`, fullPage: true, clip: { x: 0, y, width: 1280, height: 1300 } });
    }

    // Reload: nothing is lost.
    await page.reload();
    await page.locator('.tox-edit-area iframe').first().waitFor();
    await expect.poll(() => field(page, '项目名称').inputValue()).toBe('原创越剧《钱塘潮》');
    expect(await field(page, '申请资助金额（元）').inputValue()).toContain('200,000');
    expect(await page.getByLabel('主创团队第 1 行姓名').inputValue()).toBe('林书远');
    expect(await page.getByRole('checkbox', { name: '同一项目未同时申报其他省级财政资助' }).isChecked()).toBe(true);
    await expect.poll(() => page.frameLocator('.tox-edit-area iframe').first().locator('body').textContent()).toContain('钱塘江大潮');
    await page.getByRole('link', { name: '申报书.pdf' }).waitFor();

    // Someone saves the same application elsewhere: the next autosave meets a 409 and explains it.
    const token = (await page.context().cookies()).find((c) => c.name === 'flagship-portal-token')?.value ?? '';
    const headers = { authKey: token, 'content-type': 'application/json' };
    const detail = (await (await fetch(`${portal.apiUrl}/api/project/6/form/6`, { headers })).json()) as { data: { apply: { version: number; data: Record<string, unknown> } } };
    const elsewhere = await fetch(`${portal.apiUrl}/api/project/6/form/6/apply`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: { ...detail.data.apply.data, leaderName: '顾青禾' }, version: detail.data.apply.version, submit: false }),
    });
    expect(((await elsewhere.json()) as { errno: number }).errno).toBe(200);
    await field(page, '计划演出场次').fill('21');
    // Both copies are kept: the field changed elsewhere comes from there, the one typed here stays.
    const conflict = page.getByRole('dialog', { name: '申报内容已在别处更新' });
    await conflict.waitFor({ timeout: 15_000 });
    await conflict.getByRole('button', { name: '采用所选内容' }).click();
    await expect.poll(() => field(page, '项目负责人').inputValue()).toBe('顾青禾');
    expect(await field(page, '计划演出场次').inputValue()).toBe('21');
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/草稿已保存/);
    await page.locator('.tox-edit-area iframe').first().waitFor();

    // Submit, confirm, receipt.
    await submitFromForm(page);
    const serial = (await page.getByTestId('serial-number').textContent()) ?? '';
    expect(serial).not.toBe('—');
    await checkScreen(page, 'application-receipt');

    // Listed in the personal centre.
    await page.goto(`${url}/user`);
    const row = page.getByRole('row', { name: /2026年度舞台艺术精品创作扶持项目/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('已提交');
    expect(await row.textContent()).toContain(serial);
    await checkScreen(page, 'user');
    // At 800 px the row keeps every action in view and the title of the header shows.
    await page.setViewportSize({ width: 800, height: 900 });
    expect((await row.getByRole('button', { name: '撤回申报' }).boundingBox())?.x).toBeLessThan(800 - 24 - 28);
    expect((await page.locator('.fs-header__title').boundingBox())?.width).toBeGreaterThan(100);
    await checkScreen(page, 'user-800');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Export downloads a .docx.
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '导出' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.docx$/);

    // Download: a packaging job with progress, then the zip.
    const zip = page.waitForEvent('download', { timeout: 60_000 });
    await row.getByRole('button', { name: '下载' }).click();
    await page.getByRole('dialog', { name: '下载申报材料' }).waitFor();
    await page.getByRole('progressbar', { name: '下载进度' }).waitFor();
    expect((await zip).suggestedFilename()).toMatch(/\.zip$/);

    // Read-only details.
    await row.getByRole('link', { name: '2026年度舞台艺术精品创作扶持项目' }).click();
    await page.waitForURL('**/decDetail?id=*');
    await page.getByText('原创越剧《钱塘潮》').waitFor();
    await checkScreen(page, 'dec-detail');

    // Print view, one sheet per application.
    await page.getByRole('button', { name: '打印' }).click();
    await page.waitForURL('**/print?ids=*');
    await page.locator('.fs-print__sheet').first().waitFor();
    expect(await page.locator('.fs-print__sheet').count()).toBe(1);
    expect(await page.locator('.fs-print__sheet').textContent()).toContain(serial);
    await checkScreen(page, 'print');

    // Withdraw, with confirmation: it leaves review and stays listed with its receipt (user-centre.test.ts).
    await page.goto(`${url}/user`);
    await row.getByRole('button', { name: '撤回申报' }).click();
    await page.getByRole('dialog', { name: '撤回申报' }).getByRole('button', { name: '确认撤回' }).click();
    await expect.poll(() => row.textContent()).toContain('已撤回');
    expect(await row.textContent()).toContain(serial);
  });
});
