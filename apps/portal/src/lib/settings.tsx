import { createContext, useContext, type ReactNode } from 'react';
import type { Settings } from '@flagship/api-client';
import { useAsync, type AsyncResult } from '@flagship/ui';
import { api } from './api';

export const DEFAULT_SITE_TITLE = '艺术旗舰项目在线申报平台';

const SettingsContext = createContext<AsyncResult<Settings> | undefined>(undefined);

/** Loads the site settings once per page load; a failure is kept, so that /about can show it and reload. */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const state = useAsync((signal) => api.content.settings(undefined, { signal }), []);
  return <SettingsContext value={state}>{children}</SettingsContext>;
}

/** The settings request: data, loading or error, and reload. */
export function useSettingsState(): AsyncResult<Settings> {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettingsState outside SettingsProvider');
  return value;
}

/** The settings once loaded; undefined while loading or after a failure (callers fall back). */
export function useSettings(): Settings | undefined {
  return useSettingsState().data;
}

/** The page's meta description, named after the site. */
export const siteDescription = (siteTitle: string) => `${siteTitle}：项目申报、通知公告、专家库与企业库`;

export function useSiteTitle(): string {
  return useSettings()?.siteTitle || DEFAULT_SITE_TITLE;
}
