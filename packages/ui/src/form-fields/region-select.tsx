import { Select, type SelectProps } from '@mantine/core';
import { useFormFieldServices } from './context';

export interface RegionSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
}

/** Province / city / district in one searchable list. */
export function RegionSelect({ value, onChange, ...props }: RegionSelectProps) {
  const { regionOptions } = useFormFieldServices();
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage="没有匹配的地区"
      placeholder="请选择地区"
      {...props}
      data={regionOptions}
      value={value == null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
    />
  );
}
