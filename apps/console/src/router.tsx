import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ConsoleLayout, StaffGate } from './components/console-layout';
import { RequireEndpoint } from './components/require-role';
import { Loading, RouteError } from '@flagship/ui';
import { homePath } from './lib/navigation';
import { useStaff } from './lib/session';
import { isScreen, ROUTES, type ScreenRoute } from './routes';

type PageModule = { default: ComponentType };
const pageModules = import.meta.glob<PageModule>('./features/*/*-page.tsx');

/** Every screen is its own chunk, wrapped in what its role must be allowed to call. */
const screen = ({ path, page, endpoint }: ScreenRoute): RouteObject => ({
  path,
  lazy: async () => {
    const load = pageModules[`./${page}.tsx`];
    if (!load) throw new Error(`No screen module for ${path}`);
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

const frames = {
  gate: (
    <StaffGate>
      <Outlet />
    </StaffGate>
  ),
  shell: <ConsoleLayout />,
};

/** The table in its order; the screens of one frame share its route, which stands where the first of them is. */
function children(): RouteObject[] {
  const out: RouteObject[] = [];
  const framed = new Map<keyof typeof frames, RouteObject[]>();
  for (const route of ROUTES) {
    const object: RouteObject = isScreen(route) ? screen(route) : { path: route.path, element: <Home /> };
    if (route.frame === 'alone') {
      out.push(object);
      continue;
    }
    let members = framed.get(route.frame);
    if (!members) {
      framed.set(route.frame, (members = []));
      out.push({ element: frames[route.frame], children: members });
    }
    members.push(object);
  }
  return out;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown on a full page load until the screen's chunk is in.
    hydrateFallbackElement: <Loading height="100vh" />,
    children: children(),
  },
];

export const router = createBrowserRouter(routes, { basename: '/console' });
