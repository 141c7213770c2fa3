import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '@flagship/ui';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { PortalFormFieldsProvider } from './lib/form-field-services';
import { RegionsProvider } from './lib/regions';
import { SettingsProvider } from './lib/settings';
import { router } from './router';

// The toast container (and its transitions) loads after the first paint; toasts shown before
// it arrives wait in Mantine's store.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="top-center" zIndex={2000} />
      </Suspense>
      <SettingsProvider>
        <RegionsProvider>
          <PortalFormFieldsProvider>
            <RouterProvider router={router} />
          </PortalFormFieldsProvider>
        </RegionsProvider>
      </SettingsProvider>
    </MantineProvider>
  );
}
