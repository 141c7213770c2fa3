// A staff decision on an application: the one status-change path of the review screen and of the
// expert-review ranking (status, audit and version in one transaction, then the applicant's notice).
import { APPLY_STATUS_LABELS, type ApplyStatus } from '@flagship/api-client';
import type { FastifyRequest } from 'fastify';
import type { StaffPrincipal } from '../auth/principal';
import type { AppContext } from '../context';
import { conflict, notFound } from '../http/errors';
import { decisionTitles, lockSentApplication, saveDecision } from './application-decision-repository';
import { audit } from './audit-repository';
import { notifyUser } from './notices-repository';

export type Decision = 'reviewing' | 'returned' | 'approved' | 'rejected';

/** Which decisions may follow which state. */
export const ALLOWED_FROM: Record<Decision, ApplyStatus[]> = {
  reviewing: ['submitted'],
  returned: ['submitted', 'reviewing'],
  approved: ['submitted', 'reviewing'],
  rejected: ['submitted', 'reviewing'],
};

const AUDIT_ACTION: Record<Decision, string> = {
  reviewing: 'apply.startReview',
  returned: 'apply.return',
  approved: 'apply.approve',
  rejected: 'apply.reject',
};

export interface DecisionInput {
  applyId: number;
  status: Decision;
  message: string;
  /** When given, a stale version is refused. */
  version?: number;
}

/** Change an application's status as staff decided, then tell the applicant. */
export async function decideApplication(ctx: AppContext, principal: StaffPrincipal, req: FastifyRequest, input: DecisionInput): Promise<void> {
  const { db, mailer, log } = ctx;
  const next = input.status;
  const a = await db.transaction(async (tx) => {
    const row = await lockSentApplication(tx, input.applyId);
    if (!row) throw notFound('申报不存在或尚未提交');
    if (input.version !== undefined && input.version !== row.version) throw conflict('申报已在别处修改，请刷新后重试');
    if (!ALLOWED_FROM[next].includes(row.status)) {
      throw conflict(`申报当前为「${APPLY_STATUS_LABELS[row.status]}」，不能改为「${APPLY_STATUS_LABELS[next]}」`);
    }
    const decision = next === 'reviewing' ? undefined : { reviewMessage: input.message || null, reviewedBy: principal.staffId, reviewedAt: new Date() };
    await saveDecision(tx, row.id, next, decision);
    await audit(tx, principal, req, AUDIT_ACTION[next], { type: 'application', id: row.id }, {
      from: row.status,
      to: next,
      message: input.message,
      serialNumber: row.serialNumber,
      projectId: row.projectId,
      formId: row.formId,
    });
    return row;
  });
  if (next === 'reviewing') return;
  const { projectTitle, formTitle } = await decisionTitles(db, a.projectId, a.formId);
  const label = APPLY_STATUS_LABELS[next];
  const subject = `申报${label}：${projectTitle}`;
  const text = [
    `您向「${projectTitle}」提交的「${formTitle}」（申报编号 ${a.serialNumber ?? '—'}）审核结果：${label}。`,
    input.message ? `审核意见：${input.message}` : '',
    next === 'returned' ? '请登录平台修改后重新提交。' : '请登录平台查看详情。',
  ]
    .filter(Boolean)
    .join('\n');
  // The decision stands even when the notice cannot be sent; the applicant also sees it on the site.
  await notifyUser(db, mailer, log, a.userId, subject, text).catch((error: unknown) => log.error({ err: error, applicationId: a.id }, 'review notice failed'));
}
