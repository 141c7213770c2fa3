import { z } from 'zod';

// Form definitions: the JSON a form's `fields` column holds (written by staff and by the seed).

const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** `.pdf`, `image/*`, `application/pdf`. */
const ACCEPT_PATTERN = /^(\.[A-Za-z0-9]+|[A-Za-z0-9.+-]+\/(\*|[A-Za-z0-9.+-]+))$/;

const base = {
  key: z
    .string()
    .regex(KEY_PATTERN, '字段标识须以字母开头，只含字母、数字和下划线，最长 64 个字符')
    // Names like `constructor` would read inherited members of a plain data object.
    .refine((key) => !(key in Object.prototype), '字段标识不能使用保留名称'),
  label: z.string().min(1, '字段名称不能为空').max(100, '字段名称不能超过 100 个字'),
  required: z.boolean().optional(),
  help: z.string().optional(),
};

const count = z.number().int('应为整数').min(0, '不能小于 0');
const date = z.iso.date('日期格式应为 YYYY-MM-DD');
const regexSource = z.string().min(1).refine(isRegexSource, '不是有效的正则表达式');
const acceptSchema = z.array(z.string().regex(ACCEPT_PATTERN, '文件类型应为扩展名（如 .pdf）或 MIME 类型（如 image/*）'));
const maxSize = z.number().int('应为整数').positive('应大于 0');

export const fieldOptionSchema = z.object({
  label: z.string().min(1, '选项名称不能为空'),
  value: z.string().min(1, '选项的值不能为空'),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;

const optionsSchema = z
  .array(fieldOptionSchema)
  .min(1, '至少需要一个选项')
  .refine((options) => new Set(options.map((o) => o.value)).size === options.length, '选项的值不能重复');

function isRegexSource(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Both ends given and the lower one above the upper one. */
function reversed(low: number | string | undefined, high: number | string | undefined): boolean {
  return low !== undefined && high !== undefined && low > high;
}

const textField = z
  .object({
    ...base,
    kind: z.literal('text'),
    minLength: count.optional(),
    maxLength: count.optional(),
    /** Source of a JS regular expression the whole value must match (anchored like HTML `pattern`). */
    pattern: regexSource.optional(),
    /** Shown after the field's label when the pattern fails, e.g. '应为 6 位数字'. */
    patternMessage: z.string().optional(),
    placeholder: z.string().optional(),
  })
  .refine((f) => !reversed(f.minLength, f.maxLength), { message: '最少字数不能大于最多字数', path: ['maxLength'] });

const textareaField = z
  .object({
    ...base,
    kind: z.literal('textarea'),
    minLength: count.optional(),
    maxLength: count.optional(),
    placeholder: z.string().optional(),
  })
  .refine((f) => !reversed(f.minLength, f.maxLength), { message: '最少字数不能大于最多字数', path: ['maxLength'] });

const numberField = z
  .object({
    ...base,
    kind: z.literal('number'),
    min: z.number().optional(),
    max: z.number().optional(),
    integer: z.boolean().optional(),
  })
  .refine((f) => !reversed(f.min, f.max), { message: '最小值不能大于最大值', path: ['max'] });

/** An amount in yuan with at most two decimals. */
const moneyField = z
  .object({ ...base, kind: z.literal('money'), min: z.number().optional(), max: z.number().optional() })
  .refine((f) => !reversed(f.min, f.max), { message: '最小值不能大于最大值', path: ['max'] });

const dateField = z
  .object({ ...base, kind: z.literal('date'), min: date.optional(), max: date.optional() })
  .refine((f) => !reversed(f.min, f.max), { message: '最早日期不能晚于最晚日期', path: ['max'] });

const dateRangeField = z
  .object({ ...base, kind: z.literal('dateRange'), min: date.optional(), max: date.optional() })
  .refine((f) => !reversed(f.min, f.max), { message: '最早日期不能晚于最晚日期', path: ['max'] });

const selectField = z.object({ ...base, kind: z.literal('select'), options: optionsSchema });
const radioField = z.object({ ...base, kind: z.literal('radio'), options: optionsSchema });

const multiSelectField = z
  .object({
    ...base,
    kind: z.literal('multiSelect'),
    options: optionsSchema,
    minItems: count.optional(),
    maxItems: count.optional(),
  })
  .refine((f) => !reversed(f.minItems, f.maxItems), { message: '最少项数不能大于最多项数', path: ['maxItems'] });

const checkboxField = z
  .object({
    ...base,
    kind: z.literal('checkbox'),
    options: optionsSchema,
    minItems: count.optional(),
    maxItems: count.optional(),
  })
  .refine((f) => !reversed(f.minItems, f.maxItems), { message: '最少项数不能大于最多项数', path: ['maxItems'] });

const regionField = z.object({ ...base, kind: z.literal('region') });
const mobileField = z.object({ ...base, kind: z.literal('mobile') });
const emailField = z.object({ ...base, kind: z.literal('email') });
const idCardField = z.object({ ...base, kind: z.literal('idCard') });
const creditCodeField = z.object({ ...base, kind: z.literal('creditCode') });

/** HTML; `maxLength` counts the text without tags. */
const richTextField = z.object({ ...base, kind: z.literal('richText'), maxLength: count.optional() });

const fileField = z.object({
  ...base,
  kind: z.literal('file'),
  accept: acceptSchema.optional(),
  /** Bytes. */
  maxSize: maxSize.optional(),
});

const filesField = z
  .object({
    ...base,
    kind: z.literal('files'),
    accept: acceptSchema.optional(),
    maxSize: maxSize.optional(),
    minItems: count.optional(),
    maxItems: count.optional(),
  })
  .refine((f) => !reversed(f.minItems, f.maxItems), { message: '最少文件数不能大于最多文件数', path: ['maxItems'] });

const imageField = z.object({ ...base, kind: z.literal('image'), maxSize: maxSize.optional() });

/** `eq`: the total must equal the field; `lte`: it must not exceed it. */
export const TOTAL_RULE_OPS = ['eq', 'lte'] as const;
export type TotalRuleOp = (typeof TOTAL_RULE_OPS)[number];
export const TOTAL_RULE_OP_LABELS: Record<TotalRuleOp, string> = { eq: '等于', lte: '不大于' };

export const tableTotalSchema = z.object({
  column: z.string().min(1, '请选择合计的列'),
  rule: z
    .object({
      op: z.enum(TOTAL_RULE_OPS, '比较方式应为等于或不大于'),
      field: z.string().min(1, '请选择合计要比较的字段'),
    })
    .optional(),
});
export type TableTotal = z.infer<typeof tableTotalSchema>;

/** Kinds whose values can be added up. */
export function isNumeric(field: { kind: string }): boolean {
  return field.kind === 'number' || field.kind === 'money';
}

export const tableColumnSchema = z.discriminatedUnion('kind', [
  textField,
  textareaField,
  numberField,
  moneyField,
  dateField,
  selectField,
  mobileField,
  emailField,
  idCardField,
]);
export type TableColumn = z.infer<typeof tableColumnSchema>;
export type TableColumnKind = TableColumn['kind'];
export const TABLE_COLUMN_KINDS = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'select',
  'mobile',
  'email',
  'idCard',
] as const satisfies readonly TableColumnKind[];

const tableField = z
  .object({
    ...base,
    kind: z.literal('table'),
    columns: z
      .array(tableColumnSchema)
      .min(1, '表格至少需要一列')
      .superRefine((columns, ctx) => reportDuplicateKeys(columns, ctx, '列标识')),
    minRows: count.optional(),
    maxRows: count.optional(),
    /** Number or money columns totalled under the table, each with an optional rule tying its total to another field. */
    totals: z
      .array(tableTotalSchema)
      .superRefine((totals, ctx) => {
        const seen = new Set<string>();
        totals.forEach((total, index) => {
          if (seen.has(total.column)) ctx.addIssue({ code: 'custom', message: '同一列只能合计一次', path: [index, 'column'] });
          seen.add(total.column);
        });
      })
      .optional(),
  })
  .refine((f) => !reversed(f.minRows, f.maxRows), { message: '最少行数不能大于最多行数', path: ['maxRows'] })
  .superRefine((f, ctx) => {
    f.totals?.forEach((total, index) => {
      const column = f.columns.find((c) => c.key === total.column);
      if (!column || !isNumeric(column)) {
        ctx.addIssue({ code: 'custom', message: '合计的列须是本表格的数字或金额列', path: ['totals', index, 'column'] });
      }
    });
  });

/** A heading between groups of fields; it has no value. */
const sectionField = z.object({ ...base, kind: z.literal('section') });

export const formFieldSchema = z.discriminatedUnion('kind', [
  textField,
  textareaField,
  numberField,
  moneyField,
  dateField,
  dateRangeField,
  selectField,
  multiSelectField,
  radioField,
  checkboxField,
  regionField,
  mobileField,
  emailField,
  idCardField,
  creditCodeField,
  richTextField,
  fileField,
  filesField,
  imageField,
  tableField,
  sectionField,
]);
export type FormField = z.infer<typeof formFieldSchema>;
export type FormFieldKind = FormField['kind'];
/** The field of one kind, e.g. `FormFieldOf<'table'>`. */
export type FormFieldOf<K extends FormFieldKind> = Extract<FormField, { kind: K }>;

function reportDuplicateKeys(items: { key: string }[], ctx: z.RefinementCtx, what: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.key)) {
      ctx.addIssue({ code: 'custom', message: `${what}「${item.key}」重复`, path: [index, 'key'] });
    }
    seen.add(item.key);
  });
}

export const formFieldsSchema = z.array(formFieldSchema).superRefine((fields, ctx) => {
  reportDuplicateKeys(fields, ctx, '字段标识');
  // A total's rule names another field of the same form, which must hold a number.
  fields.forEach((field, index) => {
    if (field.kind !== 'table') return;
    field.totals?.forEach((total, t) => {
      if (!total.rule) return;
      const target = fields.find((f) => f.key === total.rule?.field);
      if (!target || !isNumeric(target)) {
        ctx.addIssue({ code: 'custom', message: '合计要比较的字段须是本表单的数字或金额字段', path: [index, 'totals', t, 'rule', 'field'] });
      }
    });
  });
});

export const FORM_FIELD_KIND_LABELS: Record<FormFieldKind, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  money: '金额',
  date: '日期',
  dateRange: '日期范围',
  select: '下拉选择',
  multiSelect: '下拉多选',
  radio: '单选',
  checkbox: '多选',
  region: '地区',
  mobile: '手机号码',
  email: '电子邮箱',
  idCard: '身份证号码',
  creditCode: '统一社会信用代码',
  richText: '富文本',
  file: '附件',
  files: '多个附件',
  image: '图片',
  table: '表格',
  section: '分节标题',
};

export const FORM_FIELD_KINDS = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'dateRange',
  'select',
  'multiSelect',
  'radio',
  'checkbox',
  'region',
  'mobile',
  'email',
  'idCard',
  'creditCode',
  'richText',
  'file',
  'files',
  'image',
  'table',
  'section',
] as const satisfies readonly FormFieldKind[];
