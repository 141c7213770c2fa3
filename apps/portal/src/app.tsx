import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme } from '@flagship/ui';
import { RouterProvider } from 'react-router-dom';
import { PortalFormFieldsProvider } from './lib/form-field-services';
import { RegionsProvider } from './lib/regions';
import { SettingsProvider } from './lib/settings';
import { router } from './router';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-center" zIndex={2000} />
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
