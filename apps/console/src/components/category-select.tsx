import { Select, type SelectProps } from '@mantine/core';
import type { CategoryKind } from '@flagship/api-client';
import { useCategoryOptions } from '../lib/categories';

export interface CategorySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  kind: CategoryKind;
  value: number | null | undefined;
  onChange: (id: number | null) => void;
}

export function CategorySelect({ kind, value, onChange, ...props }: CategorySelectProps) {
  const options = useCategoryOptions(kind);
  return (
    <Select
      clearable
      placeholder="请选择分类"
      nothingFoundMessage="暂无分类"
      {...props}
      data={options}
      value={value == null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
    />
  );
}
