import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { session } from './lib/api';
import { closeErrorToastsOutside, setNavigator } from './lib/api';
import { useRefreshRegions } from './lib/regions';
import { useSession, useUserInfoRefresh } from './lib/session';
import { siteDescription, useSiteTitle } from './lib/settings';
import { useDeviceType } from './lib/app-state';
import { recordLocation } from './lib/navigation-history';
import { documentTitle, GUEST_ONLY, LOGIN_REQUIRED } from './routes';

/** Guards (the route table's `guard`), document titles and the per-navigation base data. */
export function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const siteTitle = useSiteTitle();
  const refreshRegions = useRefreshRegions();
  useSession();
  useDeviceType();

  useEffect(() => {
    setNavigator((to) => void navigate(to));
  }, [navigate]);

  useEffect(() => {
    recordLocation(`${location.pathname}${location.search}`);
    closeErrorToastsOutside(location.pathname);
    void refreshRegions();
  }, [location.pathname, location.search, refreshRegions]);
  useUserInfoRefresh(`${location.pathname}${location.search}`);

  useEffect(() => {
    document.title = documentTitle(location.pathname, siteTitle);
  }, [location.pathname, siteTitle]);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', siteDescription(siteTitle));
  }, [siteTitle]);

  const loggedIn = Boolean(session.getToken());
  // /login and /reg are judged when they are entered, so that logging in there is not
  // overtaken by this redirect before the page's own navigation.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again on each navigation (location.key), not on each render.
  const loggedInOnArrival = useMemo(() => Boolean(session.getToken()), [location.key]);
  // The original query is deliberately not passed on to /login.
  if (LOGIN_REQUIRED.has(location.pathname) && !loggedIn) return <Navigate to="/login" replace />;
  if (GUEST_ONLY.has(location.pathname) && loggedInOnArrival) return <Navigate to="/" replace />;

  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
