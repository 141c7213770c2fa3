import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { PortalLayout } from './components/portal-layout';
import { RouteError } from '@flagship/ui';
import { BootShell } from './components/boot-shell';
import { Root } from './root';
import { isPage, ROUTES, type PageRoute } from './routes';

type PageModule = { default: ComponentType };
const pageModules = import.meta.glob<PageModule>('./features/*/routes/*-page.tsx');

/** Every page is its own chunk. */
const page = ({ path, page: module }: PageRoute): RouteObject => ({
  path,
  lazy: async () => {
    const load = pageModules[`./${module}.tsx`];
    if (!load) throw new Error(`No page module for ${path}`);
    return { Component: (await load()).default };
  },
});

/** The table in its order; the pages inside the site's header and footer share one layout route. */
function children(): RouteObject[] {
  const inLayout: RouteObject[] = [];
  const out: RouteObject[] = [];
  for (const route of ROUTES) {
    if (!isPage(route)) {
      out.push({ path: route.path, element: <Navigate to={route.redirect} replace /> });
    } else if (route.bare) {
      out.push(page(route));
    } else {
      // The layout route stands where its first page is.
      if (inLayout.length === 0) out.push({ element: <PortalLayout />, children: inLayout });
      inLayout.push(page(route));
    }
  }
  return out;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // Shown on a full page load until the page's chunk is in.
    hydrateFallbackElement: <BootShell />,
    children: children(),
  },
];

/**
 * The browser's router. For a page the server rendered, the matched route modules are loaded
 * first, so that the router's first render is the page itself (as on the server), not the fallback.
 */
export async function createRouter(serverRendered: boolean) {
  if (serverRendered) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, { basename: '/' });
}
