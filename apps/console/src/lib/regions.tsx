import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Region } from '@flagship/api-client';
import { api } from './api';

export interface RegionOption {
  value: string;
  label: string;
}

interface RegionsValue {
  regions: Region[];
  loaded: boolean;
  /** Full names like 「浙江省 / 杭州市 / 西湖区」, in tree order. */
  options: RegionOption[];
  nameOf: (id: number) => string | undefined;
  refresh: () => void;
}

const RegionsContext = createContext<RegionsValue | undefined>(undefined);

/** Regions as a flat list in tree order (parents before children, by sort then id). */
export function regionOptions(regions: Region[]): RegionOption[] {
  const children = childrenByParent(regions);
  const options: RegionOption[] = [];
  const walk = (parentId: number | null, prefix: string) => {
    for (const region of children.get(parentId) ?? []) {
      const label = prefix ? `${prefix} / ${region.name}` : region.name;
      options.push({ value: String(region.id), label });
      walk(region.id, label);
    }
  };
  walk(null, '');
  return options;
}

export function childrenByParent(regions: Region[]): Map<number | null, Region[]> {
  const children = new Map<number | null, Region[]>();
  for (const region of regions) {
    const list = children.get(region.parentId) ?? [];
    list.push(region);
    children.set(region.parentId, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  return children;
}

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
  const value = useMemo<RegionsValue>(() => {
    const options = regionOptions(regions);
    const names = new Map(options.map((o) => [Number(o.value), o.label]));
    return { regions, loaded, options, nameOf: (id) => names.get(id), refresh };
  }, [regions, loaded, refresh]);
  return <RegionsContext value={value}>{children}</RegionsContext>;
}

export function useRegions(): RegionsValue {
  const value = useContext(RegionsContext);
  if (!value) throw new Error('useRegions outside RegionsProvider');
  return value;
}
