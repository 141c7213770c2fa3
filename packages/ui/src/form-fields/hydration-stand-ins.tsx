import { Combobox, getOptionsLockup, getParsedComboboxData, Input, NumberInput, rem, Text, type ComboboxData } from '@mantine/core';
import { useId, type CSSProperties, type InputHTMLAttributes, type ReactNode } from 'react';
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

const ignore = () => {};

/** `children` once the page is hydrated (or rendered in the browser alone); `standIn` before. */
export function AfterHydration({ standIn, children }: { standIn: ReactNode; children: ReactNode }) {
  return useHydrated() ? children : standIn;
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
  return <Shell {...common} component="TextInput" input={{ value, placeholder, maxLength, inputMode, type, onChange: ignore }} />;
}

/** What a Textarea (autosize, `rows` its fewest rows) draws. */
export function TextareaStandIn({ value, placeholder, rows, rightSection, rightSectionWidth, ...common }: StandInCommon & { value: string; placeholder?: string | undefined; rows: number; rightSection?: ReactNode; rightSectionWidth?: number | undefined }) {
  return <Shell {...common} component="Textarea" rows={rows} rightSection={rightSection} rightSectionWidth={rightSectionWidth} input={{ value, placeholder, onChange: ignore }} />;
}

/** What a closed Select draws: its input showing the chosen option's label, the clear button and chevron. */
export function SelectStandIn({ data, value, searchable = false, clearable = false, placeholder, ...common }: StandInCommon & { data: ComboboxData; value: string | null; searchable?: boolean; clearable?: boolean; placeholder?: string }) {
  const chosen = value == null ? undefined : getOptionsLockup(getParsedComboboxData(data))[value];
  const chevron = <Combobox.Chevron size="sm" error={common.error} />;
  const cleared = clearable && value != null && !common.disabled;
  return (
    <Shell
      {...common}
      component="Select"
      rightSection={cleared ? withClear(<Combobox.ClearButton onClear={ignore} />, chevron) : chevron}
      rightSectionPointerEvents="none"
      pointer={!searchable}
      input={{ placeholder, role: 'combobox', 'aria-haspopup': 'listbox', 'aria-expanded': false, autoComplete: 'off', value: chosen?.label ?? '', onChange: ignore }}
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
};

/** The money field's number format, the same on the NumberInput and on its stand-in. */
export const MONEY_FORMAT = { decimalScale: 2, thousandSeparator: ',' } as const;

/** What the money field's NumberInput draws: its input showing the amount as NumericFormat formats it. */
export function MoneyStandIn({ value, ...common }: StandInCommon & { value: number | string }) {
  return (
    <Shell
      {...common}
      {...MONEY_SECTIONS}
      component="NumberInput"
      rootClassName={NumberInput.classes.root}
      rightSectionWidth="var(--ni-right-section-width-sm)"
      rightSectionPointerEvents={common.disabled ? 'none' : undefined}
      input={{ inputMode: 'decimal', type: 'text', value: value === '' ? '' : numericFormatter(String(value), MONEY_FORMAT), onChange: ignore }}
    />
  );
}

/** What a closed DateInput (value format YYYY-MM-DD, clearable) draws: its input showing the date and the clear button. */
export function DateStandIn({ value, placeholder, ...common }: StandInCommon & { value: string | null; placeholder?: string }) {
  return (
    <Shell
      {...common}
      component="DateInput"
      rightSection={value && !common.disabled ? <Input.ClearButton /> : undefined}
      input={{ 'data-dates-input': true, autoComplete: 'off', placeholder, value: value ?? '', onChange: ignore }}
    />
  );
}
