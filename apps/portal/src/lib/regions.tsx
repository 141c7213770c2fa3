import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Region } from '@flagship/api-client';
import { regionNames, type RegionOption } from '@flagship/ui';
import { api } from './api';

interface RegionsValue {
  regions: Region[];
  /** Full names like 「浙江省 / 杭州市 / 西湖区」, in tree order. */
  options: RegionOption[];
  nameOf: (id: number) => string | undefined;
}

/** Load them again; a call while one is on its way shares that request. */
type RefreshRegions = () => Promise<void>;

const RegionsContext = createContext<RegionsValue | undefined>(undefined);
// Apart from the data, so that what only asks for them (the router root, the header) does not
// render again, with the whole page below it, when they arrive.
const RefreshRegionsContext = createContext<RefreshRegions | undefined>(undefined);

/** Base data: regions, refreshed on every navigation (the SDK revalidates with the ETag). */
export function RegionsProvider({ children }: { children: ReactNode }) {
  const [regions, setRegions] = useState<Region[]>([]);
  // On a full load the header and the first navigation ask at the same moment: one request serves both.
  const pending = useRef<Promise<void>>(undefined);
  const refresh = useCallback(() => {
    pending.current ??= api.base
      .regions(undefined, { silent: true })
      .then(
        (next) => setRegions((current) => (sameRegions(current, next) ? current : next)),
        () => {},
      )
      .finally(() => {
        pending.current = undefined;
      });
    return pending.current;
  }, []);
  const value = useMemo<RegionsValue>(() => ({ regions, ...regionNames(regions) }), [regions]);
  return (
    <RefreshRegionsContext value={refresh}>
      <RegionsContext value={value}>{children}</RegionsContext>
    </RefreshRegionsContext>
  );
}

function sameRegions(a: Region[], b: Region[]): boolean {
  return a === b || (a.length === b.length && a.every((r, i) => r.id === b[i]?.id && r.name === b[i]?.name));
}

export function useRegions(): RegionsValue {
  const value = useContext(RegionsContext);
  if (!value) throw new Error('useRegions outside RegionsProvider');
  return value;
}

export function useRefreshRegions(): RefreshRegions {
  const refresh = useContext(RefreshRegionsContext);
  if (!refresh) throw new Error('useRefreshRegions outside RegionsProvider');
  return refresh;
}
