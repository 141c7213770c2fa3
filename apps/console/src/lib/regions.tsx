import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Region } from '@flagship/api-client';
import { regionNames, type RegionOption } from '@flagship/ui';
import { api } from './api';

interface RegionsValue {
  regions: Region[];
  loaded: boolean;
  /** Full names like 「浙江省 / 杭州市 / 西湖区」, in tree order. */
  options: RegionOption[];
  nameOf: (id: number) => string | undefined;
  refresh: () => void;
}

const RegionsContext = createContext<RegionsValue | undefined>(undefined);

/** Base data: regions, loaded once and refreshed after the region tree is edited. */
export function RegionsProvider({ children }: { children: ReactNode }) {
  const [regions, setRegions] = useState<Region[]>([]);
  const [loaded, setLoaded] = useState(false);
  const refresh = useCallback(() => {
    api.base.regions(undefined, { silent: true }).then(
      (next) => {
        setRegions(next);
        setLoaded(true);
      },
      () => setLoaded(true),
    );
  }, []);
  useEffect(refresh, [refresh]);
  const value = useMemo<RegionsValue>(() => ({ regions, loaded, ...regionNames(regions), refresh }), [regions, loaded, refresh]);
  return <RegionsContext value={value}>{children}</RegionsContext>;
}

export function useRegions(): RegionsValue {
  const value = useContext(RegionsContext);
  if (!value) throw new Error('useRegions outside RegionsProvider');
  return value;
}
