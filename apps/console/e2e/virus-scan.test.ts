import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, openBrowser, type Browsers } from './support';

// Issue 16: staff are told when uploads are not scanned for malware. The shared server scans with
// a clamd of its own (when ClamAV is installed, as in CI); this one is started without a scanner.
describe('the console says when uploads are not scanned', () => {
  let unscanned: Browsers;
  let shared: Browsers;
  beforeAll(async () => {
    [unscanned, shared] = await Promise.all([openBrowser({ ownServer: true, serverEnv: { CLAMD_ADDRESS: '' } }), openBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([unscanned?.close(), shared?.close()]);
  });

  it('warns on the settings page without a scanner, and not with one', async () => {
    const { page } = await unscanned.open();
    await consoleLogin(page, unscanned.url);
    await page.goto(`${unscanned.url}/console/settings`);
    await page.getByRole('alert').filter({ hasText: '未配置病毒扫描' }).waitFor();
    await checkScreen(page, 'settings-no-virus-scan');

    const staff = await shared.open();
    await consoleLogin(staff.page, shared.url);
    await staff.page.goto(`${shared.url}/console/settings`);
    await staff.page.getByRole('textbox', { name: /站点名称/ }).waitFor();
    const health = (await (await fetch(`${shared.url}/api/health`)).json()) as { data: { virusScan: string } };
    if (health.data.virusScan === 'ok') expect(await staff.page.getByText('未配置病毒扫描').count()).toBe(0);
  });
});
