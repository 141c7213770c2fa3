import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

// The server serves the portal only once it is built (`pnpm build`); the browser journeys check
// the same through the server they start (apps/portal/e2e/display.test.ts).
const portalBuilt = existsSync(fileURLToPath(new URL('../../portal/dist/route-preloads.json', import.meta.url)));

describe.skipIf(!portalBuilt)('an address that is no page of the portal', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  const page = (path: string) => fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html' } });

  it('gets the not-found page with status 404', async () => {
    for (const path of ['/no/such/page', '/projectDetails?id=6', '/404']) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('leaves the pages at 200, however the router may spell them, and the API with its envelope', async () => {
    for (const path of ['/', '/index', '/project?page=2', '/Project/', '/policyDetail?id=1']) expect((await page(path)).status, path).toBe(200);
    const api = await fetch(`${server.baseUrl}/api/no-such-endpoint`);
    expect(((await api.json()) as { errno: number }).errno).toBe(404);
  });
});
