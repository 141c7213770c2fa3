import 'dayjs/locale/zh-cn';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme } from '@flagship/ui';
import { RouterProvider } from 'react-router-dom';
import { ConsoleFormFieldsProvider } from './lib/form-field-services';
import { ReauthModal } from './components/reauth-modal';
import { RegionsProvider } from './lib/regions';
import { router } from './router';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
        <Notifications position="top-center" zIndex={2000} />
        <ReauthModal />
        <RegionsProvider>
          <ConsoleFormFieldsProvider>
            <RouterProvider router={router} />
          </ConsoleFormFieldsProvider>
        </RegionsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
