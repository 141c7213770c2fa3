import { Select, type SelectProps } from '@mantine/core';
import { useFormFieldServices } from './context';
import { AfterHydration, SelectStandIn, type StandInCommon } from './hydration-stand-ins';

export interface RegionSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
}

const PLACEHOLDER = '请选择地区';

/** Province / city / district in one searchable list. */
export function RegionSelect({ value, onChange, ...props }: RegionSelectProps) {
  const { regionOptions } = useFormFieldServices();
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage="没有匹配的地区"
      placeholder={PLACEHOLDER}
      {...props}
      data={regionOptions}
      value={value == null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
    />
  );
}

/** A form's region field: drawn by a stand-in until the page is hydrated, then the RegionSelect. */
export function RegionField({ value, onChange, ...common }: StandInCommon & Pick<RegionSelectProps, 'value' | 'onChange'>) {
  const { regionOptions } = useFormFieldServices();
  return (
    <AfterHydration standIn={<SelectStandIn {...common} searchable clearable placeholder={PLACEHOLDER} data={regionOptions} value={value == null ? null : String(value)} />}>
      <RegionSelect {...common} value={value} onChange={onChange} />
    </AfterHydration>
  );
}
