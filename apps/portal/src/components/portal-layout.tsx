import { useMemo } from 'react';
import { AppLayout, Footer, Header, type HeaderApi } from '@flagship/ui';
import { Outlet } from 'react-router-dom';
import { api } from '../lib/api';
import { forgetSession } from '../lib/logout';
import { useRefreshRegions } from '../lib/regions';
import { useSession } from '../lib/session';
import { useSettingsState, useSiteTitle } from '../lib/settings';

export function PortalLayout() {
  const user = useSession();
  const { data: settings, status } = useSettingsState();
  const title = useSiteTitle();
  const refreshRegions = useRefreshRegions();
  // The header's base-data request goes through the regions provider, which shares it with the navigation's.
  const headerApi = useMemo<HeaderApi>(
    () => ({
      // The header logs out as logOut does: the server call, then forgetSession (unsaved text included).
      auth: api.auth,
      session: { clear: forgetSession },
      base: { regions: refreshRegions },
    }),
    [refreshRegions],
  );
  // Without settings the footer still closes the page with a copyright line.
  const copyright = settings?.copyright ?? (status === 'error' ? `© ${title}` : '');
  return (
    <AppLayout
      header={<Header title={title} user={user} api={headerApi} />}
      footer={<Footer links={settings?.friendlyLinks ?? []} supportCredit={settings?.supportCredit ?? ''} copyright={copyright} />}
    >
      <Outlet />
    </AppLayout>
  );
}
