import { MantineProvider } from '@mantine/core';
import { AsyncDataContext, cssVariablesResolver, HEADER_HEIGHT, theme, type AsyncDataStore } from '@flagship/ui';
import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react';
import { PortalFormFieldsProvider } from './lib/form-field-services';
import { RegionsProvider } from './lib/regions';
import { SettingsProvider } from './lib/settings';

// The toast container (and its transitions) loads after the first paint; toasts shown before
// it arrives wait in Mantine's store. They open below the header, never over its controls.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** The providers around the router (`children`): the same tree in the browser and on the server. */
export function App({ asyncData = null, children }: { asyncData?: AsyncDataStore | null; children: ReactNode }) {
  return (
    <AsyncDataContext value={asyncData}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Suspense fallback={null}>
          <Notifications position="top-center" zIndex={2000} className="fs-notifications" style={{ '--fs-header-height': `${HEADER_HEIGHT}px` } as CSSProperties} />
        </Suspense>
        <SettingsProvider>
          <RegionsProvider>
            <PortalFormFieldsProvider>{children}</PortalFormFieldsProvider>
          </RegionsProvider>
        </SettingsProvider>
      </MantineProvider>
    </AsyncDataContext>
  );
}
