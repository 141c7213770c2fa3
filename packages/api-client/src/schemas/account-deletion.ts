import { z } from 'zod';
import { dateTimeSchema, pageQuery } from './common';

// Account deletion at the applicant's request (issue 16, PIPL): the applicant asks, staff carry it out or refuse.

export const ACCOUNT_DELETION_STATUSES = ['pending', 'cancelled', 'refused', 'done'] as const;
export type AccountDeletionStatus = (typeof ACCOUNT_DELETION_STATUSES)[number];
export const ACCOUNT_DELETION_STATUS_LABELS: Record<AccountDeletionStatus, string> = {
  pending: '待处理',
  cancelled: '已撤销',
  refused: '未同意',
  done: '已注销',
};

/** The neutral name an anonymised applicant is shown under, everywhere. */
export function anonymisedName(userId: number): string {
  return `已注销用户#${userId}`;
}

/** The applicant's latest request (null when they never asked). */
export const accountDeletionSchema = z.object({
  id: z.number().int(),
  status: z.enum(ACCOUNT_DELETION_STATUSES),
  /** Staff's reason when they refused. */
  reason: z.string().nullable(),
  createdAt: dateTimeSchema,
  decidedAt: dateTimeSchema.nullable(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const accountDeletionRequestBody = z.object({
  password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(128, '长度不能超过 128 位'),
});
export type AccountDeletionRequestInput = z.input<typeof accountDeletionRequestBody>;

/** A request as staff see it: who, what they hold, and what became of it. */
export const consoleAccountDeletionSchema = accountDeletionSchema.extend({
  userId: z.number().int(),
  account: z.string(),
  name: z.string(),
  /** Unsent drafts (deleted when the request is carried out). */
  drafts: z.number().int().nonnegative(),
  /** Applications sent and not yet decided (kept, anonymised). */
  inReview: z.number().int().nonnegative(),
  /** Every application ever sent (kept, anonymised). */
  submitted: z.number().int().nonnegative(),
  decidedByAccount: z.string().nullable(),
});
export type ConsoleAccountDeletion = z.infer<typeof consoleAccountDeletionSchema>;

export const accountDeletionListQuery = pageQuery.extend({
  status: z.enum(ACCOUNT_DELETION_STATUSES, { error: '状态应为 pending、cancelled、refused 或 done' }).optional(),
});

export const accountDeletionRefuseBody = z.object({
  reason: z
    .string({ error: '请填写不同意的理由' })
    .trim()
    .min(1, '请填写不同意的理由')
    .max(500, '不能超过 500 个字'),
});
