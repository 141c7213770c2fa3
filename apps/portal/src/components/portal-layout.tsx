import { AppLayout, Footer, Header } from '@flagship/ui';
import { Outlet } from 'react-router-dom';
import { api } from '../lib/api';
import { useSession } from '../lib/session';
import { useSettingsState, useSiteTitle } from '../lib/settings';

export function PortalLayout() {
  const user = useSession();
  const { data: settings, status } = useSettingsState();
  const title = useSiteTitle();
  // Without settings the footer still closes the page with a copyright line.
  const copyright = settings?.copyright ?? (status === 'error' ? `© ${title}` : '');
  return (
    <AppLayout
      header={<Header title={title} user={user} api={api} />}
      footer={<Footer links={settings?.friendlyLinks ?? []} supportCredit={settings?.supportCredit ?? ''} copyright={copyright} />}
    >
      <Outlet />
    </AppLayout>
  );
}
