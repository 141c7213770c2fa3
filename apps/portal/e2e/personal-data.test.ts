import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, login, newAccount, openPortal, register, type Portal } from './support';

// Issue 16 (PIPL): the applicant downloads a copy of everything the platform holds about them.
describe('my personal data', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(58);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('downloads from the personal page as a zip with the records as JSON', async () => {
    const { page, url } = portal;
    const account = newAccount('pipl');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');
    await page.goto(`${url}/personal`);
    const button = page.getByRole('link', { name: '下载我的个人数据' });
    await button.waitFor();
    await checkScreen(page, 'personal-data');
    await page.setViewportSize({ width: 800, height: 900 });
    await checkScreen(page, 'personal-data-800');
    await page.setViewportSize({ width: 1280, height: 900 });

    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^个人数据-\d{4}-\d\d-\d\d\.zip$/);
    // Info-ZIP's reader (installed with the tests' system packages), as an applicant's tool would.
    const path = (await file.path())!;
    const record = JSON.parse(execFileSync('unzip', ['-p', path, '*.json'], { encoding: 'utf8' })) as { account: { account: string } };
    // Names are UTF-8 (flagged); this unzip prints them in its own charset, so only their endings are read here.
    const names = execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/\.txt$/);
    expect(names[1]).toMatch(/\.json$/);
    expect(record.account.account).toBe(account);
  });
});
