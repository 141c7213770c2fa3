import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, openBrowser, type Browsers, type Session } from './support';

// The console opens on the programme dashboard (issue 14): charts over the demo data, every figure
// a link to the list behind it.
describe('the programme dashboard', () => {
  let browsers: Browsers;
  let staff: Session;

  beforeAll(async () => {
    browsers = await openBrowser();
    staff = await browsers.open();
    await consoleLogin(staff.page, browsers.url);
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('is where staff land, renders its charts, passes axe at 1280 and 800, and a figure leads to its filtered list', async () => {
    const { page } = staff;
    await page.waitForURL(/\/console\/dashboard$/);
    await page.getByRole('heading', { name: '工作台', level: 1 }).waitFor();
    const perCall = page.getByRole('region', { name: /各项目申报情况/ });
    await perCall.locator('.recharts-surface').first().waitFor();
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await checkScreen(page, `console-dashboard-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    const figure = perCall.getByRole('link', { name: /已提交：\d+$/ }).first();
    const href = (await figure.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/review\/applications\?projectId=\d+&status=submitted$/);
    await figure.click();
    await page.waitForURL(/\/console\/review\/applications\?projectId=\d+&status=submitted$/);
    await page.getByRole('heading', { name: '申报审核', level: 1 }).waitFor();
  });
});
