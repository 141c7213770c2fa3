import { MantineProvider } from '@mantine/core';
import { AsyncDataContext, cssVariablesResolver, HEADER_HEIGHT, theme, type AsyncDataStore } from '@flagship/ui';
import { lazy, Suspense, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { PortalFormFieldsProvider } from './lib/form-field-services';
import { RegionsProvider } from './lib/regions';
import { SettingsProvider } from './lib/settings';

// The toast container (and its transitions) loads after the first paint; toasts shown before
// it arrives wait in Mantine's store. They open below the header, never over its controls.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Mantine's provider as the portal sets it up: one place for the browser, the server and its styles. */
export const MANTINE_PROVIDER = { theme, cssVariablesResolver, defaultColorScheme: 'light' } satisfies ComponentProps<typeof MantineProvider>;

/**
 * The providers around the router (`children`): the same tree in the browser and on the server.
 * `themeStyles`, given on the server, stands in for the two style elements Mantine's provider
 * renders first (the theme's CSS variables and classes): the same for every page, so the server
 * works them out once (`entry-server.tsx`) instead of on every render; the HTML is the same.
 */
export function App({ asyncData = null, themeStyles, children }: { asyncData?: AsyncDataStore | null; themeStyles?: ReactNode; children: ReactNode }) {
  return (
    <AsyncDataContext value={asyncData}>
      <MantineProvider {...MANTINE_PROVIDER} {...(themeStyles ? { withCssVariables: false, withGlobalClasses: false } : {})}>
        {themeStyles}
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
