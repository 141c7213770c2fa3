import { z } from 'zod';
import { formFieldsSchema } from '../forms/definition';
import { dateTimeSchema, htmlSchema, idSchema, keywordSchema, pageQuery, queryArray } from './common';
import { attachmentSchema } from './content';
import { eligibilityAnswersSchema, eligibilityCheckSchema, eligibilityQuestionsSchema } from './eligibility';

export const PROJECT_STATUSES = ['upcoming', 'open', 'closed'] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  upcoming: '即将开始',
  open: '申报中',
  closed: '已截止',
};

export const APPLY_STATUSES = ['draft', 'submitted', 'reviewing', 'returned', 'approved', 'rejected', 'withdrawn'] as const;
export const applyStatusSchema = z.enum(APPLY_STATUSES);
export type ApplyStatus = z.infer<typeof applyStatusSchema>;
export const APPLY_STATUS_LABELS: Record<ApplyStatus, string> = {
  draft: '草稿',
  submitted: '已提交',
  reviewing: '审核中',
  returned: '退回修改',
  approved: '已通过',
  rejected: '未通过',
  withdrawn: '已撤回',
};
/** The applicant may change an application only in these states. */
export const EDITABLE_APPLY_STATUSES: readonly ApplyStatus[] = ['draft', 'returned'];
/** The applicant may withdraw (delete) an application only before review starts. */
export const WITHDRAWABLE_APPLY_STATUSES: readonly ApplyStatus[] = ['draft', 'submitted'];

export const projectSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
  cover: z.string().nullable(),
  summary: z.string(),
  /** Total budget in yuan. */
  budget: z.number(),
  budgetNote: z.string(),
  applyStart: dateTimeSchema,
  applyEnd: dateTimeSchema,
  year: z.number().int(),
  status: projectStatusSchema,
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectListQuery = pageQuery.extend({
  keyword: keywordSchema.optional(),
  categoryId: idSchema.optional(),
  regionId: idSchema.optional(),
  status: z.union([projectStatusSchema, z.enum(['active'])]).optional(),
  year: z.coerce.number<number>().int('必须是整数').min(2000, '年份不正确').max(2100, '年份不正确').optional(),
});

/** My application to a form, without its data. */
export const applySummarySchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  formId: z.number().int(),
  formTitle: z.string(),
  status: applyStatusSchema,
  version: z.number().int(),
  serialNumber: z.string().nullable(),
  submittedAt: dateTimeSchema.nullable(),
  reviewMessage: z.string().nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type ApplySummary = z.infer<typeof applySummarySchema>;

export const receiptSchema = z.object({
  serialNumber: z.string(),
  submittedAt: dateTimeSchema,
  /** SHA-256 (hex) of the canonical JSON of the submitted data. */
  sha256: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const applySchema = applySummarySchema.extend({
  data: z.record(z.string(), z.unknown()),
  receipt: receiptSchema.nullable(),
  /** The eligibility answers checked when the application was created or last submitted. */
  eligibility: eligibilityCheckSchema.nullable(),
});
export type Apply = z.infer<typeof applySchema>;

export const formSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  myApply: applySummarySchema.nullable(),
  /** With no live application: my latest withdrawn submission to the form (已撤回), if any. */
  myWithdrawn: applySummarySchema.nullable().default(null),
});
export const formSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  title: z.string(),
  description: z.string(),
  fields: formFieldsSchema,
  version: z.number().int(),
});
export type FormDefinition = z.infer<typeof formSchema>;

/**
 * Shown above 确认提交 when a call has no declaration of its own. Such a call does not require
 * `declarationAccepted` from the server (older clients keep working); the portal asks anyway.
 */
export const DEFAULT_DECLARATION =
  '本人（本单位）承诺：所填报的申报信息及提交的附件材料均真实、准确、完整，不存在虚假、隐瞒或误导性内容；如有不实，愿意承担由此产生的一切责任。';

/** The refusal of a submission without `declarationAccepted: true` to a call that has a declaration. */
export const DECLARATION_REQUIRED = '声明：请阅读申报声明并勾选“我已阅读并同意”后再提交';

/** The call's own declaration (声明, plain text), '' when it has none; absent from older servers. */
const declarationSchema = z.string().default('');

export const projectSchema = projectSummarySchema.extend({
  guide: htmlSchema,
  declaration: declarationSchema,
  attachments: z.array(attachmentSchema),
  forms: z.array(formSummarySchema),
  /** Asked before an applicant starts a form; empty when anyone may apply. */
  eligibility: eligibilityQuestionsSchema,
});
export type Project = z.infer<typeof projectSchema>;

export const formDetailSchema = z.object({
  project: projectSummarySchema,
  form: formSchema,
  apply: applySchema.nullable(),
  eligibility: eligibilityQuestionsSchema,
  /** The call's declaration, as in the call's detail. */
  declaration: declarationSchema,
});
export type FormDetail = z.infer<typeof formDetailSchema>;

export const formParams = z.object({ projectId: idSchema, formId: idSchema });

export const applyBody = z.object({
  data: z.record(z.string(), z.unknown(), { error: '申报数据格式不正确' }),
  /** The version last read; 0 when there is no application yet. */
  version: z.number({ error: '缺少版本号' }).int().min(0),
  submit: z.boolean().default(false),
  /** Answers to the call's eligibility questions; needed when the application is first saved. */
  eligibility: eligibilityAnswersSchema.optional(),
  /** The applicant ticked 我已阅读并同意 under the call's declaration; required to submit when the call has one. */
  declarationAccepted: z.boolean({ error: '应为是或否' }).optional(),
});
export type ApplyInput = z.input<typeof applyBody>;

export const myApplyListQuery = pageQuery.extend({ status: applyStatusSchema.optional() });

export const deleteApplyBody = z.object({ applyId: idSchema });

export const exportQuery = z.object({ authkey: z.string().max(200).optional() });

export const DOWNLOAD_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const downloadJobSchema = z.object({
  name: z.string(),
  status: z.enum(DOWNLOAD_STATUSES),
  error: z.string().nullable(),
  createdAt: dateTimeSchema,
  expiresAt: dateTimeSchema,
});
export type DownloadJob = z.infer<typeof downloadJobSchema>;
/** With `name` of a finished job (and `authkey`), the zip itself is served. */
export const downloadQuery = z.object({ name: z.string().max(64).optional(), authkey: z.string().max(200).optional() });
export const downloadStatusQuery = z.object({ name: z.string({ error: '缺少任务名' }).min(1, '缺少任务名').max(64) });

export const batchPrintParams = z.object({ projectId: z.union([idSchema, z.literal('all')]) });
export const batchPrintQuery = z.object({
  ids: queryArray(idSchema).pipe(z.array(z.number()).min(1, '请选择要打印的申报').max(50, '一次最多打印 50 份')),
});
export const printItemSchema = z.object({
  project: projectSummarySchema,
  form: formSchema,
  apply: applySchema,
});
export const batchPrintResultSchema = z.object({ list: z.array(printItemSchema) });
export type PrintItem = z.infer<typeof printItemSchema>;
