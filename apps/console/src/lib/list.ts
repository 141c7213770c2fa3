/**
 * How the console's lists keep their filters in the URL: a change replaces the history entry, and
 * a number filter (the page too) of 0 counts as not given.
 */
export const LIST_QUERY = { replace: true, positiveOnly: true } as const;

/** The `published` filter of the console's lists. */
export const PUBLISHED_VALUES = ['true', 'false'] as const;

/** The list with the item at `index` moved one place up (-1) or down (1); unchanged at either end. */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}
