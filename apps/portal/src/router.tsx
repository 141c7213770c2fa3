import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PortalLayout } from './components/portal-layout';
import { Loading, RouteError } from '@flagship/ui';
import { Root } from './root';

type PageModule = Promise<{ default: ComponentType }>;

/** Every page is its own chunk. */
const page = (path: string, load: () => PageModule): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // Shown on a full page load until the page's chunk is in.
    hydrateFallbackElement: <Loading height="100vh" />,
    children: [
      { path: '/', element: <Navigate to="/index" replace /> },
      {
        element: <PortalLayout />,
        children: [
          page('/index', () => import('./features/home/routes/home-page')),
          page('/reg', () => import('./features/account/routes/register-page')),
          page('/user', () => import('./features/user-centre/routes/user-page')),
          page('/reset', () => import('./features/account/routes/reset-page')),
          page('/404', () => import('./features/site/routes/not-found-page')),
          page('/personal', () => import('./features/user-centre/routes/personal-page')),
          page('/forget', () => import('./features/account/routes/forget-page')),
          page('/search', () => import('./features/search/routes/search-page')),
          page('/project', () => import('./features/projects/routes/project-list-page')),
          page('/projectDetail', () => import('./features/projects/routes/project-detail-page')),
          page('/declaration', () => import('./features/projects/routes/declaration-page')),
          page('/decDetail', () => import('./features/applications/routes/dec-detail-page')),
          page('/application', () => import('./features/applications/routes/application-page')),
          page('/policy', () => import('./features/policies/routes/policy-list-page')),
          page('/policyDetail', () => import('./features/policies/routes/policy-detail-page')),
          page('/expert', () => import('./features/experts/routes/expert-list-page')),
          page('/expertDetail', () => import('./features/experts/routes/expert-detail-page')),
          page('/company', () => import('./features/enterprises/routes/company-list-page')),
          page('/companyDetail', () => import('./features/enterprises/routes/company-detail-page')),
          page('/addCompany', () => import('./features/enterprises/routes/add-company-page')),
          page('/about', () => import('./features/site/routes/about-page')),
          page('/construction', () => import('./features/site/routes/construction-page')),
        ],
      },
      page('/print', () => import('./features/applications/routes/print-page')),
      page('/password', () => import('./features/account/routes/password-page')),
      page('/login', () => import('./features/account/routes/login-page')),
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/' });
