import { afterAll, beforeAll, it } from 'vitest';
import { openPortal, type Portal } from './support';
let portal: Portal;
beforeAll(async () => { portal = await openPortal(30); });
afterAll(async () => { await portal?.close(); });
it('debug', async () => {
  const { page, url } = portal;
  page.on('request', (r) => { if (r.url().includes('/api/')) console.log('REQ', r.method(), r.url()); });
  page.on('response', async (r) => { if (r.url().includes('/api/verify')) console.log('RES', r.status(), r.headers()['x-captcha-answer'], r.headers()['set-cookie']); });
  await page.goto(`${url}/reg`);
  await page.waitForTimeout(3000);
  console.log((await page.context().cookies()).map((c) => c.name + '=' + c.value).join('; '));
});
