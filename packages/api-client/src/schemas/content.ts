import { z } from 'zod';
import { dateTimeSchema, htmlSchema, idSchema, keywordSchema, pageQuery } from './common';

export const regionSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  level: z.number().int(),
  sort: z.number().int(),
});
export type Region = z.infer<typeof regionSchema>;

export const CATEGORY_KINDS = ['project', 'policy', 'expert', 'enterprise'] as const;
export const categoryKindSchema = z.enum(CATEGORY_KINDS);
export type CategoryKind = z.infer<typeof categoryKindSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  kind: categoryKindSchema,
  name: z.string(),
  sort: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryQuery = z.object({ kind: categoryKindSchema.optional() });

export const linkSchema = z.object({ name: z.string(), url: z.string() });
export const bannerSchema = z.object({
  title: z.string(),
  subtitle: z.string().default(''),
  link: z.string().default(''),
  image: z.string().default(''),
});

export const settingsSchema = z.object({
  siteTitle: z.string(),
  about: htmlSchema,
  friendlyLinks: z.array(linkSchema),
  supportCredit: z.string(),
  copyright: z.string(),
  banners: z.array(bannerSchema),
  /** Whether the site is closed to the public behind an access password. */
  accessPasswordEnabled: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const attachmentSchema = z.object({ name: z.string(), url: z.string(), size: z.number().int().nonnegative() });

export const policySummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  summary: z.string(),
  publishedAt: dateTimeSchema,
  pinned: z.boolean(),
});
export const policySchema = policySummarySchema.extend({
  content: htmlSchema,
  attachments: z.array(attachmentSchema),
  views: z.number().int(),
});
export type PolicySummary = z.infer<typeof policySummarySchema>;
export type Policy = z.infer<typeof policySchema>;
export const policyListQuery = pageQuery.extend({ keyword: keywordSchema.optional(), categoryId: idSchema.optional() });

export const expertSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  photo: z.string().nullable(),
  title: z.string(),
  organisation: z.string(),
  specialities: z.array(z.string()),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
});
export const expertSchema = expertSummarySchema.extend({ biography: htmlSchema });
export type ExpertSummary = z.infer<typeof expertSummarySchema>;
export type Expert = z.infer<typeof expertSchema>;
export const expertListQuery = pageQuery.extend({
  keyword: keywordSchema.optional(),
  categoryId: idSchema.optional(),
  regionId: idSchema.optional(),
});

export const SEARCH_KINDS = ['project', 'policy', 'expert', 'enterprise'] as const;
export const searchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKindSchema>;
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  project: '项目',
  policy: '通知公告',
  expert: '专家',
  enterprise: '企业',
};

export const searchQuery = pageQuery.extend({
  keyword: keywordSchema.min(1, '请输入关键词'),
  type: searchKindSchema.optional(),
  /** Without `type`: the first `perKind` hits of every kind, instead of one page across kinds. */
  perKind: z.coerce.number<number>().int('必须是整数').min(1, '不能小于 1').max(20, '不能大于 20').optional(),
});
export const searchHitSchema = z.object({
  kind: searchKindSchema,
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  date: dateTimeSchema.nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResultSchema = z.object({
  list: z.array(searchHitSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matches per kind, whatever `type` filters the list to. */
  counts: z.record(searchKindSchema, z.number().int()),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  /** Malware scanning of uploads (ClamAV): answering, not answering (uploads are refused), or not configured. */
  virusScan: z.enum(['ok', 'down', 'off']),
  uptime: z.number(),
  version: z.string(),
});
