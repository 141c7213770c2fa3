// Blind review: what an expert of a blind round may not learn about the applicant. One rule for
// every answer, title, comment and file name an expert can fetch.
import type { FormDefinition, FormField } from '@flagship/api-client';

export const HIDDEN = '【已隐去】';

/** Kinds whose answer always identifies someone. */
const IDENTITY_KINDS: ReadonlySet<string> = new Set(['mobile', 'email', 'idCard', 'creditCode']);

/** Labels of fields about who applies: names of people and organisations, contacts, numbers, addresses. */
const IDENTITY_LABEL =
  /姓名|名字|联系人|负责人|法人|法定代表人|申报人|申请人|申报单位|申请单位|申报主体|单位|机构|企业|公司|组织名称|团体名称|电话|手机|传真|邮箱|电子邮件|身份证|证件|信用代码|营业执照|地址|住址|通讯|邮编/u;

/** Keys of the same (camelCase or snake_case, compared in lower case). */
const IDENTITY_KEY =
  /^name$|fullname|personname|applicant|contact|organi[sz]ation|company|enterprise|legal|leader|phone|mobile|email|idcard|idnumber|address|creditcode|licen[cs]e/u;

/** A field (or table column) whose answer is left out in a blind round. */
export function isIdentityField(field: { key: string; kind: string; label: string }): boolean {
  return IDENTITY_KINDS.has(field.kind) || IDENTITY_LABEL.test(field.label) || IDENTITY_KEY.test(field.key.toLowerCase());
}

/** Shorter terms would hide ordinary words. */
const SHORTEST_TERM = 2;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces every occurrence of the applicant's identity (as typed or HTML-escaped, any case) by HIDDEN. */
export type Redact = (text: string) => string;

export function redactor(terms: readonly string[]): Redact {
  const forms = new Set<string>();
  for (const raw of terms) {
    const term = raw.trim();
    if (term.length < SHORTEST_TERM) continue;
    forms.add(term);
    forms.add(escapeHtml(term));
  }
  if (forms.size === 0) return (text) => text;
  // Longest first, so an enterprise name is hidden whole rather than around a shorter term inside it.
  const pattern = new RegExp([...forms].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'giu');
  return (text) => text.replace(pattern, HIDDEN);
}

/** Every string inside a value, redacted. */
function redactValue(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, redact));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, redact)]));
  return value;
}

/**
 * The form and answers as an expert of a blind round sees them: identity fields (and table
 * columns) gone from both, and the applicant's identity hidden in every remaining text.
 */
export function blindApplication(form: FormDefinition, data: Record<string, unknown>, redact: Redact): { form: FormDefinition; data: Record<string, unknown> } {
  const fields: FormField[] = [];
  const blinded: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (field.kind !== 'section' && isIdentityField(field)) continue;
    if (field.kind === 'table') {
      const hidden = new Set(field.columns.filter(isIdentityField).map((c) => c.key));
      if (hidden.size === field.columns.length) continue;
      fields.push({ ...field, columns: field.columns.filter((c) => !hidden.has(c.key)) });
      const rows = data[field.key];
      if (Array.isArray(rows)) {
        blinded[field.key] = rows.map((row: unknown) =>
          row && typeof row === 'object' ? Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k))) : row,
        );
      }
    } else {
      fields.push(field);
      if (field.key in data) blinded[field.key] = data[field.key];
    }
  }
  // Answers without a field (left over from an older form) are shown nowhere: dropped.
  return {
    form: { ...form, title: redact(form.title), description: redact(form.description), fields },
    data: redactValue(blinded, redact) as Record<string, unknown>,
  };
}

/** `附件3.pdf`: the n-th attachment (from 1), keeping a plain extension of the original name. */
export function neutralFileName(n: number, originalName: string): string {
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(originalName)?.[0]?.toLowerCase() ?? '';
  return `附件${n}${ext}`;
}
