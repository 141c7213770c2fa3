import { fieldValueToText, type FormField, type TextLookups } from '@flagship/api-client';
import { richTextUploads } from '../lib/sanitize';

/** Upload ids referenced by the file, files and image fields of some data, and the images its (sanitised) rich text shows. */
export function referencedUploads(fields: FormField[], data: Record<string, unknown>): number[] {
  const ids: number[] = [];
  const take = (value: unknown) => {
    if (Number.isSafeInteger(value) && (value as number) > 0) ids.push(value as number);
  };
  for (const field of fields) {
    const value = data[field.key];
    if (field.kind === 'file' || field.kind === 'image') take(value);
    else if (field.kind === 'files' && Array.isArray(value)) value.forEach(take);
    else if (field.kind === 'richText' && typeof value === 'string') richTextUploads(value).forEach(take);
  }
  return [...new Set(ids)];
}

/** A file name (without extension) for the documents of an application. */
export function documentName(bundle: { projectTitle: string; formTitle: string; application: { serialNumber: string | null } }): string {
  const parts = [bundle.projectTitle, bundle.formTitle, bundle.application.serialNumber ?? '草稿'];
  return parts
    .join('-')
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
    .slice(0, 120);
}

/** The answers as plain text, one field a line (`标签：值`), sections as 【headings】: the copy of a draft sent by e-mail. */
export function answersText(fields: FormField[], data: Record<string, unknown>, lookups: TextLookups): string {
  return fields
    .map((field) => (field.kind === 'section' ? `\n【${field.label}】` : `${field.label}：${fieldValueToText(field, data[field.key], lookups) || '（未填写）'}`))
    .join('\n')
    .trim();
}
