import { AppLayout, Footer, Header } from '@flagship/ui';
import { Outlet } from 'react-router-dom';
import { api } from '../lib/api';
import { useSession } from '../lib/session';
import { useSettings, useSiteTitle } from '../lib/settings';

export function PortalLayout() {
  const user = useSession();
  const settings = useSettings();
  const title = useSiteTitle();
  return (
    <AppLayout
      header={<Header title={title} user={user} api={api} />}
      footer={<Footer links={settings?.friendlyLinks ?? []} supportCredit={settings?.supportCredit ?? ''} copyright={settings?.copyright ?? ''} />}
    >
      <Outlet />
    </AppLayout>
  );
}
