import { afterAll, beforeAll, it } from 'vitest';
import { newAccount, openPortal, register, login, type Portal } from './support';
let portal: Portal;
beforeAll(async () => { portal = await openPortal(30); });
afterAll(async () => { await portal?.close(); });
it('debug', async () => {
  const { page, url } = portal;
  const a = newAccount('dbg');
  await register(page, url, a, 'Qingshan#2026');
  await login(page, url, a, 'Qingshan#2026');
  await page.getByRole('button', { name: '账户菜单' }).click();
  await page.getByRole('menuitem', { name: /企业认证/ }).waitFor();
  await page.waitForTimeout(500);
  console.log(await page.locator('[role=menu]').evaluate((el) => el.outerHTML));
});
