import type { ReactNode } from 'react';
import { ApiError, Errno, fieldLabel, flattenIssues } from '@flagship/api-client';

/** Shows the server's field errors (path → message) beside the fields; true when there were some. */
export function showServerFieldErrors(form: { setErrors(errors: Record<string, ReactNode>): void }, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = error.fields;
  if (Object.keys(fields).length === 0) return false;
  form.setErrors(fields);
  focusFirstError();
  return true;
}

/** The server's field errors as a list of 「label：message」 lines (for errors no input shows). */
export function fieldErrorLines(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.errno !== Errno.INVALID_INPUT) return [];
  return Object.entries(error.fields).map(([path, message]) => `${fieldLabel(path)}：${message}`);
}

type Issues = Parameters<typeof flattenIssues>[0];
/** Any zod schema (zod itself is a dependency of the SDK, not of the console). */
export interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: Issues };
}

/** A Mantine form `validate` function from a zod schema: path → first message. */
export function zodValidate<T>(schema: Schema, extra?: (values: T) => Record<string, string>) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    const errors = result.success ? {} : flattenIssues(result.error);
    return { ...errors, ...(extra?.(values) ?? {}) };
  };
}

/** After a failed check, bring the first invalid input into view (long forms hide it below the fold). */
export function focusFirstError(): void {
  // Let the error messages render first.
  requestAnimationFrame(() => {
    const input = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"] input');
    input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    input?.focus({ preventScroll: true });
  });
}
