import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface QueryParamsOptions {
  /** A change replaces the history entry instead of adding one. */
  replace?: boolean;
  /** `number()` counts 0 as not given. */
  positiveOnly?: boolean;
}

/** List filters kept in the URL, so that a page can be shared and survives a reload. */
export function useQueryParams({ replace = false, positiveOnly = false }: QueryParamsOptions = {}) {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string) => params.get(key) ?? '', [params]);
  const number = useCallback(
    (key: string): number | undefined => {
      const value = params.get(key);
      return value && /^\d+$/.test(value) && (!positiveOnly || Number(value) > 0) ? Number(value) : undefined;
    },
    [params, positiveOnly],
  );
  /** A value that must be one of `values` (anything else counts as not given). */
  const oneOf = useCallback(
    <T extends string>(key: string, values: readonly T[]): T | undefined => {
      const value = params.get(key);
      return values.find((v) => v === value);
    },
    [params],
  );
  /** Set some values (empty ones are removed); any change but the page's goes back to page 1. */
  const set = useCallback(
    (patch: Record<string, string | number | null | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        // Left out unless asked for: react-router has its own default when it is not given.
        replace ? { replace } : undefined,
      );
    },
    [setParams, replace],
  );
  return { params, get, number, oneOf, set, page: number('page') ?? 1 };
}
