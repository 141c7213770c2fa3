import { AsyncLocalStorage } from 'node:async_hooks';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { Transport } from '@flagship/api-client';
import { createServerAsyncData } from '@flagship/ui';
import { App, MANTINE_PROVIDER } from './app';
import { api, session } from './lib/api';
import { setRequestScopeSource, type RequestScope } from './lib/request-scope';
import { DEFAULT_SITE_TITLE, siteDescription } from './lib/settings';
import { SERVER_DATA_ID } from './lib/server-render';
import { routes } from './router';
import { documentTitle, GUEST_ONLY, LOGIN_REQUIRED, SERVER_RENDERED } from './routes';

/** Whether a page's data load counts each view: the server then never sends a rendered copy again. */
export { countsViews } from './routes';

const scopes = new AsyncLocalStorage<RequestScope>();
setRequestScopeSource(() => scopes.getStore());

// The route table's handler, made once: its lazy pages, once loaded, stay resolved.
const handler = createStaticHandler(routes);

/**
 * The style elements Mantine's provider puts before the page (the theme's CSS variables, its
 * classes): rendered once, the same elements on every page (Mantine would work them out again on
 * every render, a twentieth of a render's time in the profile).
 */
const mantineStyles = [...renderToStaticMarkup(<MantineProvider {...MANTINE_PROVIDER} />).matchAll(/<style data-mantine-styles="([^"]*)">([\s\S]*?)<\/style>/g)].map(
  ([, kind, css]) => <style key={kind} data-mantine-styles={kind} dangerouslySetInnerHTML={{ __html: css ?? '' }} />,
);
// Should a later Mantine render them otherwise, its provider renders them itself, as in the browser.
const themeStyles = mantineStyles.length === 2 ? mantineStyles : undefined;

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The request's Cookie header: the visitor's session. */
  cookie: string | undefined;
  /** Answers the SDK's calls (the server's own API). */
  transport: Transport;
  /** Aborted when the caller gives up: the render and its loads stop. */
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The document title (plain text). */
  title: string;
  /** The meta description (plain text). */
  description: string;
  /** The data the page was rendered with, for the browser's hydration; goes after the root. */
  data: string;
}

/**
 * Renders a page with its data, as the browser would show it once loaded. Undefined when the page
 * is left to the browser: not one of SERVER_RENDERED, a guard would send the visitor elsewhere,
 * or the route failed. A failing data load rejects; the caller then sends the plain page.
 */
export async function render(request: RenderRequest): Promise<RenderedPage | undefined> {
  // A path of this site only (`//host/…` would name another origin).
  if (!request.url.startsWith('/') || request.url.startsWith('//')) return undefined;
  const url = new URL(request.url, 'http://portal.internal');
  if (!SERVER_RENDERED.has(url.pathname)) return undefined;
  return scopes.run({ cookie: request.cookie, transport: request.transport }, async () => {
    const loggedIn = Boolean(session.getToken());
    if ((LOGIN_REQUIRED.has(url.pathname) && !loggedIn) || (GUEST_ONLY.has(url.pathname) && loggedIn)) return undefined;
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return undefined;
    const router = createStaticRouter(handler.dataRoutes, context);
    const asyncData = createServerAsyncData(request.signal);
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App asyncData={asyncData} themeStyles={themeStyles}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </StrictMode>,
      {
        // A failure inside a Suspense boundary would otherwise leave that part empty for the
        // browser to fill in: the page is not sent rendered at all (see below).
        onError: (error) => void errors.push(error),
        // Every boundary inline, however large: a boundary sent apart needs an inline script to
        // put it in place, which the CSP refuses.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        ...(request.signal ? { signal: request.signal } : {}),
      },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(chunk as Buffer);
    const html = Buffer.concat(chunks).toString('utf8');
    if (errors.length > 0) throw errors[0];
    // `<` escaped, so that no value can close the script element.
    const json = JSON.stringify(asyncData.results()).replace(/</g, '\\u003c');
    // The title the browser would set once running (the settings answer comes from the cache).
    const settings = await api.content.settings(undefined, { signal: request.signal });
    const siteTitle = settings.siteTitle || DEFAULT_SITE_TITLE;
    const title = documentTitle(url.pathname, siteTitle);
    return { html, title, description: siteDescription(siteTitle), data: `<script type="application/json" id="${SERVER_DATA_ID}">${json}</script>` };
  });
}
