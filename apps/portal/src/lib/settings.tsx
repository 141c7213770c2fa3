import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Settings } from '@flagship/api-client';
import { api } from './api';

export const DEFAULT_SITE_TITLE = '艺术旗舰项目在线申报平台';

const SettingsContext = createContext<Settings | undefined>(undefined);

/** Loads the site settings once per page load. */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>();
  useEffect(() => {
    api.content.settings().then(setSettings, () => {});
  }, []);
  return <SettingsContext value={settings}>{children}</SettingsContext>;
}

export function useSettings(): Settings | undefined {
  return useContext(SettingsContext);
}

export function useSiteTitle(): string {
  return useSettings()?.siteTitle || DEFAULT_SITE_TITLE;
}
