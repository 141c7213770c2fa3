import { z } from 'zod';
import { isValidCreditCode, isValidEmail, isValidIdCardNumber, isValidMobile } from './checks';
import { TOTAL_RULE_OP_LABELS, type FieldOption, type FormField, type FormFieldOf, type TableColumn } from './definition';
import { htmlTextLength, htmlToText, isBlankHtml } from './html';

// One form definition → one zod schema for the application's data, used by the portal while the
// applicant types and by the server on save (draft) and submit.

export interface UploadInfo {
  name: string;
  mime: string;
  size: number;
}
/** Finds an upload by id; the server answers `undefined` for uploads that are missing or not the applicant's. */
export type UploadLookup = (uploadId: number) => UploadInfo | undefined;

export interface BuildOptions {
  /** `draft` checks only value shapes, `submit` every rule. */
  mode: 'draft' | 'submit';
  files?: UploadLookup;
}

/** A field that holds a value (every kind but `section`). */
export type ValueField = Exclude<FormField, { kind: 'section' }>;
export type ApplicationSchema = z.ZodObject<Record<string, z.ZodType>>;

/** Values as the form holds them; `null` or `''` is an empty number, id or date. */
export type FieldValue =
  | string
  | number
  | null
  | undefined
  | string[]
  | number[]
  | [string, string]
  | Record<string, unknown>[];

type Path = (string | number)[];
type Report = (message: string, path?: Path) => void;
type AnyField = ValueField | TableColumn;

export function buildApplicationSchema(fields: FormField[], options: BuildOptions): ApplicationSchema {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    if (field.kind !== 'section') shape[field.key] = fieldSchema(field, options);
  }
  const schema = z.object(shape, { error: '申报数据格式不正确' });
  return options.mode === 'submit' ? schema.superRefine((data, ctx) => checkTotalRules(fields, data, ctx)) : schema;
}

export interface ColumnTotal {
  column: FormFieldOf<'number' | 'money'>;
  total: number;
  rule?: { op: 'eq' | 'lte'; field: string };
}

/** How many decimals a number is written with (`1.25` → 2; `1e-7` → 7). */
function decimalPlaces(value: number): number {
  const [digits = '', exponent] = String(value).split('e');
  const decimals = digits.split('.')[1]?.length ?? 0;
  return Math.max(0, decimals - Number(exponent ?? 0));
}

/** The totals a table shows under its rows; empty and non-numeric cells count as 0. */
export function tableTotals(table: FormFieldOf<'table'>, rows: unknown): ColumnTotal[] {
  const list = Array.isArray(rows) ? rows : [];
  const totals: ColumnTotal[] = [];
  for (const { column: key, rule } of table.totals ?? []) {
    const column = table.columns.find((c) => c.key === key);
    if (column?.kind !== 'number' && column?.kind !== 'money') continue;
    const cells = list.map((row) => (isRecord(row) ? row[key] : undefined)).filter((cell): cell is number => typeof cell === 'number' && Number.isFinite(cell));
    // Added as whole numbers so that 0.1 + 0.2 is 0.3: money in cents, numbers at the most decimals
    // a cell has (at most 6, so a programme's sums stay exact integers below 2^53).
    const places = column.kind === 'money' ? 2 : Math.min(6, Math.max(0, ...cells.map(decimalPlaces)));
    const scale = 10 ** places;
    const sum = cells.reduce((total, cell) => total + Math.round(cell * scale), 0);
    totals.push({ column, total: Number((sum / scale).toFixed(places)), ...(rule ? { rule } : {}) });
  }
  return totals;
}

/** A total as text: money as `12,345.60 元`, a number as it is. */
export function formatTotal(total: ColumnTotal): string {
  return total.column.kind === 'money' ? formatMoney(total.total) : String(total.total);
}

function checkTotalRules(fields: FormField[], data: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const table of fields) {
    if (table.kind !== 'table') continue;
    for (const total of tableTotals(table, data[table.key])) {
      const target = total.rule && fields.find((f) => f.key === total.rule?.field);
      const value = target ? data[target.key] : undefined;
      // An empty target is its own field's problem (required or not); there is nothing to compare with.
      if (!total.rule || !target || typeof value !== 'number' || !Number.isFinite(value)) continue;
      const holds = total.rule.op === 'eq' ? Math.abs(total.total - value) < 1e-6 : total.total <= value + 1e-6;
      if (holds) continue;
      const text = target.kind === 'money' ? formatMoney(value) : String(value);
      ctx.addIssue({
        code: 'custom',
        message: `「${table.label}」的「${total.column.label}」合计（${formatTotal(total)}）应${TOTAL_RULE_OP_LABELS[total.rule.op]}「${target.label}」（${text}）`,
        path: [table.key],
      });
    }
  }
}

function fieldSchema(field: ValueField, { mode, files }: BuildOptions): z.ZodType {
  const name = `「${field.label}」`;
  let schema: z.ZodType = z.unknown().superRefine((value, ctx) => {
    const report: Report = (message, path = []) => ctx.addIssue({ code: 'custom', message, path });
    if (mode === 'draft') checkShape(field, value, name, report);
    else checkValue(field, value, name, report, files);
  });
  if (field.kind === 'table') {
    const keys = field.columns.map((column) => column.key);
    schema = schema.transform((rows) => stripRows(rows, keys));
  }
  // A missing key must still reach the check of a required field; everything else may be left out.
  return mode === 'submit' && field.required ? schema : schema.optional();
}

function stripRows(rows: unknown, keys: string[]): unknown {
  if (!Array.isArray(rows)) return rows;
  return rows.map((row) => (isRecord(row) ? Object.fromEntries(keys.filter((k) => Object.hasOwn(row, k)).map((k) => [k, row[k]])) : row));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Counts as not filled in: nothing, blank text, an empty list, a date range without dates. */
function isMissing(field: AnyField, value: unknown): boolean {
  if (value == null) return true;
  if (typeof value === 'string') return field.kind === 'richText' ? isBlankHtml(value) : value.trim() === '';
  if (Array.isArray(value)) {
    return field.kind === 'dateRange' ? value.every((v) => v == null || v === '') : value.length === 0;
  }
  return false;
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isString = (v: unknown): v is string => typeof v === 'string';

/** The JSON type a kind's value has; a partly typed value still has it. */
function hasShape(field: AnyField, value: unknown): boolean {
  switch (field.kind) {
    case 'number':
    case 'money':
      return typeof value === 'number' && Number.isFinite(value);
    case 'region':
    case 'file':
    case 'image':
      return isId(value);
    case 'files':
      return Array.isArray(value) && value.every(isId);
    case 'multiSelect':
    case 'checkbox':
      return Array.isArray(value) && value.every(isString);
    case 'dateRange':
      return Array.isArray(value) && value.length <= 2 && value.every((v) => v == null || isString(v));
    case 'table':
      return Array.isArray(value);
    default:
      return isString(value);
  }
}

function checkShape(field: AnyField, value: unknown, name: string, report: Report): void {
  if (isMissing(field, value)) return;
  if (!hasShape(field, value)) return report(`${name}格式不正确`);
  if (field.kind === 'table') {
    forEachRow(field, value as unknown[], name, report, (column, cell, cellName, cellReport) =>
      checkShape(column, cell, cellName, cellReport),
    );
  }
}

function checkValue(field: AnyField, value: unknown, name: string, report: Report, files?: UploadLookup): void {
  if (isMissing(field, value)) {
    if (field.required) report(`${name}为必填项`);
    return;
  }
  if (!hasShape(field, value)) return report(`${name}格式不正确`);
  if (field.kind === 'table') return checkTable(field, value as unknown[], name, report, files);
  if (field.kind === 'files') return checkFiles(field, value as number[], name, report, files);
  const problem = valueProblem(field, value, name, files);
  if (problem) report(problem);
}

function forEachRow(
  table: FormFieldOf<'table'>,
  rows: unknown[],
  name: string,
  report: Report,
  check: (column: TableColumn, cell: unknown, cellName: string, cellReport: Report) => void,
): void {
  rows.forEach((row, index) => {
    const rowName = `${name}第 ${index + 1} 行`;
    if (!isRecord(row)) return report(`${rowName}格式不正确`, [index]);
    for (const column of table.columns) {
      const cellReport: Report = (message, path = []) => report(message, [index, column.key, ...path]);
      check(column, row[column.key], `${rowName}「${column.label}」`, cellReport);
    }
  });
}

function checkTable(table: FormFieldOf<'table'>, rows: unknown[], name: string, report: Report, files?: UploadLookup): void {
  if (table.minRows !== undefined && rows.length < table.minRows) report(`${name}至少填写 ${table.minRows} 行`);
  if (table.maxRows !== undefined && rows.length > table.maxRows) report(`${name}最多填写 ${table.maxRows} 行`);
  forEachRow(table, rows, name, report, (column, cell, cellName, cellReport) =>
    checkValue(column, cell, cellName, cellReport, files),
  );
}

function checkFiles(field: FormFieldOf<'files'>, ids: number[], name: string, report: Report, files?: UploadLookup): void {
  const countProblem = itemCountProblem(ids.length, field.minItems, field.maxItems, name, '上传', ' 个文件');
  if (countProblem) report(countProblem);
  if (new Set(ids).size !== ids.length) report(`${name}包含重复的文件`);
  ids.forEach((id, index) => {
    const problem = uploadProblem(field, id, name, files);
    if (problem) report(problem, [index]);
  });
}

/** The first rule a (non-empty, well-shaped) value breaks. */
function valueProblem(field: AnyField, value: unknown, name: string, files?: UploadLookup): string | undefined {
  switch (field.kind) {
    case 'text':
      return lengthProblem([...(value as string)].length, field, name) ?? patternProblem(field, value as string, name);
    case 'textarea':
      return lengthProblem([...(value as string)].length, field, name);
    case 'richText':
      return lengthProblem(htmlTextLength(value as string), field, name);
    case 'number':
      if (field.integer && !Number.isInteger(value)) return `${name}应为整数`;
      return rangeProblem(value as number, field.min, field.max, name, '');
    case 'money':
      if (!hasAtMostTwoDecimals(value as number)) return `${name}最多保留两位小数`;
      return rangeProblem(value as number, field.min, field.max, name, ' 元');
    case 'date':
      return dateProblem(value as string, field, name);
    case 'dateRange':
      return dateRangeProblem(value as (string | null)[], field, name);
    case 'select':
    case 'radio':
      return hasOption(field.options, value as string) ? undefined : `${name}的选项无效`;
    case 'multiSelect':
    case 'checkbox': {
      const values = value as string[];
      if (!values.every((v) => hasOption(field.options, v))) return `${name}包含无效的选项`;
      if (new Set(values).size !== values.length) return `${name}包含重复的选项`;
      return itemCountProblem(values.length, field.minItems, field.maxItems, name, '选择', ' 项');
    }
    case 'mobile':
      return isValidMobile(value as string) ? undefined : `${name}不是有效的手机号码`;
    case 'email':
      return isValidEmail(value as string) ? undefined : `${name}不是有效的电子邮箱地址`;
    case 'idCard':
      return isValidIdCardNumber((value as string).toUpperCase()) ? undefined : `${name}不是有效的身份证号码`;
    case 'creditCode':
      return isValidCreditCode((value as string).toUpperCase()) ? undefined : `${name}不是有效的统一社会信用代码`;
    case 'file':
    case 'image':
      return uploadProblem(field, value as number, name, files);
    default:
      // region: an id is all that can be checked here.
      return undefined;
  }
}

function lengthProblem(length: number, rule: { minLength?: number; maxLength?: number }, name: string): string | undefined {
  if (rule.minLength !== undefined && length < rule.minLength) return `${name}不能少于 ${rule.minLength} 个字`;
  if (rule.maxLength !== undefined && length > rule.maxLength) return `${name}不能超过 ${rule.maxLength} 个字`;
  return undefined;
}

function patternProblem(field: FormFieldOf<'text'>, value: string, name: string): string | undefined {
  if (field.pattern === undefined) return undefined;
  // Anchored like the HTML `pattern` attribute: the whole value must match.
  if (new RegExp(`^(?:${field.pattern})$`).test(value)) return undefined;
  return `${name}${field.patternMessage ?? '格式不正确'}`;
}

function rangeProblem(value: number, min: number | undefined, max: number | undefined, name: string, unit: string): string | undefined {
  if (min !== undefined && value < min) return `${name}不能小于 ${min}${unit}`;
  if (max !== undefined && value > max) return `${name}不能大于 ${max}${unit}`;
  return undefined;
}

function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

const isoDate = z.iso.date();
const isDate = (value: string): boolean => isoDate.safeParse(value).success;

function dateProblem(value: string, bounds: { min?: string; max?: string }, name: string): string | undefined {
  if (!isDate(value)) return `${name}不是有效的日期`;
  if (bounds.min !== undefined && value < bounds.min) return `${name}不能早于 ${bounds.min}`;
  if (bounds.max !== undefined && value > bounds.max) return `${name}不能晚于 ${bounds.max}`;
  return undefined;
}

function dateRangeProblem(value: (string | null)[], field: FormFieldOf<'dateRange'>, name: string): string | undefined {
  const [start, end] = value;
  if (!start || !end) return `${name}需要填写开始和结束日期`;
  if (!isDate(start) || !isDate(end)) return `${name}不是有效的日期`;
  if (start > end) return `${name}的开始日期不能晚于结束日期`;
  if (field.min !== undefined && start < field.min) return `${name}不能早于 ${field.min}`;
  if (field.max !== undefined && end > field.max) return `${name}不能晚于 ${field.max}`;
  return undefined;
}

function hasOption(options: FieldOption[], value: string): boolean {
  return options.some((option) => option.value === value);
}

function itemCountProblem(
  count: number,
  min: number | undefined,
  max: number | undefined,
  name: string,
  verb: string,
  unit: string,
): string | undefined {
  if (min !== undefined && count < min) return `${name}至少${verb} ${min}${unit}`;
  if (max !== undefined && count > max) return `${name}最多${verb} ${max}${unit}`;
  return undefined;
}

function uploadProblem(
  field: FormFieldOf<'file' | 'files' | 'image'>,
  id: number,
  name: string,
  files?: UploadLookup,
): string | undefined {
  if (!files) return undefined;
  const upload = files(id);
  if (!upload) return `${name}的文件不存在或已被删除`;
  const fileName = `「${upload.name}」`;
  if (field.kind === 'image') {
    if (!upload.mime.toLowerCase().startsWith('image/')) return `${name}只能上传图片，${fileName}不是图片`;
  } else if (field.accept?.length && !acceptsFile(field.accept, upload)) {
    return `${name}的文件${fileName}格式不符，仅支持 ${field.accept.join('、')}`;
  }
  if (field.maxSize !== undefined && upload.size > field.maxSize) {
    return `${name}的文件${fileName}不能超过 ${formatSize(field.maxSize)}`;
  }
  return undefined;
}

/** `accept` entries: an extension of the name (`.pdf`), a MIME type, or a wildcard (`image/*`). */
function acceptsFile(accept: string[], upload: UploadInfo): boolean {
  const dot = upload.name.lastIndexOf('.');
  const extension = dot >= 0 ? upload.name.slice(dot).toLowerCase() : '';
  const mime = upload.mime.toLowerCase();
  return accept.some((entry) => {
    const wanted = entry.toLowerCase();
    if (wanted.startsWith('.')) return extension === wanted;
    if (wanted.endsWith('/*')) return mime.startsWith(wanted.slice(0, -1));
    return mime === wanted;
  });
}

function formatSize(bytes: number): string {
  const round = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= 1024 * 1024) return `${round(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} 字节`;
}

/** Field errors by dotted path (`team.1.name`), the first message of each. */
export function flattenIssues(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in fields)) fields[path] = issue.message;
  }
  return fields;
}

/** The value a new, empty form starts with for a field. */
export function emptyValue(field: FormField | TableColumn): FieldValue {
  switch (field.kind) {
    case 'number':
    case 'money':
    case 'region':
    case 'file':
    case 'image':
      return null;
    case 'dateRange':
      return ['', ''];
    case 'multiSelect':
    case 'checkbox':
    case 'files':
    case 'table':
      return [];
    case 'section':
      return undefined;
    default:
      return '';
  }
}

export interface TextLookups {
  /** Region name by id. */
  region?: (id: number) => string | undefined;
  /** File name by upload id. */
  file?: (id: number) => string | undefined;
}

/** A value as readable text for documents and print views; '' when empty. */
export function fieldValueToText(field: FormField | TableColumn, value: unknown, lookups: TextLookups = {}): string {
  if (field.kind === 'section' || isMissing(field, value)) return '';
  switch (field.kind) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value) : plainText(value);
    case 'select':
    case 'radio':
      return optionLabel(field.options, value);
    case 'multiSelect':
    case 'checkbox':
      return Array.isArray(value) ? value.map((v) => optionLabel(field.options, v)).join('、') : plainText(value);
    case 'dateRange':
      return Array.isArray(value) ? value.map((v) => plainText(v)).join(' 至 ') : plainText(value);
    case 'region':
      return isId(value) ? (lookups.region?.(value) ?? String(value)) : plainText(value);
    case 'file':
    case 'image':
      return fileText(value, lookups);
    case 'files':
      return Array.isArray(value) ? value.map((id) => fileText(id, lookups)).join('、') : plainText(value);
    case 'richText':
      return typeof value === 'string' ? htmlToText(value) : plainText(value);
    case 'table':
      return Array.isArray(value) ? tableText(field, value, lookups) : plainText(value);
    default:
      return plainText(value);
  }
}

function tableText(table: FormFieldOf<'table'>, rows: unknown[], lookups: TextLookups): string {
  const totals = tableTotals(table, rows);
  const totalLine = totals.length ? [`合计：${totals.map((t) => `${t.column.label} ${formatTotal(t)}`).join('；')}`] : [];
  const lines = rows
    .map((row, index) => {
      const cells = table.columns.map((column) => {
        const text = isRecord(row) ? fieldValueToText(column, row[column.key], lookups) : '';
        return `${column.label}：${text || '—'}`;
      });
      return `第 ${index + 1} 行：${cells.join('；')}`;
    });
  return [...lines, ...totalLine].join('\n');
}

function optionLabel(options: FieldOption[], value: unknown): string {
  return options.find((option) => option.value === value)?.label ?? plainText(value);
}

function fileText(id: unknown, lookups: TextLookups): string {
  return isId(id) ? (lookups.file?.(id) ?? `文件 ${id}`) : plainText(id);
}

/** Yuan with thousands separators and two decimals: `12,345.60 元`. */
function formatMoney(value: number): string {
  const [whole = '', cents = '00'] = value.toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents} 元`;
}

/** Whatever shape a value has, something readable. */
function plainText(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.map(plainText).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
