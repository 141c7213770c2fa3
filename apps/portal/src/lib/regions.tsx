import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Region } from '@flagship/api-client';
import { api } from './api';
import { regionOptions, type RegionOption } from './region-options';

interface RegionsValue {
  regions: Region[];
  /** Full names like 「浙江省 / 杭州市 / 西湖区」, in tree order. */
  options: RegionOption[];
  nameOf: (id: number) => string | undefined;
  refresh: () => void;
}

const RegionsContext = createContext<RegionsValue | undefined>(undefined);

/** Base data: regions, refreshed on every navigation (the SDK revalidates with the ETag). */
export function RegionsProvider({ children }: { children: ReactNode }) {
  const [regions, setRegions] = useState<Region[]>([]);
  const refresh = useCallback(() => {
    api.base.regions(undefined, { silent: true }).then(
      (next) => setRegions((current) => (sameRegions(current, next) ? current : next)),
      () => {},
    );
  }, []);
  const value = useMemo<RegionsValue>(() => {
    const options = regionOptions(regions);
    const names = new Map(options.map((o) => [Number(o.value), o.label]));
    return { regions, options, nameOf: (id) => names.get(id), refresh };
  }, [regions, refresh]);
  return <RegionsContext value={value}>{children}</RegionsContext>;
}

function sameRegions(a: Region[], b: Region[]): boolean {
  return a === b || (a.length === b.length && a.every((r, i) => r.id === b[i]?.id && r.name === b[i]?.name));
}

export function useRegions(): RegionsValue {
  const value = useContext(RegionsContext);
  if (!value) throw new Error('useRegions outside RegionsProvider');
  return value;
}
