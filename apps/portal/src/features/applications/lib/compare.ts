import { emptyValue, type FormField } from '@flagship/api-client';

export type Values = Record<string, unknown>;
type InputField = Exclude<FormField, { kind: 'section' }>;

export const inputFields = (fields: FormField[]): InputField[] => fields.filter((field): field is InputField => field.kind !== 'section');

/**
 * Rich text as the editor rewrites it when it loads (a line break between blocks, `&nbsp;` for
 * U+00A0) reads the same; spaces between inline elements still count.
 */
export function normalizeHtml(html: string): string {
  return html.replace(/&nbsp;|&#160;/g, '\u00a0').replace(/>\s*\n\s*</g, '><').trim();
}

/** JSON with keys sorted: the database hands objects back with their keys in another order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Values)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const valueOf = (field: InputField, values: Values): unknown => (Object.hasOwn(values, field.key) ? values[field.key] : emptyValue(field));

function canonical(field: InputField, values: Values): string {
  const value = valueOf(field, values);
  return stableJson(field.kind === 'richText' && typeof value === 'string' ? normalizeHtml(value) : value);
}

/** One string per content: two sets of values with the same snapshot need no save. */
export function snapshot(fields: FormField[], values: Values): string {
  return inputFields(fields)
    .map((field) => canonical(field, values))
    .join('\u0000');
}

export type Side = 'mine' | 'theirs';

export interface Difference {
  field: InputField;
  mine: unknown;
  theirs: unknown;
  /** Changed on this page since it was loaded (else only the other copy changed it). */
  changedHere: boolean;
}

/** The fields where this page's values and the other saved copy differ; `base` is what this page loaded. */
export function differences(fields: FormField[], base: Values, mine: Values, theirs: Values): Difference[] {
  return inputFields(fields)
    .filter((field) => canonical(field, mine) !== canonical(field, theirs))
    .map((field) => ({ field, mine: valueOf(field, mine), theirs: valueOf(field, theirs), changedHere: canonical(field, mine) !== canonical(field, base) }));
}

/** What typed here stays unless the applicant picks the other copy; fields changed only there come from there. */
export const defaultSide = (difference: Difference): Side => (difference.changedHere ? 'mine' : 'theirs');

/**
 * The other copy with the applicant's choices of this page's values laid over it. `detected` is this
 * page's values when the differences were found: the form stays editable while the applicant
 * chooses, and a field edited here since then keeps this page's value whatever was chosen.
 */
export function merge(fields: FormField[], detected: Values, mine: Values, theirs: Values, choices: Record<string, Side>): Values {
  const merged: Values = { ...theirs };
  for (const field of inputFields(fields)) {
    const editedSince = canonical(field, mine) !== canonical(field, detected);
    if (editedSince || choices[field.key] === 'mine') merged[field.key] = valueOf(field, mine);
  }
  return merged;
}
