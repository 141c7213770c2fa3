import { z } from 'zod';
import { dateTimeSchema, idSchema, keywordSchema, pageQuery, paged } from './common';

// Results announcements (issue 14): a call's 立项公示, prepared by staff from its approved
// applications, published as a notice under 通知公告 with an objection period, and the open list
// of funded projects built from the published announcements.

export const RESULT_ANNOUNCEMENT_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export const resultAnnouncementStatusSchema = z.enum(RESULT_ANNOUNCEMENT_STATUSES);
export type ResultAnnouncementStatus = z.infer<typeof resultAnnouncementStatusSchema>;
export const RESULT_ANNOUNCEMENT_STATUS_LABELS: Record<ResultAnnouncementStatus, string> = {
  draft: '草稿',
  published: '已发布',
  withdrawn: '已撤回',
};

const NO_NUL = /^[^\0]*$/;
const text = (max: number, label: string) =>
  z.string({ error: `请填写${label}` }).trim().min(1, `请填写${label}`).max(max, `${label}不能超过 ${max} 个字`).regex(NO_NUL, `${label}不能包含空字符`);
const optional = (max: number, label: string) =>
  z.string({ error: `${label}应为文字` }).trim().max(max, `${label}不能超过 ${max} 个字`).regex(NO_NUL, `${label}不能包含空字符`);

/** Yuan with at most two decimals; null while staff have not set it. */
export const amountGrantedSchema = z
  .number({ error: '资助金额应为数字（元）' })
  .min(0, '资助金额不能小于 0')
  .max(999_999_999_999.99, '资助金额过大')
  .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), '资助金额最多两位小数');

export const resultItemSchema = z.object({
  applicationId: z.number().int(),
  serialNumber: z.string().nullable(),
  position: z.number().int(),
  title: z.string(),
  organisation: z.string(),
  /** Name path, e.g. 浙江省/杭州市/西湖区. */
  region: z.string(),
  category: z.string(),
  amountGranted: z.number().nullable(),
});
export type ResultItem = z.infer<typeof resultItemSchema>;

export const resultAnnouncementSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  title: z.string(),
  introduction: z.string(),
  objectionStartsAt: dateTimeSchema,
  objectionEndsAt: dateTimeSchema,
  contact: z.string(),
  status: resultAnnouncementStatusSchema,
  /** The notice under 通知公告, once published. */
  policyId: z.number().int().nullable(),
  publishedAt: dateTimeSchema.nullable(),
  withdrawnAt: dateTimeSchema.nullable(),
  withdrawalReason: z.string().nullable(),
  items: z.array(resultItemSchema),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type ResultAnnouncement = z.infer<typeof resultAnnouncementSchema>;

const objectionPeriod = {
  title: text(200, '公示标题'),
  introduction: z.string({ error: '公示说明应为文字' }).max(200_000, '公示说明过长（不能超过 200000 个字符）').regex(NO_NUL, '公示说明不能包含空字符').default(''),
  objectionStartsAt: z.iso.datetime({ offset: true, error: '异议期开始时间应为带时区的日期时间' }),
  objectionEndsAt: z.iso.datetime({ offset: true, error: '异议期结束时间应为带时区的日期时间' }),
  contact: optional(500, '联系方式').default(''),
};
const periodInOrder = (b: { objectionStartsAt: string; objectionEndsAt: string }) => Date.parse(b.objectionStartsAt) < Date.parse(b.objectionEndsAt);
const PERIOD_ORDER = { message: '异议期结束时间应晚于开始时间', path: ['objectionEndsAt'] };

/** New announcement: the items are the call's approved applications at this moment. */
export const resultAnnouncementCreateBody = z.object(objectionPeriod).refine(periodInOrder, PERIOD_ORDER);

/** A draft's edit: its fields and its items in the order to show them (those left out are removed). */
export const resultAnnouncementUpdateBody = z
  .object({
    ...objectionPeriod,
    items: z
      .array(z.object({ applicationId: z.number({ error: '申报编号应为数字' }).int().positive(), amountGranted: amountGrantedSchema.nullable() }), { error: '请提供公示项目列表' })
      .max(5000, '一次公示最多 5000 个项目'),
  })
  .refine(periodInOrder, PERIOD_ORDER);

export const resultWithdrawBody = z.object({ reason: text(500, '撤回原因') });

/** A results notice for the portal's call page and home page. */
export const resultNoticeSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  title: z.string(),
  policyId: z.number().int().nullable(),
  status: resultAnnouncementStatusSchema,
  objectionStartsAt: dateTimeSchema,
  objectionEndsAt: dateTimeSchema,
  withdrawalReason: z.string().nullable(),
});
export type ResultNotice = z.infer<typeof resultNoticeSchema>;

export const resultNoticeQuery = z.object({
  /** A call's published and withdrawn notices; without it, those whose objection period runs now. */
  projectId: idSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// The open list of funded projects (published announcements only).

export const fundedFilter = z.object({
  year: z.coerce.number<number>({ error: '年度应为数字' }).int('年度应为整数').min(2000, '年度不能早于 2000').max(2100, '年度不能晚于 2100').optional(),
  category: optional(50, '分类').optional(),
  /** A region name path prefix, e.g. 浙江省 or 浙江省/杭州市. */
  region: optional(100, '地区').optional(),
  keyword: keywordSchema.optional(),
});
export const fundedListQuery = pageQuery.extend(fundedFilter.shape);

export const fundedProjectSchema = z.object({
  announcementId: z.number().int(),
  policyId: z.number().int().nullable(),
  projectId: z.number().int(),
  callTitle: z.string(),
  year: z.number().int(),
  title: z.string(),
  organisation: z.string(),
  region: z.string(),
  category: z.string(),
  amountGranted: z.number(),
  publishedAt: dateTimeSchema,
});
export type FundedProject = z.infer<typeof fundedProjectSchema>;

export const fundedListSchema = paged(fundedProjectSchema).extend({
  /** Over every row the filter matches, not just this page. */
  totals: z.object({ count: z.number().int(), amountGranted: z.number() }),
  /** What the filters can choose from. */
  years: z.array(z.number().int()),
  categories: z.array(z.string()),
  regions: z.array(z.string()),
});
export type FundedList = z.infer<typeof fundedListSchema>;
