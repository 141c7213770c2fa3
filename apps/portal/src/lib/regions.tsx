import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Region } from '@flagship/api-client';
import { api } from './api';

export interface RegionOption {
  value: string;
  label: string;
}

interface RegionsValue {
  regions: Region[];
  /** Full names like 「浙江省 / 杭州市 / 西湖区」, sorted as the tree is. */
  options: RegionOption[];
  nameOf: (id: number) => string | undefined;
  refresh: () => void;
}

const RegionsContext = createContext<RegionsValue | undefined>(undefined);

export function regionOptions(regions: Region[]): RegionOption[] {
  const children = new Map<number | null, Region[]>();
  for (const region of regions) {
    const list = children.get(region.parentId) ?? [];
    list.push(region);
    children.set(region.parentId, list);
  }
  const options: RegionOption[] = [];
  const walk = (parentId: number | null, prefix: string) => {
    const list = [...(children.get(parentId) ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const region of list) {
      const label = prefix ? `${prefix} / ${region.name}` : region.name;
      options.push({ value: String(region.id), label });
      walk(region.id, label);
    }
  };
  walk(null, '');
  return options;
}

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
