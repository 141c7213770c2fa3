import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ConsoleLayout, StaffGate } from './components/console-layout';
import { RequireEndpoint } from './components/require-role';
import { Loading, RouteError } from '@flagship/ui';
import { homePath } from './lib/navigation';
import { useStaff } from './lib/session';

type PageModule = Promise<{ default: ComponentType }>;

/** Every screen is its own chunk; `endpoint` is what the screen needs the role to call. */
const page = (path: string, load: () => PageModule, endpoint?: string): RouteObject => ({
  path,
  lazy: async () => {
    const Component = (await load()).default;
    return {
      Component: endpoint
        ? () => (
            <RequireEndpoint endpoint={endpoint}>
              <Component />
            </RequireEndpoint>
          )
        : Component,
    };
  },
});

function Home() {
  const staff = useStaff();
  return <Navigate to={homePath(staff.role)} replace />;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown on a full page load until the screen's chunk is in.
    hydrateFallbackElement: <Loading height="100vh" />,
    children: [
      page('/login', () => import('./features/auth/login-page')),
      {
        element: (
          <StaffGate>
            <Outlet />
          </StaffGate>
        ),
        children: [page('/print', () => import('./features/applications/print-page'), 'applyBatchPrint')],
      },
      {
        element: <ConsoleLayout />,
        children: [
          { path: '/', element: <Home /> },
          page('/projects', () => import('./features/projects/project-list-page'), 'projectList'),
          page('/projects/new', () => import('./features/projects/project-edit-page'), 'projectCreate'),
          page('/projects/:id', () => import('./features/projects/project-edit-page'), 'projectGet'),
          page('/projects/:id/forms/new', () => import('./features/projects/form-builder-page'), 'formCreate'),
          page('/projects/:id/forms/:formId', () => import('./features/projects/form-builder-page'), 'formUpdate'),
          page('/policies', () => import('./features/policies/policy-list-page'), 'policyList'),
          page('/policies/new', () => import('./features/policies/policy-edit-page'), 'policyCreate'),
          page('/policies/:id', () => import('./features/policies/policy-edit-page'), 'policyGet'),
          page('/experts', () => import('./features/experts/expert-list-page'), 'expertList'),
          page('/experts/new', () => import('./features/experts/expert-edit-page'), 'expertCreate'),
          page('/experts/:id', () => import('./features/experts/expert-edit-page'), 'expertGet'),
          page('/enterprises', () => import('./features/enterprises/enterprise-list-page'), 'enterpriseList'),
          page('/enterprises/new', () => import('./features/enterprises/enterprise-edit-page'), 'enterpriseCreate'),
          page('/enterprises/:id', () => import('./features/enterprises/enterprise-edit-page'), 'enterpriseGet'),
          page('/taxonomy', () => import('./features/taxonomy/taxonomy-page'), 'categoryList'),
          page('/settings', () => import('./features/settings/settings-page'), 'settingsGet'),
          page('/review/authentications', () => import('./features/authentications/authentication-list-page'), 'authenticationList'),
          page('/review/authentications/:id', () => import('./features/authentications/authentication-detail-page'), 'authenticationGet'),
          page('/review/applications', () => import('./features/applications/application-list-page'), 'applyList'),
          page('/review/applications/:applyId', () => import('./features/applications/application-detail-page'), 'applyGet'),
          page('/audit', () => import('./features/audit/audit-page'), 'auditList'),
          page('*', () => import('./features/site/not-found-page')),
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/console' });
