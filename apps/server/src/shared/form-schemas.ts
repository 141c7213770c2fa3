// A form's fields parsed, and its application schemas built, once per version of the form instead
// of on every save: building the zod schemas (and zod compiling them on first use) was the largest
// part of the server's CPU per autosave in the profile (docs/performance.md, task W).
import { buildApplicationSchema, formFieldsSchema, type ApplicationSchema, type FormField, type UploadInfo } from '@flagship/api-client';

/** What identifies a definition: a change to a form's fields raises its version (console publishing). */
interface FormRowKey {
  id: number;
  version: number;
  updatedAt: Date;
  fields: unknown;
}

const MAX_FORMS = 2_000;
const fieldsByForm = new Map<string, FormField[]>();

/** The form's fields, parsed once per version; the array is shared, so nobody may change it. */
export function formFields(row: FormRowKey): FormField[] {
  const key = `${row.id}:${row.version}:${row.updatedAt.getTime()}`;
  let fields = fieldsByForm.get(key);
  if (fields === undefined) {
    fields = formFieldsSchema.parse(row.fields);
    // Oldest first out: enough for every open call's forms, bounded whatever happens.
    if (fieldsByForm.size >= MAX_FORMS) fieldsByForm.delete(fieldsByForm.keys().next().value as string);
    fieldsByForm.set(key, fields);
  }
  return fields;
}

type Mode = 'draft' | 'submit';
type Files = Map<number, UploadInfo>;

// The schemas ask for an upload's facts through `filesNow`, set around each (synchronous) parse.
let filesNow: Files = new Map();
const schemas = new WeakMap<FormField[], Partial<Record<Mode, ApplicationSchema>>>();

/** Checks data against the form in `mode`, the request's own uploads standing for file values. */
export function parseApplication(fields: FormField[], mode: Mode, files: Files, data: unknown) {
  let built = schemas.get(fields);
  if (!built) schemas.set(fields, (built = {}));
  const schema = (built[mode] ??= buildApplicationSchema(fields, { mode, files: (id) => filesNow.get(id) }));
  filesNow = files;
  try {
    return schema.safeParse(data);
  } finally {
    filesNow = new Map();
  }
}
