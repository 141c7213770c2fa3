import type { ReactNode } from 'react';
import { ApiError } from '@flagship/api-client';

/** Shows the server's field errors (path → message) beside the fields; true when there were some. */
export function showServerFieldErrors(form: { setErrors(errors: Record<string, ReactNode>): void }, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = error.fields;
  if (Object.keys(fields).length === 0) return false;
  form.setErrors(fields);
  return true;
}
