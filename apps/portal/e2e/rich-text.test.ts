import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, staffToken } from './calls';
import { checkScreen, field, login, newAccount, openPortal, register, submitFromForm, type Portal } from './support';

// Issue 13, items 11 and 12: an image uploaded inside the editor is stored as an upload and named
// by its address (never base64), and a required rich-text field stays usable when TinyMCE cannot load.

const PASSWORD = 'Qingshan#2026';
// 2×2 red PNG: big enough for the browser to report a size once it has loaded.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4o6QERAwQCgAgdgRBhNis/gAAAABJRU5ErkJggg==', 'base64');

async function bothWidths(page: Page, name: string): Promise<void> {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 800, height: 900 });
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A published call whose form has a required rich-text field 实施方案 and a required 项目名称. */
async function richTextCall(apiUrl: string, staff: string, title: string) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const project = await apiCall<{ id: number }>(apiUrl, '/api/console/project', {
    method: 'POST',
    token: staff,
    body: { title, applyStart: iso(Date.now() - 86_400_000), applyEnd: iso(Date.now() + 7 * 86_400_000) },
  });
  const form = await apiCall<{ id: number }>(apiUrl, `/api/console/project/${project.id}/form`, {
    method: 'POST',
    token: staff,
    body: {
      title: '申报书',
      fields: [
        { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 50 },
        { key: 'plan', kind: 'richText', label: '实施方案', required: true },
      ],
    },
  });
  await apiCall(apiUrl, `/api/console/project/${project.id}/publish`, { method: 'POST', token: staff, body: { published: true } });
  return { projectId: project.id, formId: form.id };
}

async function tokenOf(portal: Portal): Promise<string> {
  return decodeURIComponent((await portal.context.cookies(portal.url)).find((c) => c.name === 'flagship-portal-token')?.value ?? '');
}

async function storedPlan(portal: Portal, call: { projectId: number; formId: number }): Promise<{ status: string; plan: string }> {
  const detail = await apiCall<{ apply: { status: string; data: { plan?: string } } | null }>(portal.apiUrl, `/api/project/${call.projectId}/form/${call.formId}`, { token: await tokenOf(portal) });
  return { status: detail.apply?.status ?? '', plan: detail.apply?.data.plan ?? '' };
}

async function submit(page: Page): Promise<void> {
  await submitFromForm(page);
}

describe('rich text', () => {
  let portal: Portal;
  let staff: string;
  beforeAll(async () => {
    portal = await openPortal(41);
    staff = await staffToken(portal.apiUrl);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('uploads an image inside the editor: stored as an upload, referred to by its address, shown with the session', async () => {
    const { page, url } = portal;
    const account = newAccount('richtext');
    await register(page, url, account, PASSWORD);
    await login(page, url, account, PASSWORD);
    const call = await richTextCall(portal.apiUrl, staff, `编辑器图片测试 ${Date.now().toString(36)}`);
    await page.goto(`${url}/application?projectId=${call.projectId}&formId=${call.formId}`);
    await page.locator('.tox-edit-area iframe').first().waitFor();
    await field(page, '项目名称').fill('《钱塘潮》');
    const editor = page.frameLocator('.tox-edit-area iframe').first().locator('body');
    await editor.click();
    await editor.pressSequentially('舞台效果如下：');

    await page.locator('.tox-tbtn[aria-label="插入/编辑图片"]').first().click();
    const dialog = page.locator('.tox-dialog');
    await dialog.getByRole('tab', { name: '上传' }).click();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/admin/upload') && r.status() === 200);
    await dialog.locator('input[type=file]').setInputFiles({ name: '舞台效果.png', mimeType: 'image/png', buffer: PNG });
    await uploaded;
    // The upload fills in the address on the general tab; then the image goes in.
    await page.screenshot({ path: 'artifacts/rich-text-image-dialog.png' });
    const source = dialog.locator('input.tox-textfield').first();
    await expect.poll(() => source.inputValue(), { timeout: 15_000 }).toMatch(/\/api\/file\/\d+\?authkey=/);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The private image is shown in the editor (through the token), and loads.
    const image = editor.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/草稿已保存/);
    const draft = await storedPlan(portal, call);
    expect(draft.plan).toMatch(/^<p>舞台效果如下：<img src="\/api\/file\/\d+"[^>]*\/><\/p>$/);
    expect(draft.plan).not.toMatch(/authkey|data:|base64|blob:/);
    await bothWidths(page, 'rich-text-image-upload');

    await submit(page);
    expect((await storedPlan(portal, call)).status).toBe('submitted');

    // The applicant's own reading of it shows the image too.
    const applyId = (await apiCall<{ apply: { id: number } }>(portal.apiUrl, `/api/project/${call.projectId}/form/${call.formId}`, { token: await tokenOf(portal) })).apply.id;
    await page.goto(`${url}/decDetail?id=${applyId}`);
    const shown = page.locator('.rich-text img');
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    await bothWidths(page, 'rich-text-image-detail');
  });

  it('keeps a required rich-text field usable when TinyMCE cannot load: logged, a plain textarea saved as paragraphs', async () => {
    const { page, url } = portal;
    const call = await richTextCall(portal.apiUrl, staff, `编辑器加载失败测试 ${Date.now().toString(36)}`);
    const logged: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') logged.push(message.text());
    };
    page.on('console', onConsole);
    await page.route('**/tinymce/**', (route) => route.abort());
    try {
      await page.goto(`${url}/application?projectId=${call.projectId}&formId=${call.formId}`);
      const fallback = page.getByRole('textbox', { name: '实施方案' });
      await fallback.waitFor();
      await expect.poll(() => logged.some((text) => text.startsWith('Failed to load') && text.includes('/tinymce/tinymce.min.js'))).toBe(true);
      expect(await page.locator('.tox-tinymce').count()).toBe(0);

      await field(page, '项目名称').fill('《钱塘潮》');
      await fallback.fill('第一幕：潮起 <b>钱塘</b> & 江\n\n第二幕：弄潮');
      await bothWidths(page, 'rich-text-fallback');
      await submit(page);
      const sent = await storedPlan(portal, call);
      expect(sent).toEqual({ status: 'submitted', plan: '<p>第一幕：潮起 &lt;b&gt;钱塘&lt;/b&gt; &amp; 江</p><p>第二幕：弄潮</p>' });
    } finally {
      await page.unroute('**/tinymce/**');
      page.off('console', onConsole);
    }
  });
});
