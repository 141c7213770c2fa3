// The journeys' accessibility check must find what it is there to find, in the page and in its
// same-origin frames, leave out only the editor it is told to, and refuse a frame it cannot reach.
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { launchChromium } from './browser';

const unnamedButton = '<button id="bare"><svg width="10" height="10"></svg></button>';
const faintText = '<p id="faint" style="color:#ddd;background:#fff">几乎看不见的说明文字</p>';

function page(body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><title>检查</title></head><body><main><h1>检查</h1>${body}</main></body></html>`;
}

describe('seriousAxeViolations', () => {
  let browser: Browser;
  let tab: Page;
  // Served from an http origin of its own, as the portal is, so that its frames share that origin.
  let html = '';
  const show = async (body: string) => {
    html = page(body);
    await tab.goto('http://axe-check.test/');
  };
  beforeAll(async () => {
    browser = await launchChromium(chromium);
    tab = await (await browser.newContext()).newPage();
    await tab.route('http://axe-check.test/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await tab.route('http://elsewhere.test/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: page(unnamedButton) }));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds nothing on a sound page', async () => {
    await show('<p>清楚的说明文字</p><button>提交</button>');
    expect(await seriousAxeViolations(tab)).toEqual([]);
  });

  it('names a button without a name and text without contrast, with the element', async () => {
    await show(unnamedButton + faintText);
    const found = await seriousAxeViolations(tab);
    expect(found.find((line) => line.startsWith('button-name (critical)'))).toContain('#bare');
    expect(found.find((line) => line.startsWith('color-contrast (serious)'))).toContain('#faint');
  });

  it('looks into a same-origin frame, but not into the editor it leaves out', async () => {
    const inner = page(unnamedButton).replaceAll('"', '&quot;');
    await show(`<iframe title="嵌入" srcdoc="${inner}"></iframe><div class="tox">${faintText}</div>`);
    await tab.frameLocator('iframe').locator('#bare').waitFor();
    const found = await seriousAxeViolations(tab);
    expect(found.map((line) => line.split(' ')[0])).toEqual(['button-name']);
    expect(found[0]).toContain('iframe');
  });

  it('refuses a page with a frame of another origin, which it could not look into', async () => {
    await show('<iframe title="别处" src="http://elsewhere.test/"></iframe>');
    await tab.frameLocator('iframe').locator('#bare').waitFor();
    await expect(seriousAxeViolations(tab)).rejects.toThrow(/another origin \(http:\/\/elsewhere\.test\/\)/);
  });

  it('refuses a sandboxed frame too, at an address of the page but of an origin of its own', async () => {
    const inner = page(unnamedButton).replaceAll('"', '&quot;');
    await show(`<iframe title="沙箱" sandbox srcdoc="${inner}"></iframe>`);
    await tab.frameLocator('iframe').locator('#bare').waitFor();
    await expect(seriousAxeViolations(tab)).rejects.toThrow(/another origin \(about:srcdoc\)/);
  });
});
