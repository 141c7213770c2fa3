import { z } from 'zod';
import { formSchema, applyStatusSchema } from './project';
import { dateTimeSchema, idSchema, keywordSchema, pageQuery } from './common';
import { expertInterestsSchema, optionalText, requiredText } from './console';

// Expert review (issue 12): a call's review round, its experts' assignments and their scores.
// Staff use /api/console/project/{projectId}/review/* and /api/console/review/*; an expert, signed
// in to the console with the role `expert`, uses /api/console/my/* and nothing else.

// ---------------------------------------------------------------------------------------------
// The scheme and its phases.

export const REVIEW_RECOMMENDATIONS = ['fund', 'fund_with_changes', 'do_not_fund'] as const;
export const reviewRecommendationSchema = z.enum(REVIEW_RECOMMENDATIONS, { error: '推荐意见应为 fund、fund_with_changes 或 do_not_fund' });
export type ReviewRecommendation = z.infer<typeof reviewRecommendationSchema>;
export const REVIEW_RECOMMENDATION_LABELS: Record<ReviewRecommendation, string> = {
  fund: '建议资助',
  fund_with_changes: '修改后资助',
  do_not_fund: '不建议资助',
};

/** Whether an expert sees the other experts' reviews of the same application. */
export const PEER_VISIBILITY = ['never', 'after_submit'] as const;
export const peerVisibilitySchema = z.enum(PEER_VISIBILITY, { error: '互见设置应为 never 或 after_submit' });
export const PEER_VISIBILITY_LABELS: Record<z.infer<typeof peerVisibilitySchema>, string> = {
  never: '不可见其他专家的评审',
  after_submit: '提交本人评审后可见',
};

/**
 * From the dates: before `reviewStartsAt` staff assign and experts declare conflicts
 * (`assignment`); until `reviewEndsAt` experts score (`reviewing`); after it nothing changes
 * but by staff (`closed`).
 */
export const REVIEW_PHASES = ['assignment', 'reviewing', 'closed'] as const;
export const reviewPhaseSchema = z.enum(REVIEW_PHASES);
export type ReviewPhase = z.infer<typeof reviewPhaseSchema>;
export const REVIEW_PHASE_LABELS: Record<ReviewPhase, string> = { assignment: '分配阶段', reviewing: '评审阶段', closed: '已结束' };

const scoreNumber = (label: string) =>
  z.number({ error: `${label}应为数字` }).int(`${label}应为整数`).min(0, `${label}不能小于 0`).max(1000, `${label}不能大于 1000`);

/** A band of scores with what it means, e.g. 8–10 “优秀”. */
export const scoreBandSchema = z
  .object({
    min: scoreNumber('分段下限'),
    max: scoreNumber('分段上限'),
    label: requiredText(50, '请填写分段说明'),
  })
  .refine((b) => b.min <= b.max, { message: '分段下限不能大于上限', path: ['max'] });

export const criterionSchema = z
  .object({
    /** Stable within the round: scores are keyed by it. Letters, digits and _; set by the client. */
    key: z.string({ error: '请填写评分项标识' }).regex(/^[a-z][a-z0-9_]{0,29}$/, '评分项标识只能包含小写字母、数字和 _，以字母开头，不超过 30 个字符'),
    label: requiredText(50, '请填写评分项名称'),
    guidance: optionalText(1000).default(''),
    /** Relative weight; a review's total is the weighted mean of its scores on a 0–100 scale. */
    weight: z.number({ error: '权重应为数字' }).positive('权重应大于 0').max(100, '权重不能大于 100'),
    min: scoreNumber('最低分').default(0),
    max: scoreNumber('最高分'),
    bands: z.array(scoreBandSchema, { error: '分段说明应为列表' }).max(10, '最多 10 个分段').default([]),
  })
  .refine((c) => c.min < c.max, { message: '最高分应大于最低分', path: ['max'] })
  .refine((c) => c.bands.every((b) => b.min >= c.min && b.max <= c.max), { message: '分段应在最低分与最高分之间', path: ['bands'] });
export type Criterion = z.infer<typeof criterionSchema>;

export const reviewRoundBody = z
  .object({
    criteria: z
      .array(criterionSchema, { error: '评分项应为列表' })
      .min(1, '至少需要一个评分项')
      .max(20, '最多 20 个评分项')
      .refine((list) => new Set(list.map((c) => c.key)).size === list.length, '评分项标识不能重复'),
    /** Experts may leave a comment the applicant sees with the decision (never who wrote it). */
    applicantComments: z.boolean({ error: '是否向申报人展示意见应为是或否' }).default(false),
    /** The applicant's name, organisation and file names are hidden from experts. */
    blind: z.boolean({ error: '匿名评审应为是或否' }).default(false),
    peerVisibility: peerVisibilitySchema.default('never'),
    reviewStartsAt: dateTimeSchema,
    reviewEndsAt: dateTimeSchema,
    expertsPerApplication: z.number({ error: '每份申报的专家人数应为数字' }).int('每份申报的专家人数应为整数').min(1, '每份申报至少 1 位专家').max(10, '每份申报最多 10 位专家').default(3),
    /** A flag where the spread of an application's totals (0–100) is above this. */
    disagreementThreshold: z.number({ error: '分歧阈值应为数字' }).min(0, '分歧阈值不能小于 0').max(100, '分歧阈值不能大于 100').default(20),
    /** A reminder this many days before the reviewing phase closes (0: only when it has passed). */
    reminderDaysBefore: z.number({ error: '提醒天数应为数字' }).int('提醒天数应为整数').min(0, '提醒天数不能小于 0').max(30, '提醒天数不能大于 30').default(2),
  })
  .refine((b) => Date.parse(b.reviewStartsAt) < Date.parse(b.reviewEndsAt), { message: '评审结束时间应晚于开始时间', path: ['reviewEndsAt'] });
export type ReviewRoundInput = z.input<typeof reviewRoundBody>;

export const reviewRoundSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  /** 1 for the first round; a new round starts when a frozen scheme must change. */
  number: z.number().int(),
  criteria: z.array(criterionSchema),
  applicantComments: z.boolean(),
  blind: z.boolean(),
  peerVisibility: peerVisibilitySchema,
  reviewStartsAt: dateTimeSchema,
  reviewEndsAt: dateTimeSchema,
  expertsPerApplication: z.number().int(),
  disagreementThreshold: z.number(),
  reminderDaysBefore: z.number().int(),
  phase: reviewPhaseSchema,
  /** A score is in: criteria, blind mode and peer visibility no longer change (dates and figures may). */
  frozen: z.boolean(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type ReviewRound = z.infer<typeof reviewRoundSchema>;

// ---------------------------------------------------------------------------------------------
// Assignments, as staff see them.

/**
 * `assigned`: waiting for the expert's declaration; `declared`: no conflict declared, scoring
 * (drafts included); `conflict`: declared or found conflicted, back to staff (kept as a record);
 * `submitted`: the review is in (staff may reopen it).
 */
export const ASSIGNMENT_STATUSES = ['assigned', 'declared', 'conflict', 'submitted'] as const;
export const assignmentStatusSchema = z.enum(ASSIGNMENT_STATUSES);
export type AssignmentStatus = z.infer<typeof assignmentStatusSchema>;
export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  assigned: '待声明',
  declared: '评审中',
  conflict: '利益冲突',
  submitted: '已提交',
};

export const reviewAssignmentSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  serialNumber: z.string().nullable(),
  /** The application's project name (the form's `projectName` answer), or the call's title. */
  applicationTitle: z.string(),
  applicantName: z.string(),
  expertId: z.number().int(),
  expertName: z.string(),
  status: assignmentStatusSchema,
  conflictReason: z.string().nullable(),
  declaredAt: dateTimeSchema.nullable(),
  savedAt: dateTimeSchema.nullable(),
  submittedAt: dateTimeSchema.nullable(),
  /** Weighted total, 0–100, once scores are saved. */
  total: z.number().nullable(),
  recommendation: reviewRecommendationSchema.nullable(),
  /** Not submitted while the reviewing phase has closed. */
  overdue: z.boolean(),
});
export type ReviewAssignment = z.infer<typeof reviewAssignmentSchema>;

export const reviewAssignmentListQuery = pageQuery.extend({
  status: assignmentStatusSchema.optional(),
  expertId: idSchema.optional(),
  applicationId: idSchema.optional(),
  /** Serial number, project name or expert name. */
  keyword: keywordSchema.optional(),
});

const idList = (what: string) => z.array(idSchema, { error: `${what}应为编号列表` }).min(1, `请选择${what}`).max(2000, `${what}最多 2000 个`);

/** Every selected application × every selected expert (one and one: by hand). */
export const MAX_ASSIGN_PAIRS = 20_000;
export const assignBody = z
  .object({
    applicationIds: idList('申报'),
    expertIds: idList('专家'),
  })
  .refine((b) => b.applicationIds.length * b.expertIds.length <= MAX_ASSIGN_PAIRS, {
    message: `一次最多分配 ${MAX_ASSIGN_PAIRS} 个“申报 × 专家”组合，请分批分配`,
    path: ['expertIds'],
  });

export const autoAssignBody = z.object({
  /** Default: the round's `expertsPerApplication`. */
  perApplication: z.number({ error: '每份申报的专家人数应为数字' }).int('每份申报的专家人数应为整数').min(1, '每份申报至少 1 位专家').max(10, '每份申报最多 10 位专家').optional(),
  /** Default: every submitted application of the call still short of experts. */
  applicationIds: idList('申报').optional(),
});

/** What was assigned, and what was not and why (already assigned, conflicted, no account…). */
export const assignResultSchema = z.object({
  created: z.number().int(),
  skipped: z.array(z.object({ applicationId: z.number().int(), expertId: z.number().int().nullable(), reason: z.string() })),
  /** Reviews per expert among the experts that can review, after this assignment. */
  minLoad: z.number().int(),
  maxLoad: z.number().int(),
});
export type AssignResult = z.infer<typeof assignResultSchema>;

/**
 * Assignments read from an .xlsx (columns 申报编号 and 专家账号): each row assigned as by hand;
 * `problems` are rows that named no application or expert of the call (`row` as in the sheet).
 */
export const assignImportResultSchema = assignResultSchema.extend({
  rows: z.number().int(),
  problems: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type AssignImportResult = z.infer<typeof assignImportResultSchema>;

export const reopenBody = z.object({ reason: requiredText(500, '请填写重新开放的原因') });

/** Per expert of the round: what they have and have not done. */
export const reviewProgressSchema = z.array(
  z.object({
    expertId: z.number().int(),
    expertName: z.string(),
    account: z.string().nullable(),
    assigned: z.number().int(),
    declared: z.number().int(),
    conflicts: z.number().int(),
    submitted: z.number().int(),
    overdue: z.number().int(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Ranking and decisions.

export const rankingRowSchema = z.object({
  rank: z.number().int(),
  applicationId: z.number().int(),
  serialNumber: z.string().nullable(),
  applicationTitle: z.string(),
  applicantName: z.string(),
  status: applyStatusSchema,
  assigned: z.number().int(),
  /** Submitted reviews; the figures below are over their totals (null without any). */
  reviews: z.number().int(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  /** Without the single highest and lowest total when there are at least five reviews; else the mean. */
  trimmedMean: z.number().nullable(),
  /** Highest total minus lowest. */
  spread: z.number().nullable(),
  /** The spread is above the round's disagreement threshold. */
  flagged: z.boolean(),
  recommendations: z.object({ fund: z.number().int(), fund_with_changes: z.number().int(), do_not_fund: z.number().int() }),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

export const rankingQuery = pageQuery.extend({
  /** Rows where this recommendation is the most frequent (ties: the more favourable). */
  recommendation: reviewRecommendationSchema.optional(),
  flagged: z.enum(['true', 'false'], { error: '应为 true 或 false' }).transform((v) => v === 'true').optional(),
});

export const rankingSchema = z.object({
  list: z.array(rankingRowSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Over the whole call (not the page): trimmed means in ten bands, 0–10 … 90–100. */
  distribution: z.array(z.number().int()).length(10),
  reviewed: z.number().int(),
  flaggedCount: z.number().int(),
});
export type Ranking = z.infer<typeof rankingSchema>;

/** Approve or reject several applications at once (the existing decision, e-mail and audit). */
export const decisionsBody = z
  .object({
    applicationIds: idList('申报'),
    status: z.enum(['approved', 'rejected'], { error: '决定应为 approved 或 rejected' }),
    message: z.string({ error: '审核意见应为文字' }).trim().max(2000, '不能超过 2000 个字').default(''),
  })
  .refine((b) => b.status !== 'rejected' || b.message.length > 0, { message: '不通过时请填写审核意见', path: ['message'] });

export const decisionsResultSchema = z.object({
  decided: z.number().int(),
  skipped: z.array(z.object({ applicationId: z.number().int(), reason: z.string() })),
});

// ---------------------------------------------------------------------------------------------
// The invitation (the expert's side, before signing in; the staff side is in console.ts).

export const acceptInvitationBody = z.object({
  token: z.string({ error: '邀请链接无效' }).min(16, '邀请链接无效').max(200, '邀请链接无效'),
  password: z.string({ error: '请输入密码' }).min(8, '密码至少 8 位').max(128, '长度不能超过 128 位'),
});

// ---------------------------------------------------------------------------------------------
// The expert workspace.

export const myReviewSummarySchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  applicationTitle: z.string(),
  /** Null in a blind round. */
  applicantName: z.string().nullable(),
  status: assignmentStatusSchema,
  phase: reviewPhaseSchema,
  reviewStartsAt: dateTimeSchema,
  reviewEndsAt: dateTimeSchema,
  savedAt: dateTimeSchema.nullable(),
  submittedAt: dateTimeSchema.nullable(),
  overdue: z.boolean(),
});
export type MyReviewSummary = z.infer<typeof myReviewSummarySchema>;

export const myReviewListQuery = pageQuery.extend({ status: assignmentStatusSchema.optional() });

export const reviewScoresSchema = z.record(z.string(), z.number());

export const myReviewSchema = myReviewSummarySchema.extend({
  blind: z.boolean(),
  criteria: z.array(criterionSchema),
  applicantComments: z.boolean(),
  conflictReason: z.string().nullable(),
  /**
   * The application read-only, once the expert has declared no conflict; null before, and for
   * a conflict. In a blind round identity fields are left out and file names are neutral.
   */
  application: z
    .object({
      form: formSchema,
      data: z.record(z.string(), z.unknown()),
      files: z.array(z.object({ id: z.number().int(), name: z.string(), size: z.number().int() })),
    })
    .nullable(),
  review: z.object({
    scores: reviewScoresSchema,
    total: z.number().nullable(),
    recommendation: reviewRecommendationSchema.nullable(),
    commentToStaff: z.string(),
    commentToApplicant: z.string(),
    version: z.number().int(),
  }),
  /** The other experts' submitted reviews when the round lets them be seen (names never shown). */
  peers: z
    .array(z.object({ label: z.string(), scores: reviewScoresSchema, total: z.number().nullable(), recommendation: reviewRecommendationSchema.nullable(), commentToStaff: z.string() }))
    .nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

export const declarationBody = z
  .object({
    conflict: z.boolean({ error: '请声明是否存在利益冲突' }),
    reason: optionalText(500).default(''),
  })
  .refine((b) => !b.conflict || b.reason.length > 0, { message: '存在利益冲突时请说明原因', path: ['reason'] });

export const reviewSaveBody = z.object({
  /** Per criterion key; a draft may leave some out. */
  scores: z.record(z.string(), z.number({ error: '分数应为数字' }), { error: '分数应为对象' }),
  recommendation: reviewRecommendationSchema.nullable().default(null),
  commentToStaff: optionalText(5000).default(''),
  commentToApplicant: optionalText(5000).default(''),
  /** The version last read: a stale one is refused with 409 (another window saved since). */
  version: z.number({ error: '版本应为数字' }).int().min(0),
  /** Send the review: every criterion and the recommendation are then required. */
  submit: z.boolean({ error: '是否提交应为是或否' }).default(false),
});
export type ReviewSaveInput = z.input<typeof reviewSaveBody>;

export const myProfileSchema = expertInterestsSchema.extend({
  name: z.string(),
  title: z.string(),
  organisation: z.string(),
  specialities: z.array(z.string()),
});

/** Comments experts left for the applicant, with the decision (never who wrote them). */
export const applicantReviewCommentsSchema = z.array(z.string());
