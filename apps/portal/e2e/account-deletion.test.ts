import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, login, newAccount, openPortal, register, type Portal } from './support';

// Issue 16 (PIPL): the applicant asks for their account to be deleted, changes their mind, asks again.
describe('deleting my account', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(61);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('asks with the password after reading the consequences, cancels while pending, and asks again', async () => {
    const { page, url } = portal;
    const account = newAccount('erase');
    const password = 'Qingshan#2026';
    await register(page, url, account, password);
    await login(page, url, account, password);
    await page.goto(`${url}/personal`);
    const section = page.getByRole('region', { name: '注销账号' });
    await section.getByRole('button', { name: '申请注销账号' }).waitFor();
    await expect(section.getByText('已经提交的申报（含每次提交的回执和附件）作为项目档案保留', { exact: false }).isVisible()).resolves.toBe(true);

    await section.getByRole('button', { name: '申请注销账号' }).click();
    const dialog = page.getByRole('dialog', { name: '确认申请注销账号' });
    await dialog.waitFor();
    // Without the password, and with a wrong one: the field says why.
    await dialog.getByRole('button', { name: '确认申请注销' }).click();
    await dialog.getByText('请输入登录密码', { exact: true }).waitFor();
    await dialog.getByLabel('登录密码').fill('not-my-password');
    await dialog.getByRole('button', { name: '确认申请注销' }).click();
    await dialog.getByText('密码不正确', { exact: true }).waitFor();
    await checkScreen(page, 'account-deletion-confirm');
    await page.setViewportSize({ width: 800, height: 900 });
    await checkScreen(page, 'account-deletion-confirm-800');
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByLabel('登录密码').fill(password);
    await dialog.getByRole('button', { name: '确认申请注销' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText('注销申请处理中').waitFor();
    await checkScreen(page, 'account-deletion-pending');
    await page.setViewportSize({ width: 800, height: 900 });
    await checkScreen(page, 'account-deletion-pending-800');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Still pending after a reload: it is the server's state.
    await page.reload();
    await section.getByText('注销申请处理中').waitFor();
    await section.getByRole('button', { name: '撤销注销申请' }).click();
    await section.getByRole('button', { name: '申请注销账号' }).waitFor();

    await section.getByRole('button', { name: '申请注销账号' }).click();
    await dialog.getByLabel('登录密码').fill(password);
    await dialog.getByRole('button', { name: '确认申请注销' }).click();
    await section.getByText('注销申请处理中').waitFor();
  });
});
