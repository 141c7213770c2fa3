import { creditCodeCheckChar } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, field, login, newAccount, openPortal, register, type Portal } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

// Journey 4: enterprise authentication → the add-enterprise action warns, the badge reads 认证中.
describe('enterprise authentication', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(14);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('submits the authentication and then only warns', async () => {
    const { page, url } = portal;
    const account = newAccount('ent');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');

    // unauth: the action opens the form.
    await page.goto(`${url}/company`);
    await page.getByRole('button', { name: '企业入库申请' }).click();
    await page.waitForURL('**/addCompany');
    await field(page, '企业名称').waitFor();

    await field(page, '企业名称').fill('杭州钱塘潮文化演艺有限公司');
    const code17 = '91330102MA2KX7P5Q';
    const wrong = creditCodeCheckChar(code17) === '0' ? '1' : '0';
    await field(page, '统一社会信用代码').fill(code17 + wrong);
    await field(page, '统一社会信用代码').blur();
    await page.getByText('统一社会信用代码校验位不正确').waitFor();
    await field(page, '统一社会信用代码').fill(code17 + creditCodeCheckChar(code17));
    await page.getByText('校验位正确').waitFor();
    await page.getByRole('combobox', { name: '企业类型' }).click();
    await page.getByRole('option', { name: '有限责任公司' }).click();
    await field(page, '法定代表人').fill('沈清和');
    await page.getByRole('combobox', { name: '所在地区' }).click();
    // 丽水 was missing from the demo's region tree before the whole province was shipped (issue 13).
    await page.getByRole('combobox', { name: '所在地区' }).fill('莲都');
    await page.getByRole('option', { name: /丽水市.*莲都区/ }).click();
    await field(page, '详细地址').fill('丽水市莲都区人民街 1 号');
    await field(page, '联系人').fill('沈清和');
    await field(page, '联系电话').fill('0571-87000101');
    await page.locator('[aria-label="上传营业执照"] input[type=file]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('link', { name: '营业执照.png' }).waitFor();
    await page.locator('.tox-edit-area iframe').first().waitFor();
    await checkScreen(page, 'add-company');
    await page.getByRole('button', { name: '提交认证' }).click();
    await page.getByRole('heading', { name: '认证信息已提交，请等待审核' }).waitFor();
    await checkScreen(page, 'add-company-submitted');

    // The header badge reads 认证中.
    await page.getByRole('button', { name: '账户菜单' }).click();
    const item = page.getByRole('menuitem', { name: /企业认证/ });
    await item.waitFor();
    expect(await item.textContent()).toContain('认证中');
    await page.keyboard.press('Escape');

    // authing: the action only warns.
    await page.goto(`${url}/company`);
    await page.getByRole('button', { name: '企业入库申请' }).click();
    await page.locator('.mantine-Notification-root', { hasText: '认证信息已提交，请等待审核' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/company');

    // The personal page shows the status too.
    await page.goto(`${url}/personal`);
    await page.getByText('认证信息已提交，请等待审核。').waitFor();
  });
});
