import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SESSION_NAME, readCookieHeader, type Transport, type TransportAnswer, type TransportRequest } from '@flagship/api-client';
import type { FastifyBaseLogger, FastifyInstance, HTTPMethods } from 'fastify';
import { GATE_COOKIE } from '../auth/site-gate';
import { escapeHtml } from '../lib/escape-html';
import { createMicroCache } from '../lib/micro-cache';

type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

/** What the portal's server entry (`apps/portal/src/entry-server.tsx`) exports. */
export interface PortalRenderer {
  /** Whether the page's data load counts each view (a notice's): a visitor's copy is then never reused. */
  countsViews(path: string): boolean;
  render(request: { url: string; cookie: string | undefined; transport: Transport; signal?: AbortSignal }): Promise<{ html: string; title: string; description?: string; data: string } | undefined>;
}

/** The markers around the loading shell in the portal's index.html; a rendered page replaces it. */
const SHELL = /<!--app-shell-->[\s\S]*<!--\/app-shell-->/;

/** A page that takes longer than this to render is sent as the plain page, which loads in the browser. */
const RENDER_TIMEOUT_MS = 3_000;

/**
 * Renders under way at once, at most: beyond that the plain page goes out at once (the browser
 * renders it), so that a burst of addresses the visitor cache does not hold (random queries, many
 * logged-in applicants) cannot queue up behind the server's one thread.
 */
const MAX_RENDERS = 8;

function readPreloads(dist: string): RoutePreloads | undefined {
  const listFile = join(dist, 'route-preloads.json');
  return existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreloads) : undefined;
}

/** The portal's not-found page: sent, with status 404, for every address that is no page. */
export const NOT_FOUND_PATH = '/404';

/**
 * Whether a path is one of the portal's pages: the preload list names every route. The router
 * matches paths case-insensitively and with a trailing slash, so this does too. Without the list
 * (an older build) every path counts as a page.
 */
export function portalPaths(dist: string): (path: string) => boolean {
  const preloads = readPreloads(dist);
  if (!preloads) return () => true;
  const known = new Set(Object.keys(preloads).filter((path) => path !== NOT_FOUND_PATH).map((path) => path.toLowerCase()));
  return (path) => known.has(path.toLowerCase().replace(/(.)\/+$/, '$1'));
}

/**
 * The portal's index.html for each route, with the scripts and styles of the route's page linked
 * from the head (`route-preloads.json`, written by the portal build), so the browser fetches them
 * alongside the entry instead of after it has run. Paths the file does not list get the plain page.
 */
export function portalTemplates(dist: string): (path: string) => string {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const preloads = readPreloads(dist) ?? {};
  const pages = new Map<string, string>();
  for (const [path, { js, css }] of Object.entries(preloads)) {
    const links = [
      ...css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ];
    pages.set(path, html.replace('</head>', `${links.join('\n')}\n</head>`));
  }
  return (path) => pages.get(path) ?? html;
}

/**
 * The portal's server entry, if the portal was built with it (`apps/portal/dist-server`). One that
 * cannot be loaded (e.g. a build under way) or lacks what is asked of it (an older build) leaves
 * every page to the browser.
 */
export async function loadPortalRenderer(serverDist: string, log: FastifyBaseLogger): Promise<PortalRenderer | undefined> {
  const entry = join(serverDist, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  try {
    const renderer = (await import(pathToFileURL(entry).href)) as Partial<PortalRenderer>;
    if (typeof renderer.render !== 'function' || typeof renderer.countsViews !== 'function') throw new Error('the bundle does not export render and countsViews');
    return renderer as PortalRenderer;
  } catch (error) {
    log.warn({ err: error, entry }, 'portal pages will not be rendered on the server: its bundle did not load');
    return undefined;
  }
}

/**
 * The SDK's calls of a page being rendered, answered by this server in-process with the visitor's
 * cookies. One render asks each GET once (the settings, say, serve the layout and the title).
 * Reads go to the handlers directly where they can (`InProcessReads`): a request through Fastify
 * (light-my-request's request and response, the hooks, the headers written and read back) cost a
 * quarter of a logged-in render. Everything else is injected as a request.
 * Exported for `bench/render`, which records a render's answers through it.
 */
export function inProcessTransport(app: FastifyInstance, cookie: string | undefined): Transport {
  const answer = async ({ method, url, headers, body }: TransportRequest): Promise<TransportAnswer> => {
    if (method === 'GET') {
      const direct = await app.inProcessReads?.(url, headers);
      if (direct) return direct;
    }
    const injected = await app.inject({ method: method as HTTPMethods, url, headers: cookie ? { ...headers, cookie } : headers, ...(body === undefined ? {} : { payload: body }) });
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(injected.headers)) if (value !== undefined) answerHeaders[name] = [value].flat().join(', ');
    return { status: injected.statusCode, headers: answerHeaders, body: injected.rawPayload };
  };
  const reads = new Map<string, Promise<TransportAnswer>>();
  return (request) => {
    if (request.method !== 'GET') return answer(request);
    let read = reads.get(request.url);
    if (!read) reads.set(request.url, (read = answer(request)));
    return read;
  };
}

/**
 * Records the in-process calls of the renders made until `stop()`: the reads answered by their
 * handlers (`direct`) and the calls injected through Fastify (`injected`, the page's own request
 * among them when it is injected too). For the tests and `bench/render`.
 */
export function recordInProcessCalls(app: FastifyInstance): { direct: string[]; injected: string[]; stop(): void } {
  const { inProcessReads } = app;
  const inject = app.inject.bind(app);
  const direct: string[] = [];
  const injected: string[] = [];
  Object.assign(app, {
    inject: (options: { url: string }) => {
      injected.push(options.url);
      return inject(options as never);
    },
    inProcessReads: async (url: string, headers: Record<string, string>) => {
      const answer = await inProcessReads?.(url, headers);
      if (answer) direct.push(url);
      return answer;
    },
  });
  return { direct, injected, stop: () => void Object.assign(app, { inject, inProcessReads }) };
}

/**
 * A rendered page paints without its scripts: the entry and the modules it needs are fetched and
 * run only after the first paint (`/hydrate.js`, from the portal's public files, starts them), so
 * the HTML and the stylesheets have the connection to themselves and no script holds back the paint.
 */
function scriptsAfterPaint(page: string): string {
  const modules: string[] = [];
  const withoutPreloads = page.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
    modules.push(href);
    return '';
  });
  return withoutPreloads.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_, entry: string) => `<script defer src="/hydrate.js" data-entry="${entry}" data-modules="${modules.join(' ')}"></script>`,
  );
}

interface PortalPagesOptions {
  app: FastifyInstance;
  renderer: PortalRenderer | undefined;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  cacheMs?: number;
  maxRenders?: number;
}

/**
 * The HTML of a portal page: rendered with its data when the renderer takes the page (the
 * browser then hydrates it), otherwise the page with its loading shell. A render that fails or
 * takes too long is logged and the plain page sent: the browser renders it as before.
 */
export function portalPages(dist: string, options: PortalPagesOptions): (url: string, cookie: string | undefined) => Promise<string> {
  const template = portalTemplates(dist);
  const renderedTemplates = new Map<string, string>();
  const renderedTemplate = (path: string) => {
    let page = renderedTemplates.get(path);
    if (page === undefined) renderedTemplates.set(path, (page = scriptsAfterPaint(template(path))));
    return page;
  };
  const { app, renderer, log, timeoutMs = RENDER_TIMEOUT_MS, maxRenders = MAX_RENDERS } = options;
  let rendering = 0;
  // Visitors without a session see a page alike (given the same access-password cookie): like
  // the API's public answers, it is rendered once per interval under a burst.
  const visitorPages = createMicroCache(options.cacheMs ?? 0, 200);
  return async (url, cookie) => {
    const path = url.split('?')[0] ?? url;
    const page = template(path);
    if (!renderer || !SHELL.test(page)) return page;
    const reusable = !renderer.countsViews(path) && !readCookieHeader(cookie, `${DEFAULT_SESSION_NAME}-token`);
    const visitorKey = reusable ? `${url}\n${readCookieHeader(cookie, GATE_COOKIE) ?? ''}` : undefined;
    const cached = visitorKey === undefined ? undefined : visitorPages.get(visitorKey);
    if (cached !== undefined) return cached;
    if (rendering >= maxRenders) return page;
    rendering += 1;
    let timer: NodeJS.Timeout | undefined;
    // A render given up on stops (its loads too), so that slow renders do not pile up.
    const giveUp = new AbortController();
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new Error(`rendering took over ${timeoutMs} ms`));
          giveUp.abort();
        }, timeoutMs);
      });
      const render = renderer.render({ url, cookie, transport: inProcessTransport(app, cookie), signal: giveUp.signal });
      render.catch(() => {}); // after a time-out its failure is no news
      const rendered = await Promise.race([render, timeout]);
      if (!rendered) return page;
      const html = renderedTemplate(path)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
        .replace(/<meta name="description" content="[^"]*"/, (tag) => (rendered.description === undefined ? tag : `<meta name="description" content="${escapeHtml(rendered.description)}"`))
        .replace(SHELL, () => rendered.html)
        .replace('</body>', () => `${rendered.data}\n</body>`);
      if (visitorKey !== undefined) visitorPages.set(visitorKey, html);
      return html;
    } catch (error) {
      log.warn({ err: error, path }, 'portal page not rendered on the server; sent for the browser to render');
      return page;
    } finally {
      clearTimeout(timer);
      rendering -= 1;
    }
  };
}
