import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, field, openBrowser, pick, pickDateTime, unique, type Browsers, type Session } from './support';

// Issue 13: staff define a call's eligibility questions and a budget table's total with its rule.

async function screens(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 800, height: 900 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('eligibility questions and budget totals in the console', () => {
  let browsers: Browsers;
  let staff: Session;
  beforeAll(async () => {
    browsers = await openBrowser();
    staff = await browsers.open();
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('staff define the questions on the call and a budget total tied to the amount on the form', async () => {
    const { page } = staff;
    await consoleLogin(page, browsers.url);
    await page.goto(`${browsers.url}/console/projects/new`);
    await field(page, '项目标题').fill(`${unique('E2E')} 资格与预算`);
    await pickDateTime(page, '申报开始时间', 1, '09:00');
    await pickDateTime(page, '申报截止时间', 28, '17:30', 2);

    await page.getByRole('button', { name: '添加资格问题' }).click();
    await page.getByRole('menuitem', { name: '是 / 否' }).click();
    await field(page, '问题 1').fill('是否具有演出经营许可证');
    await field(page, '问题 1 不符合时的说明').fill('须持有演出经营许可证');
    await page.getByRole('button', { name: '添加资格问题' }).click();
    await page.getByRole('menuitem', { name: '自动：本年度已申报项目数' }).click();
    // A question without its reason is refused before saving, naming the rule.
    await page.getByRole('button', { name: '创建项目' }).click();
    await page.getByText('请填写不符合时的说明').first().waitFor();
    await field(page, '问题 2 不符合时的说明').fill('每个单位每年只能申报一个项目');
    await page.getByRole('button', { name: '创建项目' }).click();
    await page.waitForURL(/\/console\/projects\/\d+$/);
    await page.reload();
    await expect.poll(() => field(page, '问题 1').inputValue()).toBe('是否具有演出经营许可证');
    expect(await field(page, '问题 2').inputValue()).toBe('本单位本年度已申报项目数');
    await screens(page, 'console-eligibility');

    await page.getByRole('link', { name: '新建表单' }).click();
    await page.waitForURL('**/forms/new');
    await field(page, '表单名称').fill('预算申报书');
    await page.getByRole('button', { name: '添加字段' }).click();
    await page.getByRole('menuitem', { name: '金额', exact: true }).click();
    await field(page, '字段名称').fill('申请资助金额');
    await page.getByRole('button', { name: '添加字段' }).click();
    await page.getByRole('menuitem', { name: '表格', exact: true }).click();
    await field(page, '字段名称').fill('预算明细');
    await page.getByRole('button', { name: '添加列' }).click();
    // The field menu lists 金额 too and may still be closing: pick from the column menu (Mantine names
    // a menu after the button that opens it).
    await page.getByRole('menu', { name: '添加列' }).getByRole('menuitem', { name: '金额', exact: true }).click();
    await page.getByRole('switch', { name: '合计「金额」' }).check();
    await pick(page, '「金额」合计须', '等于');
    await pick(page, '比较的字段', /^申请资助金额/);
    const preview = page.getByRole('region', { name: '表单预览' });
    await preview.getByText('合计').first().waitFor();
    await screens(page, 'console-budget-total');
    await page.getByRole('button', { name: '保存表单' }).click();
    await page.waitForURL(/\/forms\/\d+$/);
    await page.getByText('已保存 · 版本 1').waitFor();
  });
});
