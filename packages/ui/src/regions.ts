import type { Region } from '@flagship/api-client';

export interface RegionOption {
  value: string;
  label: string;
}

/** Each parent's children (null: the top level), by sort then id. */
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

/** The region tree as one list of full names (「浙江省 / 杭州市 / 西湖区」), in tree order. */
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

/** Full names of the regions: the options in tree order, and the name of one. */
export function regionNames(regions: Region[]): { options: RegionOption[]; nameOf: (id: number) => string | undefined } {
  const options = regionOptions(regions);
  const names = new Map(options.map((o) => [Number(o.value), o.label]));
  return { options, nameOf: (id) => names.get(id) };
}
