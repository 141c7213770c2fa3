import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { PortalLayout } from './components/portal-layout';
import { RouteError } from '@flagship/ui';
import { BootShell } from './components/boot-shell';
import { ROUTE_PAGES, type PagePath } from './lib/route-pages';
import { Root } from './root';

type PageModule = { default: ComponentType };
const pageModules = import.meta.glob<PageModule>('./features/*/routes/*-page.tsx');

/** Every page is its own chunk. */
const page = (path: PagePath): RouteObject => ({
  path,
  lazy: async () => {
    const load = pageModules[`./${ROUTE_PAGES[path]}.tsx`];
    if (!load) throw new Error(`No page module for ${path}`);
    return { Component: (await load()).default };
  },
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // Shown on a full page load until the page's chunk is in.
    hydrateFallbackElement: <BootShell />,
    children: [
      { path: '/', element: <Navigate to="/index" replace /> },
      {
        element: <PortalLayout />,
        children: [
          page('/index'),
          page('/reg'),
          page('/user'),
          page('/reset'),
          page('/404'),
          page('/personal'),
          page('/forget'),
          page('/search'),
          page('/project'),
          page('/projectDetail'),
          page('/declaration'),
          page('/decDetail'),
          page('/application'),
          page('/policy'),
          page('/policyDetail'),
          page('/expert'),
          page('/expertDetail'),
          page('/company'),
          page('/companyDetail'),
          page('/addCompany'),
          page('/about'),
          page('/construction'),
        ],
      },
      page('/print'),
      page('/password'),
      page('/login'),
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
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
