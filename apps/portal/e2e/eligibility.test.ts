import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, staffToken } from './calls';
import { checkScreen, field, login, newAccount, openPortal, register, submitFromForm, type Portal } from './support';

// Issue 13: a call's eligibility questions asked before the form starts, and a budget table whose
// total is shown live and tied to the amount asked for.

async function screens(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 800, height: 900 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('eligibility and budget totals', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(37);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('tells an applicant who does not qualify why, lets a qualifying one start, and totals the budget live', async () => {
    const { page, url, apiUrl } = portal;
    const staff = await staffToken(apiUrl);
    const project = {
      title: `资格与预算测试项目 ${Date.now().toString(36)}`,
      applyStart: iso(Date.now() - 86_400_000),
      applyEnd: iso(Date.now() + 30 * 86_400_000),
      eligibility: [
        { key: 'licensed', kind: 'yesNo', label: '是否具有演出经营许可证', qualifying: true, reason: '须持有演出经营许可证' },
        { key: 'staff', kind: 'number', label: '本单位专职人员数', min: 3, integer: true, reason: '专职人员不少于 3 人' },
        { key: 'yearCount', kind: 'applicationsThisYear', label: '本单位本年度已申报项目数', max: 0, reason: '每个单位每年只能申报一个项目' },
      ],
    };
    const created = await apiCall<{ id: number }>(apiUrl, '/api/console/project', { method: 'POST', token: staff, body: project });
    await apiCall(apiUrl, `/api/console/project/${created.id}/form`, {
      method: 'POST',
      token: staff,
      body: {
        title: '申报书',
        fields: [
          { key: 'amount', kind: 'money', label: '申请资助金额', required: true },
          {
            key: 'budget',
            kind: 'table',
            label: '预算明细',
            columns: [
              { key: 'item', kind: 'text', label: '支出项目' },
              { key: 'cost', kind: 'money', label: '金额' },
            ],
            totals: [{ column: 'cost', rule: { op: 'eq', field: 'amount' } }],
          },
        ],
      },
    });
    await apiCall(apiUrl, `/api/console/project/${created.id}/publish`, { method: 'POST', token: staff, body: { published: true } });

    const account = newAccount('eligible');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');
    await page.goto(`${url}/projectDetail?id=${created.id}`);
    await page.getByRole('link', { name: '立即申报' }).click();

    // Not qualifying: told why, and the form does not start.
    await page.getByRole('heading', { name: '申报资格确认' }).waitFor();
    await page.getByRole('radiogroup', { name: /是否具有演出经营许可证/ }).getByLabel('否').check();
    await page.getByLabel(/本单位专职人员数/).fill('2');
    await page.getByRole('button', { name: '确认并开始申报' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: '不符合申报条件，不能开始申报' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('须持有演出经营许可证');
    expect(await refusal.textContent()).toContain('专职人员不少于 3 人');
    expect(await field(page, '申请资助金额').count()).toBe(0);
    await screens(page, 'eligibility-refused');

    // Qualifying: the form starts.
    await page.getByRole('radiogroup', { name: /是否具有演出经营许可证/ }).getByLabel('是').check();
    await page.getByLabel(/本单位专职人员数/).fill('5');
    await page.getByRole('button', { name: '确认并开始申报' }).click();
    await field(page, '申请资助金额').waitFor();

    // The budget's total follows the rows as they are typed.
    await field(page, '申请资助金额').fill('50000');
    const addRow = page.getByRole('button', { name: '添加一行' });
    await addRow.click();
    await addRow.click();
    await page.getByLabel('预算明细第 1 行支出项目').fill('场租');
    await page.getByLabel('预算明细第 1 行金额').fill('30000');
    await page.getByLabel('预算明细第 2 行支出项目').fill('道具');
    await page.getByLabel('预算明细第 2 行金额').fill('12000.5');
    await expect.poll(() => page.getByTestId('totals-budget').textContent()).toContain('42,000.50 元');

    // The rule is checked on submit, naming both fields.
    await page.getByRole('button', { name: '提交申报' }).click();
    const message = '「预算明细」的「金额」合计（42,000.50 元）应等于「申请资助金额」（50,000.00 元）';
    await page.getByText(message).first().waitFor();
    await screens(page, 'budget-total-rule');

    await field(page, '申请资助金额').fill('42000.5');
    await submitFromForm(page);
    await page.getByText(/申报编号/).first().waitFor();
  });
});
