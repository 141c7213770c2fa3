import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadPortalRenderer, portalPages, portalPaths, portalTemplates, type PortalRenderer } from './portal-pages';

const html = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>';
const withShell =
  '<!doctype html><html><head><title>平台</title><link rel="stylesheet" crossorigin href="/assets/index.css">\n<script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react.js"></head>' +
  '<body><div id="root"><!--app-shell--><p>正在加载…</p><!--/app-shell--></div></body></html>';

function dist(preloads?: object, page = html): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeFileSync(join(dir, 'index.html'), page);
  if (preloads) writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify(preloads));
  return dir;
}

describe('portalTemplates', () => {
  it("links a route's scripts and styles from the head", () => {
    const page = portalTemplates(dist({ '/index': { js: ['/assets/home.js', '/assets/Card.js'], css: ['/assets/home.css'] } }));
    const out = page('/index');
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/Card.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">');
    expect(out).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
  });

  it('serves the plain page for paths it does not list, and without a preload list', () => {
    expect(portalTemplates(dist({ '/index': { js: ['/assets/home.js'], css: [] } }))('/nowhere')).toBe(html);
    expect(portalTemplates(dist())('/index')).toBe(html);
  });
});

describe('portalPaths', () => {
  it('knows the pages the build lists, as the router matches them; the not-found page is none', () => {
    const isPage = portalPaths(dist({ '/': { js: [], css: [] }, '/index': { js: [], css: [] }, '/projectDetail': { js: [], css: [] }, '/404': { js: [], css: [] } }));
    for (const path of ['/', '/index', '/projectDetail', '/projectdetail', '/index/']) expect(isPage(path), path).toBe(true);
    for (const path of ['/nowhere', '/index/more', '/404', '/projectDetails', '']) expect(isPage(path), path).toBe(false);
  });

  it('takes every path for a page when the build wrote no list', () => {
    expect(portalPaths(dist())('/nowhere')).toBe(true);
  });
});

describe('portalPages', () => {
  const warnings: unknown[] = [];
  const log = { warn: (entry: unknown) => warnings.push(entry) } as unknown as FastifyBaseLogger;
  // The portal's table says which pages count their views (see apps/portal/src/routes.ts).
  const countsViews = (path: string) => path === '/policyDetail';
  const pages = ({ render }: Pick<PortalRenderer, 'render'>, timeoutMs?: number) =>
    portalPages(dist({ '/index': { js: ['/assets/home.js'], css: [] } }, withShell), { app: Fastify(), renderer: { render, countsViews }, log, ...(timeoutMs ? { timeoutMs } : {}) });

  it('puts a rendered page in place of the shell, its data before </body>, and its scripts after the first paint', async () => {
    const seen: { url: string; cookie: string | undefined }[] = [];
    const page = await pages({
      render: async ({ url, cookie }) => {
        seen.push({ url, cookie });
        return { html: '<main>申报中的项目</main>', title: '首页 - <艺术>', data: '<script type="application/json" id="d">{}</script>' };
      },
    })('/index?x=1', 'a=1');
    expect(seen).toEqual([{ url: '/index?x=1', cookie: 'a=1' }]);
    expect(page).toContain('<div id="root"><main>申报中的项目</main></div>');
    expect(page).toContain('<title>首页 - &lt;艺术&gt;</title>');
    expect(page).toContain('<script type="application/json" id="d">{}</script>\n</body>');
    expect(page).toContain('<script defer src="/hydrate.js" data-entry="/assets/index.js" data-modules="/assets/react.js /assets/home.js"></script>');
    expect(page).not.toMatch(/modulepreload|type="module"/);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
  });

  it('sends the plain page when the renderer declines, fails or is too slow', async () => {
    const plain = portalTemplates(dist({ '/index': { js: ['/assets/home.js'], css: [] } }, withShell))('/index');
    warnings.length = 0;
    expect(await pages({ render: async () => undefined })('/index', undefined)).toBe(plain);
    expect(warnings).toHaveLength(0);
    expect(await pages({ render: () => Promise.reject(new Error('数据加载失败')) })('/index', undefined)).toBe(plain);
    expect(await pages({ render: () => new Promise(() => {}) }, 50)('/index', undefined)).toBe(plain);
    expect(warnings).toHaveLength(2);
  });

  it("reuses a visitor's page for the cache interval, never a page rendered with a session", async () => {
    let renders = 0;
    const page = portalPages(dist({}, withShell), {
      app: Fastify(),
      log,
      cacheMs: 60_000,
      renderer: { countsViews, render: async () => ({ html: `<main>第 ${++renders} 次</main>`, title: '', data: '' }) },
    });
    expect(await page('/index', 'theme=dark')).toContain('第 1 次');
    expect(await page('/index', undefined)).toContain('第 1 次');
    // Another address, another access-password cookie, or a session: rendered anew.
    expect(await page('/index?x=1', undefined)).toContain('第 2 次');
    expect(await page('/index', 'fs_access=abc')).toContain('第 3 次');
    expect(await page('/index', 'flagship-portal-token=t1')).toContain('第 4 次');
    expect(await page('/index', 'flagship-portal-token=t1')).toContain('第 5 次');
    // A notice counts its views: rendered every time.
    expect(await page('/policyDetail?id=1', undefined)).toContain('第 6 次');
    expect(await page('/policyDetail?id=1', undefined)).toContain('第 7 次');
  });

  it('sends the plain page while as many renders as allowed are under way', async () => {
    let finish: () => void = () => {};
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const page = portalPages(dist({}, withShell), {
      app: Fastify(),
      log,
      maxRenders: 1,
      renderer: {
        countsViews,
        render: async () => {
          await slow;
          return { html: '<main>已渲染</main>', title: '', data: '' };
        },
      },
    });
    const first = page('/index', 'flagship-portal-token=a');
    expect(await page('/index', 'flagship-portal-token=b')).toContain('<!--app-shell-->');
    finish();
    expect(await first).toContain('已渲染');
    expect(await page('/index', 'flagship-portal-token=c')).toContain('已渲染');
  });

  it("answers a render's calls in-process, each GET once", async () => {
    const app = Fastify();
    let hits = 0;
    app.get('/api/setting/index', async (req) => ({ errno: 200, errmsg: '', data: { hit: ++hits, cookie: req.headers.cookie } }));
    const page = await portalPages(dist({}, withShell), {
      app,
      log,
      renderer: {
        countsViews,
        render: async ({ transport }) => {
          const read = async () => JSON.parse(Buffer.from((await transport({ method: 'GET', url: '/api/setting/index', headers: {} })).body).toString('utf8')) as unknown;
          const bodies = await Promise.all([1, 2, 3].map(read));
          return { html: `<main>${JSON.stringify(bodies)}</main>`, title: '', data: '' };
        },
      },
    })('/index', 'a=1');
    expect(hits).toBe(1);
    expect(page).toContain('{"errno":200,"errmsg":"","data":{"hit":1,"cookie":"a=1"}}');
    expect(page.match(/"hit":1/g)).toHaveLength(3);
  });

  it("sends a render's other calls each time, joins a header's values, and asks again in the next render", async () => {
    const app = Fastify();
    let reads = 0;
    let writes = 0;
    app.get('/api/setting/index', async () => ({ errno: 200, errmsg: '', data: ++reads }));
    app.post('/api/note', async (req, reply) => {
      reply.header('set-cookie', ['a=1', 'b=2']);
      return { errno: 200, errmsg: '', data: { n: ++writes, body: req.body } };
    });
    const render: PortalRenderer['render'] = async ({ transport }) => {
      const text = async (answer: Promise<{ headers: Record<string, string | undefined>; body: Uint8Array }>) => {
        const { headers, body } = await answer;
        return `${headers['set-cookie'] ?? ''} ${Buffer.from(body).toString('utf8')}`;
      };
      const post = () => transport({ method: 'POST', url: '/api/note', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
      const parts = await Promise.all([text(post()), text(post()), text(transport({ method: 'GET', url: '/api/setting/index', headers: {} }))]);
      return { html: `<main>${parts.join(' | ')}</main>`, title: '', data: '' };
    };
    const page = portalPages(dist({}, withShell), { app, log, renderer: { countsViews, render } });
    expect(await page('/index', undefined)).toContain('<main>a=1, b=2 {"errno":200,"errmsg":"","data":{"n":1,"body":{"x":1}}} | a=1, b=2 {"errno":200,"errmsg":"","data":{"n":2,"body":{"x":1}}} |  {"errno":200,"errmsg":"","data":1}</main>');
    expect(await page('/index', undefined)).toContain('"data":2}</main>');
    expect([reads, writes]).toEqual([2, 4]);
  });

  it('aborts a render it gave up on', async () => {
    let signal: AbortSignal | undefined;
    const page = await pages({
      render: (request) => {
        signal = request.signal;
        return new Promise(() => {});
      },
    }, 50)('/index', undefined);
    expect(page).toContain('<!--app-shell-->');
    expect(signal?.aborted).toBe(true);
  });
});

describe('loadPortalRenderer', () => {
  const warnings: unknown[] = [];
  const log = { warn: (entry: unknown) => warnings.push(entry) } as unknown as FastifyBaseLogger;
  const bundle = (source: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-dist-server-'));
    writeFileSync(join(dir, 'entry-server.js'), source);
    return dir;
  };

  it('loads the render function and what the route table says about counted views', async () => {
    const renderer = await loadPortalRenderer(bundle("export const render = async () => undefined;\nexport const countsViews = (path) => path === '/policyDetail';\n"), log);
    expect(renderer?.countsViews('/policyDetail')).toBe(true);
    expect(renderer?.countsViews('/index')).toBe(false);
  });

  it('leaves every page to the browser without a bundle, or with one that lacks an export', async () => {
    warnings.length = 0;
    expect(await loadPortalRenderer(mkdtempSync(join(tmpdir(), 'portal-dist-server-')), log)).toBeUndefined();
    expect(warnings).toHaveLength(0);
    expect(await loadPortalRenderer(bundle('export const render = async () => undefined;\n'), log)).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});
