import { CloseButton, Combobox, getOptionsLockup, getParsedComboboxData, Input, NumberInput, rem, Text, UnstyledButton, type ComboboxData } from '@mantine/core';
import { useIsomorphicEffect } from '@mantine/hooks';
import { useId, useRef, type CSSProperties, type InputHTMLAttributes, type ReactNode } from 'react';
import { numericFormatter } from 'react-number-format';
import { useHydrated } from '../use-hydrated';

// A page rendered on the server draws its form fields with these until it is hydrated: plain
// elements written as Mantine writes its inputs (size sm, the default variant: Mantine's own class
// names, data attributes and CSS variables), showing the same value. Mantine's components render
// much more than what shows: props resolved against the theme, styles, a Box for every element,
// and for a Select, a DateInput or a NumberInput a combobox, a popover or a number formatter
// nobody can open before hydration. The form page's ten fields cost more than the rest of the page
// (docs/performance.md, twentieth round). In the browser the real component takes the stand-in's
// place right after hydration. hydration-stand-ins.test.tsx holds each stand-in to the HTML of the
// component it stands for, so a Mantine upgrade that draws otherwise fails there. Each is
// read-only: what someone typed before hydration would be gone when the real component replaced
// it, so nothing can be typed.

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

/**
 * `children` once the page is hydrated (or rendered in the browser alone); `standIn` before, when
 * there is one. A field focused before hydration keeps the focus in the real component, which is
 * found by the same `data-field`.
 */
export function AfterHydration({ standIn, children }: { standIn: ReactNode | undefined; children: ReactNode }) {
  const hydrated = useHydrated();
  const focused = useRef<string | null>(null);
  useIsomorphicEffect(() => {
    if (standIn === undefined) return;
    if (!hydrated) {
      // Hydration has committed; the real component replaces the stand-in next.
      focused.current = document.activeElement?.getAttribute('data-field') ?? null;
    } else if (focused.current !== null && document.activeElement === document.body) {
      document.querySelector<HTMLElement>(`[data-field="${CSS.escape(focused.current)}"]`)?.focus();
      focused.current = null;
    }
  }, [hydrated]);
  return hydrated || standIn === undefined ? children : standIn;
}

/** Whether the money stand-in shows `value` as the NumberInput does: up to two decimals, no exponent (else the NumberInput itself is drawn). */
export function moneyStandsIn(value: number | string): boolean {
  return typeof value === 'string' || (Math.abs(value) < 1e21 && Math.round(value * 100) / 100 === value);
}

/** Whether the date stand-in shows `value` as the DateInput (format YYYY-MM-DD) does: a date in that format or none. */
export function dateStandsIn(value: string | null): boolean {
  return value === null || /^\d{4}-\d{2}-\d{2}$/.test(value);
}

const classes = Input.classes;
/** Mantine's `calc(font size - 2px)` of the description and the error, for size sm. */
const SMALLER = `calc(var(--mantine-font-size-sm) - ${rem(2)})`;

interface ShellProps extends StandInCommon {
  /** The component's name in Mantine's static classes (`mantine-Select-input` …). */
  component: 'TextInput' | 'Textarea' | 'Select' | 'NumberInput' | 'DateInput';
  rootClassName?: string;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  rightSectionWidth?: string | number;
  rightSectionPointerEvents?: CSSProperties['pointerEvents'];
  pointer?: boolean;
  /** A text area of this many rows. */
  rows?: number;
  input: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, unknown>;
}

/** Mantine's `Input.Wrapper` around its `Input`, as `InputBase` writes them, in plain elements. */
function Shell({ component, rootClassName, label, 'aria-label': ariaLabel, description, required, error, disabled, 'data-field': field, leftSection, rightSection, rightSectionWidth, rightSectionPointerEvents, pointer, rows, input }: ShellProps) {
  const id = `mantine-${useId()}`;
  const staticClass = (part: 'root' | 'label' | 'required' | 'description' | 'error') => `${classes[part]} mantine-InputWrapper-${part} mantine-${component}-${part}`;
  const inputClass = (part: 'wrapper' | 'input' | 'section') => `${classes[part]} mantine-Input-${part} mantine-${component}-${part}`;
  const hasError = Boolean(error) && typeof error !== 'boolean';
  // As Mantine joins them: error, success (none here), description, so two spaces between.
  const describedBy = `${hasError ? `${id}-error` : ''}  ${description ? `${id}-description` : ''}`.trim() || undefined;
  const wrapperStyle = {
    '--input-margin-top': description ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined,
    '--input-margin-bottom': hasError ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined,
    '--input-height': 'var(--input-height-sm)',
    '--input-fz': 'var(--mantine-font-size-sm)',
    '--input-right-section-width': rightSectionWidth === undefined ? undefined : rem(rightSectionWidth),
    '--input-padding-y': rows ? 'var(--input-padding-y-sm)' : undefined,
    '--input-right-section-pointer-events': rightSectionPointerEvents,
  } as CSSProperties;
  const flags = { 'data-error': error ? true : undefined, 'data-disabled': disabled || undefined };
  const inputProps = {
    ...input,
    className: inputClass('input'),
    'data-variant': 'default',
    ...flags,
    'data-field': field,
    'aria-label': ariaLabel,
    required,
    disabled,
    readOnly: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    id,
  };
  return (
    <div className={rootClassName ? `${rootClassName} ${staticClass('root')}` : staticClass('root')} data-size="sm" data-error={error ? true : undefined}>
      {label && (
        <label style={{ '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties} className={staticClass('label')} data-size="sm" data-required={required || undefined} htmlFor={id} id={`${id}-label`}>
          {label}
          {required && (
            <span className={staticClass('required')} aria-hidden>
              {' *'}
            </span>
          )}
        </label>
      )}
      {description && (
        <p style={{ '--input-description-size': SMALLER } as CSSProperties} className={staticClass('description')} data-size="sm" id={`${id}-description`}>
          {description}
        </p>
      )}
      <div
        style={wrapperStyle}
        className={inputClass('wrapper')}
        data-variant="default"
        data-size="sm"
        {...flags}
        data-pointer={pointer || undefined}
        data-multiline={rows ? true : undefined}
        data-with-right-section={rightSection ? true : undefined}
        data-with-left-section={leftSection ? true : undefined}
      >
        {leftSection && (
          <div data-position="left" className={inputClass('section')}>
            {leftSection}
          </div>
        )}
        {rows ? <textarea {...(inputProps as InputHTMLAttributes<HTMLTextAreaElement>)} rows={rows} /> : <input {...inputProps} />}
        {rightSection && (
          <div data-position="right" className={inputClass('section')}>
            {rightSection}
          </div>
        )}
      </div>
      {hasError && (
        <p style={{ '--input-error-size': SMALLER } as CSSProperties} className={staticClass('error')} data-size="sm" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Mantine's `Text size={size} c="dimmed" pr={8}`, the unit or count in a field's right section. */
function DimmedText({ size, children }: { size: 'xs' | 'sm'; children: ReactNode }) {
  const style = { '--text-fz': `var(--mantine-font-size-${size})`, '--text-lh': `var(--mantine-line-height-${size})`, paddingRight: rem(8), color: 'var(--mantine-color-dimmed)' } as CSSProperties;
  return (
    <p style={style} className={`mantine-focus-auto ${Text.classes.root} mantine-Text-root`} data-size={size}>
      {children}
    </p>
  );
}

// The paths of Mantine's chevron (ComboboxChevron) and close (CloseIcon) icons.
const CHEVRON =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';
const CROSS =
  'M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z';

/** Mantine's `Combobox.Chevron` (size sm). */
function Chevron({ error }: { error: ReactNode }) {
  return (
    <svg
      style={{ '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)' } as CSSProperties}
      className={`${Combobox.classes.chevron} mantine-ComboboxChevron-chevron`}
      data-size="sm"
      data-combobox-chevron
      data-error={error || undefined}
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path d={CHEVRON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
    </svg>
  );
}

/** Mantine's `Input.ClearButton` (size sm, named as the theme names close buttons); `hidden` as `Combobox.ClearButton` makes it. */
function ClearButton({ hidden = false }: { hidden?: boolean }) {
  return (
    <button
      style={{ '--cb-size': 'var(--cb-size-sm)', pointerEvents: 'all', background: 'var(--input-bg)' } as CSSProperties}
      className={`mantine-focus-auto mantine-active ${CloseButton.classes.root} mantine-InputClearButton-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`}
      data-variant="transparent"
      data-size="sm"
      type="button"
      aria-label="关闭"
      tabIndex={hidden ? -1 : undefined}
      aria-hidden={hidden || undefined}
    >
      <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style={{ width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' }}>
        <path d={CROSS} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
      </svg>
    </button>
  );
}

/** Mantine's clear section beside another right section (`InputClearSection`, size sm). */
function withClear(clear: ReactNode, section: ReactNode): ReactNode {
  return (
    <div data-combined-clear-section style={{ display: 'flex', gap: 2, alignItems: 'center', paddingInlineEnd: 8 }}>
      {clear}
      {section}
    </div>
  );
}

export interface TextStandInProps extends StandInCommon {
  value: string;
  placeholder?: string | undefined;
  maxLength?: number | undefined;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  type?: string;
}

/** What a TextInput draws. */
export function TextStandIn({ value, placeholder, maxLength, inputMode, type, ...common }: TextStandInProps) {
  return <Shell {...common} component="TextInput" input={{ value, placeholder, maxLength, inputMode, type }} />;
}

/** What a Textarea (autosize, `rows` its fewest rows) draws, with the count of what `limit` allows when given. */
export function TextareaStandIn({ value, placeholder, rows, limit, ...common }: StandInCommon & { value: string; placeholder?: string | undefined; rows: number; limit: number | undefined }) {
  const counter = limit ? (
    <DimmedText size="xs">
      {[...value].length}/{limit}
    </DimmedText>
  ) : undefined;
  return <Shell {...common} component="Textarea" rows={rows} rightSection={counter} rightSectionWidth={counter ? TEXTAREA_COUNTER_WIDTH : undefined} input={{ value, placeholder }} />;
}

/** The width of a text area's count. */
export const TEXTAREA_COUNTER_WIDTH = 80;

/** What a closed Select draws: its input showing the chosen option's label, the clear button and chevron. */
export function SelectStandIn({ data, value, searchable = false, clearable = false, placeholder, ...common }: StandInCommon & { data: ComboboxData; value: string | null; searchable?: boolean; clearable?: boolean; placeholder?: string }) {
  const chosen = value == null ? undefined : getOptionsLockup(getParsedComboboxData(data))[value];
  const chevron = <Chevron error={common.error} />;
  const cleared = clearable && value != null && !common.disabled;
  return (
    <Shell
      {...common}
      component="Select"
      rightSection={cleared ? withClear(<ClearButton hidden />, chevron) : chevron}
      rightSectionPointerEvents="none"
      pointer={!searchable}
      input={{ placeholder, role: 'combobox', 'aria-haspopup': 'listbox', 'aria-expanded': false, autoComplete: 'off', value: chosen?.label ?? '' }}
    />
  );
}

/** The money field's sections on its NumberInput (the stand-in draws the same unit in a plain element). */
export const MONEY_SECTIONS = {
  leftSection: '¥',
  rightSection: (
    <Text size="sm" c="dimmed" pr={8}>
      元
    </Text>
  ),
};

/** The money field's number format, the same on the NumberInput and on its stand-in. */
export const MONEY_FORMAT = { decimalScale: 2, thousandSeparator: ',' } as const;

/** What the money field's NumberInput draws: its input showing the amount as NumericFormat formats it. */
export function MoneyStandIn({ value, ...common }: StandInCommon & { value: number | string }) {
  return (
    <Shell
      {...common}
      leftSection={MONEY_SECTIONS.leftSection}
      rightSection={<DimmedText size="sm">元</DimmedText>}
      component="NumberInput"
      rootClassName={NumberInput.classes.root}
      rightSectionWidth="var(--ni-right-section-width-sm)"
      rightSectionPointerEvents={common.disabled ? 'none' : undefined}
      input={{ inputMode: 'decimal', type: 'text', value: value === '' ? '' : numericFormatter(String(value), MONEY_FORMAT) }}
    />
  );
}

/** What a closed DateInput (value format YYYY-MM-DD, clearable) draws: its input showing the date and the clear button. */
export function DateStandIn({ value, placeholder, ...common }: StandInCommon & { value: string | null; placeholder?: string }) {
  return (
    <Shell
      {...common}
      component="DateInput"
      rightSection={value && !common.disabled ? <ClearButton /> : undefined}
      input={{ 'data-dates-input': true, autoComplete: 'off', placeholder, value: value ?? '' }}
    />
  );
}
