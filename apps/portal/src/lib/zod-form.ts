import { flattenIssues } from '@flagship/api-client';

type Issues = Parameters<typeof flattenIssues>[0];
/** Any zod schema (zod itself is a dependency of the SDK, not of the portal). */
interface Schema {
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
