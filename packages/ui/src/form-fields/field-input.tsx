import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Table.css';
import '@mantine/dates/styles.css';
import './form-fields.css';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { ActionIcon, Button, Checkbox, Group, Input, MultiSelect, NumberInput, Radio, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyValue, type FormField, type FormFieldOf, type TableColumn } from '@flagship/api-client';
import { TotalsRow } from './totals-row';
import { FileUpload } from './file-upload';
import { AfterHydration, dateStandsIn, DateStandIn, MONEY_FORMAT, MONEY_SECTIONS, moneyStandsIn, MoneyStandIn, SelectStandIn, TEXTAREA_COUNTER_WIDTH, TextareaStandIn, TextStandIn, type TextStandInProps } from './hydration-stand-ins';
import { RegionField } from './region-select';
import { RichTextField } from './rich-text-field';

export type Errors = Record<string, ReactNode>;

export interface FieldInputProps {
  field: FormField | TableColumn;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: ReactNode;
  /** Errors of the whole form, for tables whose cells have their own paths. */
  errors?: Errors;
  path: string;
  /** Inside a table cell: no label shown (the column header is the label). */
  compact?: boolean;
  disabled?: boolean;
}

const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const asIds = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : typeof value === 'number' ? [value] : []);
const asNumber = (value: unknown): number | string => (typeof value === 'number' ? value : '');
const asDate = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** One input for one field of a form definition, by its kind. */
export function FieldInput({ field, value, onChange, error, errors = {}, path, compact, disabled }: FieldInputProps) {
  const common = {
    label: compact ? undefined : field.label,
    'aria-label': compact ? field.label : undefined,
    description: compact ? undefined : field.help,
    required: field.required,
    error,
    disabled,
    'data-field': path,
  };

  /** A one-line text field, drawn by its stand-in until hydration; `normalise` turns what is typed into the answer. */
  const textInput = (shown: Pick<TextStandInProps, 'placeholder' | 'maxLength' | 'inputMode' | 'type'>, normalise = (typed: string) => typed) => {
    const props = { ...common, ...shown, value: asString(value) };
    return (
      <AfterHydration standIn={<TextStandIn {...props} />}>
        <TextInput {...props} onChange={(e) => onChange(normalise(e.currentTarget.value))} />
      </AfterHydration>
    );
  };

  switch (field.kind) {
    case 'section':
      return (
        <Stack gap={2} mt="md" data-field={path}>
          <Title order={2} size="h4" className="fs-section-title">
            {field.label}
          </Title>
          {field.help && (
            <Text size="sm" c="dimmed">
              {field.help}
            </Text>
          )}
        </Stack>
      );
    case 'text':
      return textInput({ placeholder: field.placeholder, maxLength: field.maxLength });
    case 'textarea': {
      const text = asString(value);
      const limit = compact ? undefined : field.maxLength;
      const shown = { ...common, placeholder: field.placeholder, value: text };
      const rows = compact ? 1 : 3;
      return (
        <AfterHydration standIn={<TextareaStandIn {...shown} rows={rows} limit={limit} />}>
          <Textarea
            {...shown}
            autosize
            minRows={rows}
            maxRows={12}
            onChange={(e) => onChange(e.currentTarget.value)}
            rightSection={
              limit ? (
                <Text size="xs" c="dimmed" pr={8}>
                  {[...text].length}/{limit}
                </Text>
              ) : undefined
            }
            rightSectionWidth={limit ? TEXTAREA_COUNTER_WIDTH : undefined}
          />
        </AfterHydration>
      );
    }
    // What was typed stays as typed: a value out of range is the field's error (the schema's
    // rule), never silently changed to the limit.
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.min}
          max={field.max}
          clampBehavior="none"
          allowDecimal={!field.integer}
          value={asNumber(value)}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      );
    case 'money': {
      const amount = asNumber(value);
      return (
        <AfterHydration standIn={moneyStandsIn(amount) ? <MoneyStandIn {...common} value={amount} /> : undefined}>
          <NumberInput
            {...common}
            {...MONEY_SECTIONS}
            {...MONEY_FORMAT}
            min={field.min}
            max={field.max}
            clampBehavior="none"
            value={amount}
            onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          />
        </AfterHydration>
      );
    }
    case 'date': {
      const shown = { ...common, placeholder: 'YYYY-MM-DD', value: asDate(value) };
      return (
        <AfterHydration standIn={dateStandsIn(shown.value) ? <DateStandIn {...shown} /> : undefined}>
          <DateInput {...shown} valueFormat="YYYY-MM-DD" clearable minDate={field.min} maxDate={field.max} onChange={(next) => onChange(next ?? '')} />
        </AfterHydration>
      );
    }
    case 'dateRange': {
      const [start = '', end = ''] = asStrings(value);
      return (
        <Input.Wrapper label={common.label} description={common.description} required={field.required} error={error} labelElement="div" data-field={path}>
          <Group gap="xs" mt={4} wrap="nowrap">
            <DateInput aria-label={`${field.label}开始日期`} valueFormat="YYYY-MM-DD" placeholder="开始日期" clearable minDate={field.min} maxDate={field.max} value={start || null} onChange={(next) => onChange([next ?? '', end])} error={Boolean(error)} disabled={disabled} style={{ flex: 1 }} />
            <Text c="dimmed">至</Text>
            <DateInput aria-label={`${field.label}结束日期`} valueFormat="YYYY-MM-DD" placeholder="结束日期" clearable minDate={start || field.min} maxDate={field.max} value={end || null} onChange={(next) => onChange([start, next ?? ''])} error={Boolean(error)} disabled={disabled} style={{ flex: 1 }} />
          </Group>
        </Input.Wrapper>
      );
    }
    case 'select': {
      const shown = { ...common, placeholder: '请选择', clearable: true, data: field.options, value: asString(value) || null };
      return (
        <AfterHydration standIn={<SelectStandIn {...shown} />}>
          <Select {...shown} onChange={(next) => onChange(next ?? '')} />
        </AfterHydration>
      );
    }
    case 'multiSelect':
      return <MultiSelect {...common} placeholder="请选择（可多选）" clearable data={field.options} value={asStrings(value)} onChange={onChange} />;
    case 'radio':
      return (
        <Radio.Group {...common} value={asString(value) || null} onChange={onChange}>
          <OptionLayout options={field.options}>
            {field.options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </OptionLayout>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group {...common} value={asStrings(value)} onChange={onChange}>
          <OptionLayout options={field.options}>
            {field.options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </OptionLayout>
        </Checkbox.Group>
      );
    case 'region':
      return <RegionField {...common} value={typeof value === 'number' ? value : null} onChange={onChange} />;
    case 'mobile':
      return textInput({ inputMode: 'tel', maxLength: 11, placeholder: '11 位手机号码' }, (typed) => typed.trim());
    case 'email':
      return textInput({ type: 'email', placeholder: 'name@example.com' }, (typed) => typed.trim());
    case 'idCard':
      return textInput({ maxLength: 18, placeholder: '18 位身份证号码' }, (typed) => typed.trim().toUpperCase());
    case 'creditCode':
      return textInput({ maxLength: 18, placeholder: '18 位统一社会信用代码' }, (typed) => typed.trim().toUpperCase());
    case 'richText':
      return <RichTextField label={field.label} description={field.help} required={field.required} error={error} value={asString(value)} onChange={onChange} disabled={disabled} />;
    case 'file':
      return (
        <FileUpload label={field.label} description={field.help} required={field.required} error={error} max={1} accept={field.accept} maxSize={field.maxSize} value={asIds(value)} onChange={(ids) => onChange(ids[0] ?? null)} disabled={disabled} />
      );
    case 'files':
      return (
        <FileUpload label={field.label} description={field.help} required={field.required} error={error} max={field.maxItems ?? 10} accept={field.accept} maxSize={field.maxSize} value={asIds(value)} onChange={onChange} disabled={disabled} />
      );
    case 'image':
      return (
        <FileUpload label={field.label} description={field.help} required={field.required} error={error} images max={1} maxSize={field.maxSize} value={asIds(value)} onChange={(ids) => onChange(ids[0] ?? null)} disabled={disabled} />
      );
    case 'table':
      return <TableField field={field} value={value} onChange={onChange} error={error} errors={errors} path={path} disabled={disabled} />;
  }
}

/** Short options side by side, long ones (sentences) one per line. */
function OptionLayout({ options, children }: { options: { label: string }[]; children: ReactNode }) {
  const long = options.some((option) => option.label.length > 12);
  return long ? (
    <Stack mt={8} gap="sm">
      {children}
    </Stack>
  ) : (
    <Group mt={8} gap="lg">
      {children}
    </Group>
  );
}

function TableField({ field, value, onChange, error, errors, path, disabled }: { field: FormFieldOf<'table'>; value: unknown; onChange: (value: unknown) => void; error?: ReactNode; errors: Errors; path: string; disabled?: boolean }) {
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const newRow = () => Object.fromEntries(field.columns.map((column) => [column.key, emptyValue(column)]));
  const canAdd = field.maxRows === undefined || rows.length < field.maxRows;
  const setCell = (index: number, key: string, cell: unknown) => onChange(rows.map((row, i) => (i === index ? { ...row, [key]: cell } : row)));

  return (
    <Input.Wrapper label={field.label} description={field.help} required={field.required} error={error} labelElement="div" data-field={path}>
      <Stack gap="xs" mt={6}>
        <Table withTableBorder withColumnBorders verticalSpacing={6} aria-label={field.label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56} className="fs-index-cell">
                序号
              </Table.Th>
              {field.columns.map((column) => (
                <Table.Th key={column.key}>
                  {column.label}
                  {column.required && (
                    <Text span c="red.9" aria-hidden="true">
                      {' '}*
                    </Text>
                  )}
                </Table.Th>
              ))}
              {!disabled && <Table.Th w={56}>操作</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={field.columns.length + 2}>
                  <Text size="sm" c="dimmed" ta="center">
                    暂无数据，请点击下方“添加一行”
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row, index) => (
              <Table.Tr key={index}>
                <Table.Td className="fs-index-cell">{index + 1}</Table.Td>
                {field.columns.map((column) => (
                  <Table.Td key={column.key}>
                    <FieldInput
                      field={{ ...column, label: `${field.label}第 ${index + 1} 行${column.label}` }}
                      compact
                      value={row[column.key]}
                      onChange={(cell) => setCell(index, column.key, cell)}
                      error={errors[`${path}.${index}.${column.key}`]}
                      path={`${path}.${index}.${column.key}`}
                      disabled={disabled}
                    />
                  </Table.Td>
                ))}
                {!disabled && (
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red.9" aria-label={`删除第 ${index + 1} 行`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <TotalsRow table={field} rows={rows} trailing={disabled ? 0 : 1} />
        </Table>
        {!disabled && (
          <Group>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={!canAdd} onClick={() => onChange([...rows, newRow()])}>
              添加一行
            </Button>
            {field.maxRows !== undefined && (
              <Text size="xs" c="dimmed">
                最多 {field.maxRows} 行
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
