import {
  FORM_FIELD_KIND_LABELS,
  flattenIssues,
  formFieldsSchema,
  type FieldOption,
  type FormField,
  type FormFieldKind,
  type TableColumn,
  type TableColumnKind,
} from '@flagship/api-client';

// Pure helpers of the form builder: new fields of each kind, changing a field's kind, moving,
// and the validation of the whole definition by the contract's own schema.

export type FieldErrors = Record<string, string>;

/** Kinds grouped as the 「添加字段」 menu shows them. */
export const KIND_GROUPS: { label: string; kinds: FormFieldKind[] }[] = [
  { label: '文本与数字', kinds: ['text', 'textarea', 'number', 'money', 'date', 'dateRange'] },
  { label: '选择', kinds: ['select', 'multiSelect', 'radio', 'checkbox', 'region'] },
  { label: '带校验的号码', kinds: ['mobile', 'email', 'idCard', 'creditCode'] },
  { label: '富文本与附件', kinds: ['richText', 'file', 'files', 'image'] },
  { label: '结构', kinds: ['table', 'section'] },
];

const OPTION_KINDS = new Set<FormFieldKind>(['select', 'multiSelect', 'radio', 'checkbox']);

export function hasOptions(kind: FormFieldKind): boolean {
  return OPTION_KINDS.has(kind);
}

export function defaultOptions(): FieldOption[] {
  return [
    { label: '选项一', value: '1' },
    { label: '选项二', value: '2' },
  ];
}

/** A key not used yet: `field1`, `field2`… (or `col1`… for table columns). */
export function nextKey(taken: Iterable<string>, prefix = 'field'): string {
  const used = new Set(taken);
  for (let n = 1; ; n += 1) {
    const key = `${prefix}${n}`;
    if (!used.has(key)) return key;
  }
}

/** The kind-specific part of a new field: what its schema requires, nothing more. */
function kindDefaults(kind: FormFieldKind, options?: FieldOption[]): Record<string, unknown> {
  if (hasOptions(kind)) return { options: options && options.length > 0 ? options : defaultOptions() };
  if (kind === 'table') return { columns: [{ kind: 'text', key: 'col1', label: '列一' }] };
  return {};
}

export function newField(kind: FormFieldKind, taken: Iterable<string>): FormField {
  const base = { key: nextKey(taken), label: kind === 'section' ? '分节标题' : FORM_FIELD_KIND_LABELS[kind], kind };
  return { ...base, ...(kind === 'section' ? {} : { required: false }), ...kindDefaults(kind) } as FormField;
}

export function newColumn(kind: TableColumnKind, taken: Iterable<string>): TableColumn {
  return { key: nextKey(taken, 'col'), label: FORM_FIELD_KIND_LABELS[kind], kind, required: false, ...kindDefaults(kind) } as TableColumn;
}

/** The same field as another kind: label, key, required and help stay, so do options between choice kinds. */
export function changeKind<F extends FormField | TableColumn>(field: F, kind: F['kind']): F {
  if (field.kind === kind) return field;
  const options = 'options' in field ? field.options : undefined;
  const common: Record<string, unknown> = { key: field.key, label: field.label, kind };
  if (field.help) common.help = field.help;
  if (kind !== 'section') common.required = field.kind === 'section' ? false : Boolean(field.required);
  return { ...common, ...kindDefaults(kind, options) } as F;
}

/** Optional texts that mean nothing when empty (label and key stay, empty, for the schema to report). */
const OPTIONAL_TEXTS = new Set(['help', 'placeholder', 'pattern', 'patternMessage']);

/** Removes rules left unset (undefined, or an empty optional text), recursively in table columns. */
export function clean<F extends FormField | TableColumn>(field: F): F {
  const entries = Object.entries(field).filter(([key, value]) => value !== undefined && !(value === '' && OPTIONAL_TEXTS.has(key)));
  const result = Object.fromEntries(entries) as Record<string, unknown>;
  if (field.kind === 'table') result.columns = field.columns.map((column) => clean(column));
  if (field.kind !== 'section' && result.required === false) delete result.required;
  return result as F;
}

/** Problems of the definition by path (`2.options`, `3.columns.0.key`), the contract's messages. */
export function validateFields(fields: FormField[]): FieldErrors {
  const result = formFieldsSchema.safeParse(fields.map((field) => clean(field)));
  return result.success ? {} : flattenIssues(result.error);
}

/** The server's field errors of a form body (`fields.2.label`, `title`) split into the builder's two maps. */
export function splitServerErrors(fields: Record<string, string>): { form: FieldErrors; fields: FieldErrors } {
  const form: FieldErrors = {};
  const definition: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    if (path === 'fields' || path.startsWith('fields.')) definition[path.replace(/^fields\.?/, '')] = message;
    else form[path] = message;
  }
  return { form, fields: definition };
}

/** The errors under one field (`2.`), with the prefix taken off. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const own: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) own[''] = message;
    else if (path.startsWith(`${prefix}.`)) own[path.slice(prefix.length + 1)] = message;
  }
  return own;
}
