import type { ReactNode } from 'react';
import { ApiError, flattenIssues } from '@flagship/api-client';

/**
 * Shows the server's field errors (path → message) beside the fields; true when there were some.
 * `focus` then brings the first invalid input into view.
 */
export function showServerFieldErrors(
  form: { setErrors(errors: Record<string, ReactNode>): void },
  error: unknown,
  { focus = false }: { focus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = error.fields;
  if (Object.keys(fields).length === 0) return false;
  form.setErrors(fields);
  if (focus) focusFirstError();
  return true;
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

type Issues = Parameters<typeof flattenIssues>[0];
/** Any zod schema (zod itself is a dependency of the SDK, not of the front ends). */
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
