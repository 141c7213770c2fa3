import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, publishCall, staffToken } from './calls';
import { checkScreen, field, login, newAccount, openPortal, register, submitFromForm, type Portal } from './support';

// Issue 13, defect 1: in the personal centre, deleting a draft and withdrawing a submission are
// different acts, each in its own words; a withdrawn submission stays listed with its receipt.

async function screens(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 800, height: 900 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const DAY = 86_400_000;

describe('withdrawing a submission and deleting a draft in the personal centre', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(34);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('says what withdrawing does, keeps the withdrawn one listed with its receipt, and deletes a draft in its own words', async () => {
    const { page, url, apiUrl } = portal;
    const staff = await staffToken(apiUrl);
    const tag = Date.now().toString(36);
    const open = await publishCall(apiUrl, staff, `试演项目·申报中 ${tag}`, Date.now() + 2 * DAY);
    const closing = await publishCall(apiUrl, staff, `试演项目·已截止 ${tag}`, Date.now() + 2 * DAY);
    const account = newAccount('withdraw');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');

    // Submitted through the form.
    const formUrl = `${url}/application?projectId=${open.projectId}&formId=${open.formId}`;
    await page.goto(formUrl);
    await field(page, '项目名称').fill('越剧《钱塘潮》');
    await submitFromForm(page);
    const serial = (await page.getByTestId('serial-number').textContent()) ?? '';
    expect(serial).toMatch(/^FS-\d{4}-\d{6}$/);

    // Another submission, to a call whose deadline then passes.
    const token = (await page.context().cookies()).find((c) => c.name === 'flagship-portal-token')?.value ?? '';
    const late = await apiCall<{ serialNumber: string }>(apiUrl, `/api/project/${closing.projectId}/form/${closing.formId}/apply`, {
      method: 'POST',
      token,
      body: { data: { projectName: '越剧《西湖》' }, version: 0, submit: true },
    });
    await closing.moveDeadline(Date.now() - 60_000);

    await page.goto(`${url}/user`);
    const openRows = page.getByRole('row', { name: new RegExp(`试演项目·申报中 ${tag}`) });
    const closedRow = page.getByRole('row', { name: new RegExp(`试演项目·已截止 ${tag}`) });
    await openRows.waitFor();
    expect(await openRows.textContent()).toContain('已提交');
    // Every action says what it does in words; a submission is withdrawn, never "deleted".
    for (const name of ['导出', '下载', '打印', '撤回申报']) await openRows.getByRole('button', { name, exact: true }).waitFor();
    expect(await openRows.getByRole('button', { name: /删除/ }).count()).toBe(0);
    await screens(page, 'user-submitted');

    // Withdrawing before the deadline: what it does, and that it can be sent again until then.
    await openRows.getByRole('button', { name: '撤回申报' }).click();
    const withdraw = page.getByRole('dialog', { name: '撤回申报' });
    await withdraw.getByText(/截止前，您可以重新填写并提交该表单/).waitFor();
    const words = (await withdraw.textContent()) ?? '';
    expect(words).toContain('撤回后该申报将退出审核');
    expect(words).toContain('显示为“已撤回”');
    expect(words).toContain(serial);
    expect(words).not.toContain('不能再次提交');
    await checkScreen(page, 'user-withdraw-open');
    await withdraw.getByRole('button', { name: '确认撤回' }).click();
    await withdraw.waitFor({ state: 'detached' });

    // Still listed, as 已撤回, with its receipt; nothing more to withdraw, nothing to export from the form it left.
    await expect.poll(() => openRows.textContent()).toContain('已撤回');
    const withdrawnRow = openRows.filter({ hasText: '已撤回' });
    expect(await withdrawnRow.textContent()).toContain(serial);
    expect(await withdrawnRow.textContent()).toMatch(/提交于 \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(await withdrawnRow.getByRole('button', { name: '撤回申报' }).count()).toBe(0);
    expect(await withdrawnRow.getByRole('button', { name: '导出' }).count()).toBe(0);
    await withdrawnRow.getByRole('button', { name: '打印' }).waitFor();
    await screens(page, 'user-withdrawn');

    // After the deadline the confirmation warns that it cannot be sent again; cancelling keeps it.
    expect(await closedRow.textContent()).toContain(late.serialNumber);
    await closedRow.getByRole('button', { name: '撤回申报' }).click();
    await withdraw.getByText('申报已截止，撤回后不能再次提交').waitFor();
    expect(await withdraw.textContent()).toContain('此操作无法挽回');
    await screens(page, 'user-withdraw-closed');
    await withdraw.getByRole('button', { name: '取消' }).click();
    await withdraw.waitFor({ state: 'detached' });
    expect(await closedRow.textContent()).toContain('已提交');

    // The form it left is free: a new draft, whose deletion is said as such and takes it out of the list.
    await page.goto(formUrl);
    await field(page, '项目名称').fill('越剧《钱塘潮》重写');
    await expect.poll(() => page.getByTestId('save-state').textContent()).toMatch(/草稿已保存/);
    await page.goto(`${url}/user`);
    const draftRow = openRows.filter({ hasText: '草稿' });
    await draftRow.waitFor();
    expect(await draftRow.getByRole('button', { name: '撤回申报' }).count()).toBe(0);
    await draftRow.getByRole('button', { name: '删除草稿' }).click();
    const discard = page.getByRole('dialog', { name: '删除草稿' });
    await discard.getByText(/删除后这份草稿将从您的列表中移除/).waitFor();
    expect(await discard.textContent()).not.toContain('撤回');
    await checkScreen(page, 'user-discard-draft');
    await discard.getByRole('button', { name: '确定删除' }).click();
    await expect.poll(() => draftRow.count()).toBe(0);
    expect(await openRows.count()).toBe(1);
    expect(await openRows.textContent()).toContain('已撤回');

    // The withdrawn one reads as such on its own page too.
    await withdrawnRow.getByRole('link', { name: new RegExp(`试演项目·申报中 ${tag}`) }).click();
    await page.waitForURL('**/decDetail?id=*');
    await page.getByText(serial).waitFor();
    await page.getByText('已撤回', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '导出' }).count()).toBe(0);
  }, 180_000);
});
