import { Select, type SelectProps } from '@mantine/core';
import { useFormFieldServices } from './context';
import { AfterHydration, SelectStandIn } from './hydration-stand-ins';

export interface RegionSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
}

/** Province / city / district in one searchable list (drawn by its stand-in until the page is hydrated). */
export function RegionSelect({ value, onChange, ...props }: RegionSelectProps) {
  const { regionOptions } = useFormFieldServices();
  const shown = { searchable: true, clearable: true, placeholder: '请选择地区', ...props, data: regionOptions, value: value == null ? null : String(value) };
  return (
    <AfterHydration standIn={<SelectStandIn {...shown} />}>
      <Select nothingFoundMessage="没有匹配的地区" {...shown} onChange={(next) => onChange(next ? Number(next) : null)} />
    </AfterHydration>
  );
}
