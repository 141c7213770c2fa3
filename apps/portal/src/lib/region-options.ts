import type { Region } from '@flagship/api-client';

export interface RegionOption {
  value: string;
  label: string;
}

/** The region tree as one list of full names (「浙江省 / 杭州市 / 西湖区」), in tree order. */
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
