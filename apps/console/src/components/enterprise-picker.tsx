import { useEffect, useState, type ReactNode } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useAsync } from '@flagship/ui';

export interface EnterpriseOption {
  id: number;
  name: string;
}

/** Finds enterprises by name: staff search the whole library, an expert its public part. */
export type EnterpriseSearch = (keyword: string | undefined, signal: AbortSignal) => Promise<{ list: EnterpriseOption[] }>;

/** Enterprises of the library, searched by name as the user types (the library may be large). */
export function EnterprisePicker({
  value,
  initial,
  search: find,
  onChange,
  error,
}: {
  value: number[];
  initial: EnterpriseOption[];
  search: EnterpriseSearch;
  onChange: (ids: number[]) => void;
  error?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  // Names of every enterprise seen, so chosen ones keep their label when a search moves on.
  const [known, setKnown] = useState(() => new Map(initial.map((e) => [e.id, e.name])));
  // `search` is a module constant of each caller: the keyword alone decides a new search.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const found = useAsync((signal) => find(keyword || undefined, signal), [keyword]);
  useEffect(() => {
    const list = found.data?.list;
    if (!list?.length) return;
    setKnown((current) => {
      const next = new Map(current);
      list.forEach((e) => next.set(e.id, e.name));
      return next;
    });
  }, [found.data]);
  return (
    <MultiSelect
      label="关联企业"
      description="企业库中的企业，输入名称搜索（最多 50 家）"
      placeholder={value.length ? undefined : '搜索企业名称'}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      maxValues={50}
      nothingFoundMessage={found.status === 'loading' ? '正在搜索…' : '没有匹配的企业'}
      data={[...known].map(([id, name]) => ({ value: String(id), label: name }))}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      error={error}
    />
  );
}
