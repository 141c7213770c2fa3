import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, field, openBrowser, unique, type Browsers, type Session } from './support';

// Issues 13.11 and 16.7: staff upload an image inside a notice's editor; visitors of the portal see
// it (the upload became public) under the site's CSP, which loads images from this site only.

// 2×2 red PNG: big enough for the browser to report a size once it has loaded.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4o6QERAwQCgAgdgRBhNis/gAAAABJRU5ErkJggg==', 'base64');

async function bothWidths(page: Page, name: string): Promise<void> {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 800, height: 900 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const loaded = (page: Page, selector: string) => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);

describe('an image in a notice', () => {
  let browsers: Browsers;
  let staff: Session;
  let visitor: Session;
  beforeAll(async () => {
    browsers = await openBrowser();
    staff = await browsers.open();
    visitor = await browsers.open();
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('is uploaded inside the editor, published with the notice and shown to visitors of the portal', async () => {
    const { page } = staff;
    const title = `${unique('配图')} 关于举办青年戏剧展演的通知`;
    await consoleLogin(page, browsers.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${browsers.url}/console/policies/new`);
    await field(page, '标题').fill(title);
    await page.locator('.tox-edit-area iframe').first().waitFor();
    const editor = page.frameLocator('.tox-edit-area iframe').first().locator('body');
    await editor.click();
    await editor.pressSequentially('展演海报：');

    await page.locator('.tox-tbtn[aria-label="插入/编辑图片"]').first().click();
    const dialog = page.locator('.tox-dialog');
    await dialog.getByRole('tab', { name: '上传' }).click();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/admin/upload') && r.status() === 200);
    await dialog.locator('input[type=file]').setInputFiles({ name: '展演海报.png', mimeType: 'image/png', buffer: PNG });
    await uploaded;
    const source = dialog.locator('input.tox-textfield').first();
    await expect.poll(() => source.inputValue(), { timeout: 15_000 }).toMatch(/\/api\/file\/\d+/);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    // A staff upload is private until the notice is saved: the editor shows it through the token.
    await expect.poll(() => editor.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

    await page.getByText('立即发布', { exact: true }).click();
    const saved = page.waitForResponse((r) => r.url().includes('/api/console/policy') && r.request().method() === 'POST');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    const body = (await (await saved).json()) as { errno: number; data: { id: number; content: string } };
    expect(body.errno).toBe(200);
    expect(body.data.content).toMatch(/^<p>展演海报：<img src="\/api\/file\/\d+"[^>]*\/><\/p>$/);
    await page.waitForURL(`**/console/policies/${body.data.id}`);
    await page.locator('.tox-edit-area iframe').first().waitFor();
    await bothWidths(page, 'notice-image-editor');

    // A visitor without a session: the image is public now, and the CSP lets it load (own origin).
    const csp: string[] = [];
    visitor.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
    });
    const response = await visitor.page.goto(`${browsers.url}/policyDetail?id=${body.data.id}`);
    expect(response?.headers()['content-security-policy']).toMatch(/img-src 'self' data: blob:;/);
    await visitor.page.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => loaded(visitor.page, '.rich-text img')).toBe(2);
    expect(csp).toEqual([]);
    await bothWidths(visitor.page, 'notice-image-portal');
  });
});
