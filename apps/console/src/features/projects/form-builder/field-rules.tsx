import { ActionIcon, Badge, Button, Group, Input, Menu, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  FORM_FIELD_KIND_LABELS,
  TABLE_COLUMN_KINDS,
  TOTAL_RULE_OP_LABELS,
  TOTAL_RULE_OPS,
  isNumeric,
  type FormField,
  type TableColumn,
  type TableColumnKind,
  type TableTotal,
  type TotalRuleOp,
} from '@flagship/api-client';
import { move } from '../../../lib/list';
import { TONE } from '../../../lib/tones';
import { changeKind, errorsUnder, newColumn, type FieldErrors } from './fields';
import { AcceptInput, MaxSizeInput, OptionalDate, OptionalNumber, OptionsEditor } from './rule-inputs';

type AnyField = FormField | TableColumn;

/** The rules that fit a field's kind (lengths, ranges, pattern, options, files, table columns). */
export function FieldRules<F extends AnyField>({ field, fields = [], onChange, errors }: { field: F; fields?: FormField[]; onChange: (field: F) => void; errors: FieldErrors }) {
  // Every kind's properties are set through this one patcher; the schema check says what is wrong.
  const set = (patch: Record<string, unknown>) => onChange({ ...field, ...patch } as F);

  switch (field.kind) {
    case 'text':
      return (
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <OptionalNumber label="最少字数" min={0} value={field.minLength} onChange={(minLength) => set({ minLength })} error={errors.minLength} />
            <OptionalNumber label="最多字数" min={0} value={field.maxLength} onChange={(maxLength) => set({ maxLength })} error={errors.maxLength} />
          </SimpleGrid>
          <TextInput size="sm" label="占位提示" placeholder="输入框为空时显示的提示" value={field.placeholder ?? ''} onChange={(e) => set({ placeholder: e.currentTarget.value || undefined })} error={errors.placeholder} />
          <SimpleGrid cols={2}>
            <TextInput size="sm" label="格式（正则表达式）" placeholder="例如 \d{6}" description="整个值须匹配" classNames={{ input: 'fc-mono' }} value={field.pattern ?? ''} onChange={(e) => set({ pattern: e.currentTarget.value || undefined })} error={errors.pattern} />
            <TextInput size="sm" label="格式不符时的提示" placeholder="例如 应为 6 位数字" description="显示在字段名称之后" value={field.patternMessage ?? ''} onChange={(e) => set({ patternMessage: e.currentTarget.value || undefined })} error={errors.patternMessage} />
          </SimpleGrid>
        </Stack>
      );
    case 'textarea':
      return (
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <OptionalNumber label="最少字数" min={0} value={field.minLength} onChange={(minLength) => set({ minLength })} error={errors.minLength} />
            <OptionalNumber label="最多字数" min={0} value={field.maxLength} onChange={(maxLength) => set({ maxLength })} error={errors.maxLength} />
          </SimpleGrid>
          <TextInput size="sm" label="占位提示" value={field.placeholder ?? ''} onChange={(e) => set({ placeholder: e.currentTarget.value || undefined })} error={errors.placeholder} />
        </Stack>
      );
    case 'number':
      return (
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <OptionalNumber label="最小值" integer={false} value={field.min} onChange={(min) => set({ min })} error={errors.min} />
            <OptionalNumber label="最大值" integer={false} value={field.max} onChange={(max) => set({ max })} error={errors.max} />
          </SimpleGrid>
          <Switch label="只允许整数" checked={Boolean(field.integer)} onChange={(e) => set({ integer: e.currentTarget.checked || undefined })} />
        </Stack>
      );
    case 'money':
      return (
        <SimpleGrid cols={2}>
          <OptionalNumber label="最小金额（元）" integer={false} value={field.min} onChange={(min) => set({ min })} error={errors.min} />
          <OptionalNumber label="最大金额（元）" integer={false} value={field.max} onChange={(max) => set({ max })} error={errors.max} />
        </SimpleGrid>
      );
    case 'date':
      return (
        <SimpleGrid cols={2}>
          <OptionalDate label="最早日期" value={field.min} onChange={(min) => set({ min })} error={errors.min} />
          <OptionalDate label="最晚日期" value={field.max} onChange={(max) => set({ max })} error={errors.max} />
        </SimpleGrid>
      );
    case 'select':
    case 'radio':
      return <OptionsEditor options={field.options} onChange={(options) => set({ options })} errors={errors} fieldLabel={field.label} />;
    case 'multiSelect':
    case 'checkbox':
      return (
        <Stack gap="sm">
          <OptionsEditor options={field.options} onChange={(options) => set({ options })} errors={errors} fieldLabel={field.label} />
          <SimpleGrid cols={2}>
            <OptionalNumber label="最少选择项数" min={0} value={field.minItems} onChange={(minItems) => set({ minItems })} error={errors.minItems} />
            <OptionalNumber label="最多选择项数" min={0} value={field.maxItems} onChange={(maxItems) => set({ maxItems })} error={errors.maxItems} />
          </SimpleGrid>
        </Stack>
      );
    case 'mobile':
    case 'email':
    case 'idCard':
      return <RuleNote kind={field.kind} />;
    default:
      return <FormFieldRules field={field as FormField} fields={fields} set={set} errors={errors} />;
  }
}

const CHECK_NOTES: Partial<Record<AnyField['kind'], string>> = {
  region: '申请人从省 / 市 / 区县列表中选择（地区数据在「分类与地区」中维护）。',
  mobile: '自动校验中国大陆 11 位手机号码。',
  email: '自动校验电子邮箱格式。',
  idCard: '自动校验 18 位居民身份证号码（含校验位）。',
  creditCode: '自动校验 18 位统一社会信用代码（GB 32100-2015 校验位）。',
  section: '分节标题用于分隔表单内容，不需要填写。',
};

function RuleNote({ kind }: { kind: AnyField['kind'] }) {
  const note = CHECK_NOTES[kind];
  return note ? (
    <Text size="sm" c="dimmed">
      {note}
    </Text>
  ) : null;
}

/** Kinds only a top-level field can have. */
function FormFieldRules({ field, fields, set, errors }: { field: FormField; fields: FormField[]; set: (patch: Record<string, unknown>) => void; errors: FieldErrors }) {
  switch (field.kind) {
    case 'dateRange':
      return (
        <SimpleGrid cols={2}>
          <OptionalDate label="最早日期" value={field.min} onChange={(min) => set({ min })} error={errors.min} />
          <OptionalDate label="最晚日期" value={field.max} onChange={(max) => set({ max })} error={errors.max} />
        </SimpleGrid>
      );
    case 'richText':
      return <OptionalNumber label="最多字数（不含格式）" min={0} value={field.maxLength} onChange={(maxLength) => set({ maxLength })} error={errors.maxLength} />;
    case 'file':
      return (
        <Stack gap="sm">
          <AcceptInput value={field.accept} onChange={(accept) => set({ accept })} error={errors.accept ?? firstUnder(errors, 'accept')} />
          <MaxSizeInput value={field.maxSize} onChange={(maxSize) => set({ maxSize })} error={errors.maxSize} />
        </Stack>
      );
    case 'files':
      return (
        <Stack gap="sm">
          <AcceptInput value={field.accept} onChange={(accept) => set({ accept })} error={errors.accept ?? firstUnder(errors, 'accept')} />
          <SimpleGrid cols={3}>
            <MaxSizeInput value={field.maxSize} onChange={(maxSize) => set({ maxSize })} error={errors.maxSize} />
            <OptionalNumber label="最少文件数" min={0} value={field.minItems} onChange={(minItems) => set({ minItems })} error={errors.minItems} />
            <OptionalNumber label="最多文件数" min={0} value={field.maxItems} onChange={(maxItems) => set({ maxItems })} error={errors.maxItems} />
          </SimpleGrid>
        </Stack>
      );
    case 'image':
      return (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            只接受图片文件。
          </Text>
          <MaxSizeInput value={field.maxSize} onChange={(maxSize) => set({ maxSize })} error={errors.maxSize} />
        </Stack>
      );
    case 'table':
      return <TableRules field={field} fields={fields} set={set} errors={errors} />;
    default:
      return <RuleNote kind={field.kind} />;
  }
}

function firstUnder(errors: FieldErrors, prefix: string): string | undefined {
  return Object.entries(errors).find(([path]) => path.startsWith(`${prefix}.`))?.[1];
}

function TableRules({ field, fields, set, errors }: { field: Extract<FormField, { kind: 'table' }>; fields: FormField[]; set: (patch: Record<string, unknown>) => void; errors: FieldErrors }) {
  const columns = field.columns;
  // A total whose column is gone or no longer numeric goes with it.
  const setColumns = (next: TableColumn[]) => {
    const totals = field.totals?.filter((t) => next.some((c) => c.key === t.column && isNumeric(c)));
    set({ columns: next, totals: totals?.length ? totals : undefined });
  };
  return (
    <Stack gap="sm">
      <Input.Wrapper label="表格列" description="每行由这些列组成；列的类型限于文本、数字、金额、日期、下拉选择和号码类" error={errors.columns} labelElement="div">
        <Stack gap="xs" mt={6}>
          {columns.map((column, index) => {
            const own = errorsUnder(errors, `columns.${index}`);
            return (
              <Paper key={index} withBorder p="sm" radius="sm" bg="var(--mantine-color-ink-0)" data-error={Object.keys(own).length > 0 || undefined} className="fc-field-card">
                <Stack gap="xs">
                  <Group gap="xs" wrap="nowrap" align="flex-end">
                    <Badge variant="outline" color="ink" radius="sm">
                      第 {index + 1} 列
                    </Badge>
                    <Menu position="bottom-start" withinPortal>
                      <Menu.Target>
                        <Button size="compact-xs" variant="default" aria-label={`第 ${index + 1} 列的类型：${FORM_FIELD_KIND_LABELS[column.kind]}`}>
                          {FORM_FIELD_KIND_LABELS[column.kind]}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {TABLE_COLUMN_KINDS.map((kind) => (
                          <Menu.Item key={kind} onClick={() => setColumns(columns.map((c, i) => (i === index ? changeKind(c, kind) : c)))}>
                            {FORM_FIELD_KIND_LABELS[kind]}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                    <div style={{ flex: 1 }} />
                    <ActionIcon variant="subtle" color="ink" aria-label={`上移第 ${index + 1} 列`} disabled={index === 0} onClick={() => setColumns(move(columns, index, -1))}>
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="ink" aria-label={`下移第 ${index + 1} 列`} disabled={index === columns.length - 1} onClick={() => setColumns(move(columns, index, 1))}>
                      <IconArrowDown size={14} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除第 ${index + 1} 列`} onClick={() => setColumns(columns.filter((_, i) => i !== index))}>
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Group>
                  <SimpleGrid cols={2}>
                    <TextInput size="xs" label="列名称" required value={column.label} onChange={(e) => setColumns(columns.map((c, i) => (i === index ? { ...c, label: e.currentTarget.value } : c)))} error={own.label} />
                    <TextInput size="xs" label="列标识" required classNames={{ input: 'fc-mono' }} value={column.key} onChange={(e) => setColumns(columns.map((c, i) => (i === index ? { ...c, key: e.currentTarget.value.trim() } : c)))} error={own.key} />
                  </SimpleGrid>
                  <Switch size="xs" label="必填" checked={Boolean(column.required)} onChange={(e) => setColumns(columns.map((c, i) => (i === index ? { ...c, required: e.currentTarget.checked } : c)))} />
                  <FieldRules field={column} onChange={(next) => setColumns(columns.map((c, i) => (i === index ? next : c)))} errors={own} />
                </Stack>
              </Paper>
            );
          })}
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} w="fit-content">
                添加列
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {TABLE_COLUMN_KINDS.map((kind: TableColumnKind) => (
                <Menu.Item key={kind} onClick={() => setColumns([...columns, newColumn(kind, columns.map((c) => c.key))])}>
                  {FORM_FIELD_KIND_LABELS[kind]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Stack>
      </Input.Wrapper>
      <SimpleGrid cols={2}>
        <OptionalNumber label="最少行数" min={0} value={field.minRows} onChange={(minRows) => set({ minRows })} error={errors.minRows} />
        <OptionalNumber label="最多行数" min={0} value={field.maxRows} onChange={(maxRows) => set({ maxRows })} error={errors.maxRows} />
      </SimpleGrid>
      <TotalsEditor field={field} fields={fields} set={set} errors={errors} />
    </Stack>
  );
}

const NO_RULE = 'none';

/** Which numeric columns are totalled under the table, and the rule tying a total to another field. */
function TotalsEditor({ field, fields, set, errors }: { field: Extract<FormField, { kind: 'table' }>; fields: FormField[]; set: (patch: Record<string, unknown>) => void; errors: FieldErrors }) {
  const numeric = field.columns.filter(isNumeric);
  const totals = field.totals ?? [];
  const targets = fields.filter((f) => f.key !== field.key && isNumeric(f)).map((f) => ({ value: f.key, label: `${f.label}（${f.key}）` }));
  const setTotals = (next: TableTotal[]) => set({ totals: next.length ? next : undefined });
  const setOne = (column: string, patch: Partial<TableTotal>) => setTotals(totals.map((t) => (t.column === column ? { ...t, ...patch } : t)));
  return (
    <Input.Wrapper label="合计" description="勾选的数字或金额列在表格下方显示合计；可要求合计等于或不大于表单中的另一个数字或金额字段" error={errors.totals} labelElement="div">
      <Stack gap="xs" mt={6}>
        {numeric.length === 0 && (
          <Text size="sm" c="dimmed">
            表格中还没有数字或金额列。
          </Text>
        )}
        {numeric.map((column) => {
          const index = totals.findIndex((t) => t.column === column.key);
          const total = totals[index];
          const own = index >= 0 ? errorsUnder(errors, `totals.${index}`) : {};
          return (
            <Paper key={column.key} withBorder p="xs" radius="sm">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Switch
                  size="xs"
                  label={`合计「${column.label}」`}
                  checked={Boolean(total)}
                  onChange={(e) => setTotals(e.currentTarget.checked ? [...totals, { column: column.key }] : totals.filter((t) => t.column !== column.key))}
                />
                {total && (
                  <>
                    <Select
                      size="xs"
                      label={`「${column.label}」合计须`}
                      data={[{ value: NO_RULE, label: '不作要求' }, ...TOTAL_RULE_OPS.map((op) => ({ value: op, label: TOTAL_RULE_OP_LABELS[op] }))]}
                      value={total.rule?.op ?? NO_RULE}
                      allowDeselect={false}
                      onChange={(op) =>
                        setOne(column.key, { rule: op && op !== NO_RULE ? { op: op as TotalRuleOp, field: total.rule?.field ?? targets[0]?.value ?? '' } : undefined })
                      }
                      comboboxProps={{ withinPortal: true }}
                      w={120}
                    />
                    {total.rule && (
                      <Select
                        size="xs"
                        label="比较的字段"
                        placeholder="选择数字或金额字段"
                        data={targets}
                        value={total.rule.field || null}
                        // The first field is preselected: choosing it again must not clear it.
                        allowDeselect={false}
                        onChange={(key) => total.rule && setOne(column.key, { rule: { ...total.rule, field: key ?? '' } })}
                        error={own['rule.field'] ?? own.column}
                        comboboxProps={{ withinPortal: true }}
                        w={240}
                      />
                    )}
                  </>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
