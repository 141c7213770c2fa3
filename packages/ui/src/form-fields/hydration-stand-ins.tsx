import { Combobox, getOptionsLockup, getParsedComboboxData, Input, InputBase, NumberInput, Text, type ComboboxData, type InputBaseProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { numericFormatter } from 'react-number-format';
import { useHydrated } from '../use-hydrated';

// A page rendered on the server draws its select, money and date fields with these until it is
// hydrated: Mantine's own InputBase, given the props that its Select, NumberInput and DateInput
// give it when closed, showing the same value. Those three render a combobox, a popover or a number
// formatter around that input; on the server nobody can open them, and the form page's four such
// fields cost a third of its render (docs/performance.md, twentieth round). In the browser the real
// component takes the stand-in's place right after hydration. hydration-stand-ins.test.tsx holds each
// stand-in to the HTML of the component it stands for. Each is read-only: what someone typed
// before hydration would be gone when the real component replaced it, so nothing can be typed.

/** The props a field passes to its input, stand-in or not. */
export interface StandInCommon {
  label?: ReactNode;
  'aria-label'?: string;
  description?: ReactNode;
  required?: boolean;
  error?: ReactNode;
  disabled?: boolean;
  'data-field'?: string;
}

const ignore = () => {};

/** `children` once the page is hydrated (or rendered in the browser alone); `standIn` before. */
export function AfterHydration({ standIn, children }: { standIn: ReactNode; children: ReactNode }) {
  return useHydrated() ? children : standIn;
}

/** What a closed Select draws: its input showing the chosen option's label, the clear button and chevron. */
export function SelectStandIn({ data, value, searchable = false, clearable = false, placeholder, ...common }: StandInCommon & { data: ComboboxData; value: string | null; searchable?: boolean; clearable?: boolean; placeholder?: string }) {
  const chosen = value == null ? undefined : getOptionsLockup(getParsedComboboxData(data))[value];
  return (
    <InputBase
      {...common}
      __staticSelector="Select"
      __defaultRightSection={<Combobox.Chevron size="sm" error={common.error} />}
      __clearSection={<Combobox.ClearButton onClear={ignore} />}
      __clearable={clearable && value != null && !common.disabled}
      rightSectionPointerEvents="none"
      readOnly
      pointer={!searchable}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      placeholder={placeholder}
      value={chosen?.label ?? ''}
      onChange={ignore}
    />
  );
}

/** The money field's sections, the same on the NumberInput and on its stand-in. */
export const MONEY_SECTIONS = {
  leftSection: '¥',
  rightSection: (
    <Text size="sm" c="dimmed" pr={8}>
      元
    </Text>
  ),
} satisfies Pick<InputBaseProps, 'leftSection' | 'rightSection'>;

/** The money field's number format, the same on the NumberInput and on its stand-in. */
export const MONEY_FORMAT = { decimalScale: 2, thousandSeparator: ',' } as const;

/** What the money field's NumberInput draws: its input showing the amount as NumericFormat formats it. */
export function MoneyStandIn({ value, ...common }: StandInCommon & { value: number | string }) {
  return (
    <InputBase
      {...common}
      {...MONEY_SECTIONS}
      __staticSelector="NumberInput"
      className={NumberInput.classes.root}
      rightSectionWidth="var(--ni-right-section-width-sm)"
      rightSectionPointerEvents={common.disabled ? 'none' : undefined}
      inputMode="decimal"
      type="text"
      readOnly
      value={value === '' ? '' : numericFormatter(String(value), MONEY_FORMAT)}
      onChange={ignore}
    />
  );
}

/** What a closed DateInput (value format YYYY-MM-DD, clearable) draws: its input showing the date and the clear button. */
export function DateStandIn({ value, placeholder, ...common }: StandInCommon & { value: string | null; placeholder?: string }) {
  return (
    <InputBase
      {...common}
      __staticSelector="DateInput"
      __clearSection={<Input.ClearButton />}
      __clearable={Boolean(value) && !common.disabled}
      data-dates-input
      autoComplete="off"
      readOnly
      placeholder={placeholder}
      value={value ?? ''}
      onChange={ignore}
    />
  );
}
