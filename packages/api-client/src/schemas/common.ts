import { z } from 'zod';

/** A positive integer id; path and query values arrive as strings and are coerced. */
export const idSchema = z.coerce.number<number>({ error: '必须是数字编号' }).int('必须是整数').positive('必须是正整数').max(2_147_483_647, '编号过大');
export const idParams = z.object({ id: idSchema });

/** Timestamps cross the wire as ISO 8601 strings with an offset. */
export const dateTimeSchema = z.iso.datetime({ offset: true });
/** Calendar dates as `YYYY-MM-DD`. */
export const dateSchema = z.iso.date();

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** `page` (from 1) and `pageSize` (default 10, at most 100) of every paged list. */
export const pageQuery = z.object({
  page: z.coerce.number<number>().int('必须是整数').min(1, '不能小于 1').max(100_000, '不能大于 100000').default(1),
  pageSize: z.coerce
    .number<number>()
    .int('必须是整数')
    .min(1, '不能小于 1')
    .max(MAX_PAGE_SIZE, `不能大于 ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});

export const keywordSchema = z.string().trim().max(50, '不能超过 50 个字');

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Sanitised HTML from a rich-text field. */
export const htmlSchema = z.string();

/** A query array (`ids=1&ids=2`): one value arrives as a scalar, several as an array. */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), item]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);
}

export const emptyData = z.null();
