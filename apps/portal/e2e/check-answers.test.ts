import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, staffToken } from './calls';
import { apiLogin, checkScreen, field, login, newAccount, openPortal, register, type Portal } from './support';

// Issue 13: a task list per call with several forms, and check-your-answers before submitting
// with the call's declaration.

const DAY = 86_400_000;
const DECLARATION = '本单位承诺：申报材料真实有效。\n如有虚假，自愿取消申报资格。';

async function screens(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 800, height: 900 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A published call with a declaration and two forms: 申报书 (two sections, a table) and 绩效目标表. */
async function twoFormCall(apiUrl: string, token: string, title: string) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const project = { title, applyStart: iso(Date.now() - DAY), applyEnd: iso(Date.now() + 5 * DAY), declaration: DECLARATION };
  const created = await apiCall<{ id: number }>(apiUrl, '/api/console/project', { method: 'POST', token, body: project });
  const form = (body: unknown) => apiCall<{ id: number }>(apiUrl, `/api/console/project/${created.id}/form`, { method: 'POST', token, body });
  const proposal = await form({
    title: '申报书',
    fields: [
      { key: 'basics', kind: 'section', label: '基本情况' },
      { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 50 },
      { key: 'summary', kind: 'textarea', label: '项目简介', maxLength: 800 },
      { key: 'budgetPart', kind: 'section', label: '经费预算' },
      { key: 'amount', kind: 'number', label: '申请金额（万元）', required: true },
      {
        key: 'crew',
        kind: 'table',
        label: '主创人员',
        columns: [
          { key: 'name', kind: 'text', label: '姓名' },
          { key: 'role', kind: 'text', label: '职务' },
        ],
      },
    ],
  });
  const targets = await form({ title: '绩效目标表', fields: [{ key: 'goal', kind: 'textarea', label: '年度目标', required: true, maxLength: 500 }] });
  await apiCall(apiUrl, `/api/console/project/${created.id}/publish`, { method: 'POST', token, body: { published: true } });
  return { projectId: created.id, proposal: proposal.id, targets: targets.id };
}

describe('a call with several forms: the task list and checking answers before submitting', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(62);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lists each form as a task, checks the answers with 修改 links, and requires the declaration', async () => {
    const { page, url, apiUrl } = portal;
    const staff = await staffToken(apiUrl);
    const call = await twoFormCall(apiUrl, staff, `多表单项目 ${Date.now().toString(36)}`);
    const account = newAccount('tasks');
    const password = 'Qingshan#2026';
    await register(page, url, account, password);
    await login(page, url, account, password);

    const task = (formId: number) => page.getByTestId(`task-${formId}`);
    await page.goto(`${url}/projectDetail?id=${call.projectId}`);
    await page.getByTestId('form-tasks').waitFor();
    expect(await task(call.proposal).getAttribute('data-state')).toBe('todo');
    expect(await task(call.targets).textContent()).toContain('✗ 未填写');
    expect(await page.getByTestId('task-progress').textContent()).toBe('已提交 0 / 2 份表单');
    await screens(page, 'tasks-none');

    // The proposal: fill, 提交申报 → the summary.
    await task(call.proposal).getByRole('link', { name: '立即申报' }).click();
    await page.waitForURL(`**/application?projectId=${call.projectId}&formId=${call.proposal}`);
    await field(page, '项目名称').fill('越剧《钱塘潮》');
    await field(page, '项目简介').fill('三代弄潮人的故事。\n第二行');
    await field(page, '申请金额（万元）').fill('12');
    await page.getByRole('button', { name: '添加一行' }).click();
    await page.getByRole('textbox', { name: /姓名/ }).first().fill('王青');
    await page.getByRole('textbox', { name: /职务/ }).first().fill('编剧');
    await page.getByRole('button', { name: '提交申报' }).click();
    const summary = page.getByTestId('check-answers');
    await summary.waitFor();
    await expect.poll(() => page.getByTestId('application-fields').isVisible()).toBe(false);
    const basics = summary.getByRole('region', { name: '基本情况' });
    expect(await basics.textContent()).toContain('越剧《钱塘潮》');
    const budget = summary.getByRole('region', { name: '经费预算' });
    // Tables stay tables.
    expect(await budget.getByRole('cell', { name: '王青', exact: true }).count()).toBe(1);
    expect(await summary.getByTestId('declaration-text').textContent()).toBe(DECLARATION);
    await screens(page, 'check-answers');

    // 修改 goes back to that section with everything typed; the change shows in the summary.
    await summary.getByRole('button', { name: '修改「经费预算」' }).click();
    await page.getByTestId('application-fields').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-budgetPart');
    expect(await field(page, '项目名称').inputValue()).toBe('越剧《钱塘潮》');
    expect(await field(page, '项目简介').inputValue()).toBe('三代弄潮人的故事。\n第二行');
    await field(page, '申请金额（万元）').fill('15');
    await page.getByRole('button', { name: '提交申报' }).click();
    await summary.waitFor();
    expect(await summary.getByRole('region', { name: '经费预算' }).textContent()).toContain('15');

    // The declaration must be accepted.
    await summary.getByRole('button', { name: '确认提交' }).click();
    await summary.getByText('请阅读申报声明并勾选“我已阅读并同意”').waitFor();
    expect(await summary.getByRole('checkbox', { name: '我已阅读并同意' }).getAttribute('aria-invalid')).toBe('true');
    await screens(page, 'check-answers-declaration');
    await summary.getByRole('checkbox', { name: '我已阅读并同意' }).check();
    await summary.getByRole('button', { name: '确认提交' }).click();
    await page.getByRole('heading', { name: '申报已提交' }).waitFor();

    // The receipt says which forms remain, with links.
    const remaining = page.getByTestId('remaining-forms');
    await remaining.waitFor();
    expect(await remaining.textContent()).toContain('本项目还有 1 份表单未提交');
    await screens(page, 'receipt-remaining');
    await remaining.getByRole('link', { name: '绩效目标表' }).click();
    await page.waitForURL(`**/application?projectId=${call.projectId}&formId=${call.targets}`);
    await field(page, '年度目标').fill('完成 20 场演出');
    await page.getByRole('button', { name: '保存草稿' }).click();
    await page.getByTestId('save-state').getByText(/草稿已保存/).waitFor();

    // Back on the call: 申报书 ✓ 已提交 with its receipt, 绩效目标表 a draft with its time.
    await page.goto(`${url}/projectDetail?id=${call.projectId}`);
    await page.getByTestId('form-tasks').waitFor();
    expect(await task(call.proposal).getAttribute('data-state')).toBe('submitted');
    expect(await task(call.proposal).textContent()).toMatch(/✓ 已提交.*申报编号 FS-\d{4}-\d{6} · 提交于/);
    expect(await task(call.targets).getAttribute('data-state')).toBe('draft');
    expect(await task(call.targets).textContent()).toMatch(/最后保存于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await page.getByTestId('task-progress').textContent()).toBe('已提交 1 / 2 份表单');
    await screens(page, 'tasks-submitted-draft');

    // Returned by staff, then (once sent again) withdrawn by the applicant.
    const { token } = await apiLogin(apiUrl, account, password);
    const mine = await apiCall<{ list: { id: number; formId: number }[] }>(apiUrl, '/api/project/myApplyList?page=1&pageSize=10', { token });
    const sent = mine.list.find((a) => a.formId === call.proposal)!;
    await apiCall(apiUrl, `/api/console/apply/${sent.id}/review`, { method: 'POST', token: staff, body: { status: 'returned', message: '请补充演出计划' } });
    await page.reload();
    await page.getByTestId('form-tasks').waitFor();
    expect(await task(call.proposal).getAttribute('data-state')).toBe('returned');
    expect(await task(call.proposal).textContent()).toContain('请补充演出计划');
    await task(call.proposal).getByRole('link', { name: '修改后重新提交' }).waitFor();
    await screens(page, 'tasks-returned');

    await apiCall(apiUrl, `/api/project/form/${call.targets}/deleteApply`, { method: 'POST', token, body: { applyId: mine.list.find((a) => a.formId === call.targets)!.id } });
    const targetsSubmitted = await apiCall<{ id: number; version: number }>(apiUrl, `/api/project/${call.projectId}/form/${call.targets}/apply`, {
      method: 'POST',
      token,
      body: { data: { goal: '完成 20 场演出' }, version: 0, submit: true, declarationAccepted: true },
    });
    await apiCall(apiUrl, `/api/project/form/${call.targets}/deleteApply`, { method: 'POST', token, body: { applyId: targetsSubmitted.id } });
    await page.reload();
    await page.getByTestId('form-tasks').waitFor();
    expect(await task(call.targets).getAttribute('data-state')).toBe('withdrawn');
    expect(await task(call.targets).textContent()).toContain('已撤回');
    await task(call.targets).getByRole('link', { name: '立即申报' }).waitFor();
    await screens(page, 'tasks-withdrawn');
  });
});
