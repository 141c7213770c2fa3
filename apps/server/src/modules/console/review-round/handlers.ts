import { APPLY_STATUS_LABELS, type ApplyStatus } from '@flagship/api-client';
import type { z } from 'zod';
import type { reviewRoundBody } from '@flagship/api-client';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { AppError, conflict, invalidFields, notFound } from '../../../http/errors';
import { decideApplication } from '../../../shared/application-decision';
import { audit } from '../../../shared/audit-repository';
import { isOverdue, phaseOf, prevailingRecommendation } from '../../../shared/review-scoring';
import { loadRange, notInReview, planAutomatic, planBulk, type PlanInput } from './assignment-plan';
import { applicantsOfCall, applicationsForAssignment, expertsForAssignment } from '../../../shared/review-conflicts-repository';
import {
  assignmentsOfRound,
  currentRound,
  deleteAssignment,
  findAssignment,
  findCall,
  insertAssignments,
  insertRound,
  IN_REVIEW,
  isFrozen,
  listAssignments,
  loadsOfRound,
  lockAssignment,
  progressOfRound,
  reopenAssignment,
  toReviewAssignment,
  toReviewRound,
  updateRound,
  type RoundRow,
  type RoundValues,
} from './repository';
import { openRound, rankedRows } from './round-queries';
import { reviewExportHandlers } from './exports';

type ReviewRoundHandlers = Pick<
  Handlers['console'],
  | 'reviewRoundGet'
  | 'reviewRoundSave'
  | 'reviewRoundNew'
  | 'reviewAssignmentList'
  | 'reviewAssign'
  | 'reviewAutoAssign'
  | 'reviewUnassign'
  | 'reviewReopen'
  | 'reviewProgress'
  | 'reviewRanking'
  | 'reviewDecisions'
  | 'reviewExport'
  | 'reviewAssignmentImport'
>;

type RoundBody = z.output<typeof reviewRoundBody>;

/** What a score freezes, with its name in messages. */
const FROZEN_FIELDS = { criteria: '评分项', blind: '匿名评审', peerVisibility: '互见设置', applicantComments: '向申报人展示意见' } as const;

/** JSON with sorted keys: jsonb does not keep the order keys were written in. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown =>
    v instanceof Date ? v.toISOString() : Array.isArray(v) ? v.map(sort) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])])) : v;
  return JSON.stringify(sort(value));
}

function roundValues(body: RoundBody): RoundValues {
  return {
    criteria: body.criteria,
    applicantComments: body.applicantComments,
    blind: body.blind,
    peerVisibility: body.peerVisibility,
    reviewStartsAt: new Date(body.reviewStartsAt),
    reviewEndsAt: new Date(body.reviewEndsAt),
    expertsPerApplication: body.expertsPerApplication,
    disagreementThreshold: body.disagreementThreshold,
    reminderDaysBefore: body.reminderDaysBefore,
  };
}

/** Names of the fields whose value differs between the round and what is sent. */
function changedFields(round: RoundRow, values: RoundValues): string[] {
  return (Object.keys(values) as (keyof RoundValues)[]).filter((k) => canonical(round[k]) !== canonical(values[k]));
}


export function reviewRoundHandlers(ctx: AppContext): ReviewRoundHandlers {
  const { db } = ctx;

  async function call(projectId: number) {
    const row = await findCall(db, projectId);
    if (!row) throw notFound('项目不存在');
    return row;
  }

  /** Ids in the body that name nothing usable: a 400 on that field, naming them. */
  function missing(field: 'applicationIds' | 'expertIds', wanted: number[], found: { id: number }[]): void {
    const have = new Set(found.map((r) => r.id));
    const absent = wanted.filter((id) => !have.has(id));
    if (absent.length === 0) return;
    const message = field === 'applicationIds' ? `编号 ${absent.join('、')} 不存在、不属于该项目或尚未提交` : `编号 ${absent.join('、')} 不存在`;
    throw invalidFields({ [field]: message });
  }

  return {
    ...reviewExportHandlers(ctx),
    reviewRoundGet: async ({ params }) => {
      await call(params.projectId);
      const round = await currentRound(db, params.projectId);
      return round ? toReviewRound(round, await isFrozen(db, round.id), new Date()) : null;
    },

    reviewRoundSave: async ({ params, body, principal, req }) => {
      await call(params.projectId);
      const values = roundValues(body);
      const saved = await db.transaction(async (tx) => {
        const round = await currentRound(tx, params.projectId, true);
        if (!round) {
          const created = await insertRound(tx, params.projectId, 1, values);
          if (!created) throw conflict('评审方案已由他人同时创建，请刷新后重试');
          await audit(tx, principal, req, 'review.round.save', { type: 'project', id: params.projectId }, { roundId: created.id, number: 1, created: true });
          return created;
        }
        const changed = changedFields(round, values);
        const frozen = await isFrozen(tx, round.id);
        const locked = changed.filter((k): k is keyof typeof FROZEN_FIELDS => k in FROZEN_FIELDS);
        if (frozen && locked.length > 0) {
          throw conflict(`已有专家评分，${locked.map((k) => FROZEN_FIELDS[k]).join('、')}不能再修改；如需修改请新建评审轮次`);
        }
        const updated = await updateRound(tx, round.id, values);
        await audit(tx, principal, req, 'review.round.save', { type: 'project', id: params.projectId }, { roundId: round.id, number: round.number, changed });
        return updated;
      });
      return toReviewRound(saved, await isFrozen(db, saved.id), new Date());
    },

    reviewRoundNew: async ({ params, body, principal, req }) => {
      await call(params.projectId);
      const created = await db.transaction(async (tx) => {
        const round = await currentRound(tx, params.projectId, true);
        if (round && !(await isFrozen(tx, round.id))) throw conflict(`第 ${round.number} 轮尚未开始评分，直接修改评审方案即可，无需新建轮次`);
        const number = (round?.number ?? 0) + 1;
        const row = await insertRound(tx, params.projectId, number, roundValues(body));
        if (!row) throw conflict('评审轮次已由他人同时创建，请刷新后重试');
        await audit(tx, principal, req, 'review.round.new', { type: 'project', id: params.projectId }, { roundId: row.id, number, previousRoundId: round?.id ?? null });
        return row;
      });
      return toReviewRound(created, false, new Date());
    },

    reviewAssignmentList: async ({ params, query }) => {
      await call(params.projectId);
      const round = await currentRound(db, params.projectId);
      if (!round) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
      const { list, total } = await listAssignments(db, round.id, query, new Date());
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    reviewAssign: async ({ params, body, principal, req }) => {
      await call(params.projectId);
      const applicationIds = [...new Set(body.applicationIds)];
      const expertIds = [...new Set(body.expertIds)];
      return db.transaction(async (tx) => {
        const round = await openRound(tx, params.projectId);
        const [applications, experts, existing, applicants, reviewers] = await Promise.all([
          applicationsForAssignment(tx, params.projectId, applicationIds),
          expertsForAssignment(tx, expertIds),
          assignmentsOfRound(tx, round),
          applicantsOfCall(tx, params.projectId),
          expertsForAssignment(tx, undefined),
        ]);
        missing('applicationIds', applicationIds, applications);
        missing('expertIds', expertIds, experts);
        const { pairs, skipped } = planBulk({ applications, experts, existing, applicantsOfCall: applicants });
        const created = await insertAssignments(tx, round.id, pairs, principal.staffId);
        await audit(tx, principal, req, 'review.assign', { type: 'project', id: params.projectId }, { roundId: round.id, applicationIds, expertIds, created, skipped: skipped.length });
        return { created, skipped, ...loadRange(reviewers, await loadsOfRound(tx, round.id)) };
      });
    },

    reviewAutoAssign: async ({ params, body, principal, req }) => {
      const project = await call(params.projectId);
      const wanted = body.applicationIds ? [...new Set(body.applicationIds)] : undefined;
      return db.transaction(async (tx) => {
        const round = await openRound(tx, params.projectId);
        const perApplication = body.perApplication ?? round.expertsPerApplication;
        const [applications, experts, existing, applicants] = await Promise.all([
          applicationsForAssignment(tx, params.projectId, wanted),
          expertsForAssignment(tx, undefined),
          assignmentsOfRound(tx, round),
          applicantsOfCall(tx, params.projectId),
        ]);
        if (wanted) missing('applicationIds', wanted, applications);
        const inReview = applications.filter((a) => (IN_REVIEW as readonly string[]).includes(a.status));
        const input: PlanInput = { applications: inReview, experts, existing, applicantsOfCall: applicants };
        const plan = planAutomatic(input, perApplication, project);
        const skipped = [...(wanted ? applications.filter((a) => !inReview.includes(a)).map(notInReview) : []), ...plan.skipped];
        const created = await insertAssignments(tx, round.id, plan.pairs, principal.staffId);
        await audit(tx, principal, req, 'review.autoAssign', { type: 'project', id: params.projectId }, { roundId: round.id, perApplication, applicationIds: wanted ?? null, created, skipped: skipped.length });
        return { created, skipped, ...loadRange(experts, plan.loads) };
      });
    },

    reviewUnassign: async ({ params, principal, req }) => {
      await db.transaction(async (tx) => {
        const a = (await lockAssignment(tx, params.id))?.assignment;
        if (!a) throw notFound('评审分配不存在');
        // A declaration, either way, is kept as the record of it: only an untouched assignment goes.
        if (a.status !== 'assigned') {
          throw conflict(a.status === 'conflict' ? '利益冲突声明须作为记录保留，不能取消分配' : '专家已声明或已开始评审，不能取消分配');
        }
        await deleteAssignment(tx, a.id);
        await audit(tx, principal, req, 'review.unassign', { type: 'reviewAssignment', id: a.id }, { roundId: a.roundId, applicationId: a.applicationId, expertId: a.expertId });
      });
      return null;
    },

    reviewReopen: async ({ params, body, principal, req }) => {
      await db.transaction(async (tx) => {
        const locked = await lockAssignment(tx, params.id);
        if (!locked) throw notFound('评审分配不存在');
        const { assignment: a, round, current } = locked;
        if (a.status !== 'submitted') throw conflict('只有已提交的评审可以重新开放');
        if (!current) throw conflict('该评审属于已被新轮次取代的评审轮次，不能重新开放');
        // The expert could not save it again: the reviewing phase must be open.
        if (phaseOf(round) !== 'reviewing') throw conflict('评审不在评审阶段，专家无法修改；请先调整评审时间再重新开放');
        await reopenAssignment(tx, a.id);
        await audit(tx, principal, req, 'review.reopen', { type: 'reviewAssignment', id: a.id }, { reason: body.reason, roundId: a.roundId, applicationId: a.applicationId, expertId: a.expertId });
      });
      const row = await findAssignment(db, params.id);
      if (!row) throw notFound('评审分配不存在');
      return toReviewAssignment(row, new Date());
    },

    reviewProgress: async ({ params }) => {
      await call(params.projectId);
      const round = await currentRound(db, params.projectId);
      if (!round) return [];
      const byExpert = new Map<number, { expertId: number; expertName: string; account: string | null; assigned: number; declared: number; conflicts: number; submitted: number; overdue: number }>();
      for (const r of await progressOfRound(db, round.id)) {
        let p = byExpert.get(r.expertId);
        if (!p) byExpert.set(r.expertId, (p = { expertId: r.expertId, expertName: r.expertName, account: r.account, assigned: 0, declared: 0, conflicts: 0, submitted: 0, overdue: 0 }));
        if (r.status === 'conflict') {
          p.conflicts += r.n;
          continue;
        }
        p.assigned += r.n;
        if (r.status === 'declared') p.declared += r.n;
        if (r.status === 'submitted') p.submitted += r.n;
        if (isOverdue(r.status, round)) p.overdue += r.n;
      }
      return [...byExpert.values()];
    },

    reviewRanking: async ({ params, query }) => {
      await call(params.projectId);
      const rows = await rankedRows(db, params.projectId, await currentRound(db, params.projectId));
      const distribution = Array.from({ length: 10 }, () => 0);
      for (const row of rows) if (row.trimmedMean !== null) distribution[Math.min(9, Math.floor(row.trimmedMean / 10))]! += 1;
      const shown = rows.filter(
        (r) =>
          (query.recommendation === undefined || prevailingRecommendation(r.recommendations) === query.recommendation) &&
          (query.flagged === undefined || r.flagged === query.flagged),
      );
      const start = (query.page - 1) * query.pageSize;
      return {
        list: shown.slice(start, start + query.pageSize),
        total: shown.length,
        page: query.page,
        pageSize: query.pageSize,
        distribution,
        reviewed: rows.filter((r) => r.reviews > 0).length,
        flaggedCount: rows.filter((r) => r.flagged).length,
      };
    },

    reviewDecisions: async ({ params, body, principal, req }) => {
      await call(params.projectId);
      const ids = [...new Set(body.applicationIds)];
      const ofCall = new Map((await applicationsForAssignment(db, params.projectId, ids)).map((a) => [a.id, a]));
      const skipped: { applicationId: number; reason: string }[] = [];
      let decided = 0;
      for (const id of ids) {
        const a = ofCall.get(id);
        if (!a) {
          skipped.push({ applicationId: id, reason: '申报不存在、不属于该项目或尚未提交' });
          continue;
        }
        if (!(IN_REVIEW as readonly string[]).includes(a.status)) {
          skipped.push({ applicationId: id, reason: `申报当前为「${APPLY_STATUS_LABELS[a.status as ApplyStatus]}」，不能再作决定` });
          continue;
        }
        try {
          await decideApplication(ctx, principal, req, { applyId: id, status: body.status, message: body.message });
          decided += 1;
        } catch (error) {
          // Decided elsewhere meanwhile: reported, the others go on.
          if (!(error instanceof AppError)) throw error;
          skipped.push({ applicationId: id, reason: error.message });
        }
      }
      return { decided, skipped };
    },
  };
}
