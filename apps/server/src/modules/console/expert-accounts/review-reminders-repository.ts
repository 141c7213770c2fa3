// Review reminders, hourly: an expert with assignments neither submitted nor conflicted in a call's
// current round is told `before` the reviewing phase closes (from reminderDaysBefore days ahead)
// and once it has `passed`; each kind once per assignment (review_reminders remembers), in one
// message per expert and run. Only enabled review accounts are told (there is no one else to tell).
import { CURRENT_ROUND } from '../../../shared/review-rounds-repository';
import { OUTSTANDING } from '../../../shared/review-scoring';
import { and, asc, eq, gt, inArray, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { applications, experts, projects, reviewAssignments, reviewReminders, reviewRounds, staff } from '../../../db/schema';
import { beijingTime } from '../../../lib/beijing-time';
import { sendToAccount } from './messages';

export const REVIEW_REMINDER_JOB = 'review-reminders';
const REVIEW_REMINDER_CRON = '7 * * * *';

export type ReminderKind = 'before' | 'passed';

export interface DueAssignment {
  assignmentId: number;
  staffId: number;
  account: string;
  expertName: string;
  roundId: number;
  projectTitle: string;
  reviewEndsAt: Date;
}

/** Outstanding assignments of current rounds due a reminder of `kind` at `now`, not yet given it. */
export async function assignmentsDue(db: Executor, kind: ReminderKind, now: Date): Promise<DueAssignment[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const window =
    kind === 'passed'
      ? lte(reviewRounds.reviewEndsAt, now)
      : and(
          lte(reviewRounds.reviewStartsAt, now),
          gt(reviewRounds.reviewEndsAt, now),
          gt(reviewRounds.reminderDaysBefore, 0),
          sql`${reviewRounds.reviewEndsAt} - make_interval(days => ${reviewRounds.reminderDaysBefore}) <= ${at}`,
        );
  const reminded = db
    .select({ one: reviewReminders.assignmentId })
    .from(reviewReminders)
    .where(and(eq(reviewReminders.assignmentId, reviewAssignments.id), eq(reviewReminders.kind, kind)));
  return db
    .select({
      assignmentId: reviewAssignments.id,
      staffId: staff.id,
      account: staff.account,
      expertName: experts.name,
      roundId: reviewRounds.id,
      projectTitle: projects.title,
      reviewEndsAt: reviewRounds.reviewEndsAt,
    })
    .from(reviewAssignments)
    .innerJoin(reviewRounds, eq(reviewRounds.id, reviewAssignments.roundId))
    .innerJoin(projects, eq(projects.id, reviewRounds.projectId))
    .innerJoin(applications, eq(applications.id, reviewAssignments.applicationId))
    .innerJoin(experts, eq(experts.id, reviewAssignments.expertId))
    .innerJoin(staff, eq(staff.expertId, reviewAssignments.expertId))
    .where(
      and(
        inArray(reviewAssignments.status, [...OUTSTANDING]),
        isNull(applications.deletedAt),
        ne(applications.status, 'withdrawn'),
        eq(staff.disabled, false),
        window,
        CURRENT_ROUND,
        notExists(reminded),
      ),
    )
    .orderBy(asc(staff.id), asc(reviewRounds.reviewEndsAt), asc(reviewAssignments.id));
}

/** Record reminders of `kind` for these assignments; answers the ones this run claimed (another may have). */
export async function claimReviewReminders(db: Executor, assignmentIds: number[], kind: ReminderKind): Promise<Set<number>> {
  if (assignmentIds.length === 0) return new Set();
  const rows = await db
    .insert(reviewReminders)
    .values(assignmentIds.map((assignmentId) => ({ assignmentId, kind })))
    .onConflictDoNothing()
    .returning({ id: reviewReminders.assignmentId });
  return new Set(rows.map((r) => r.id));
}

/** Give claims back when their message could not be queued, so that the next run reminds. */
export async function releaseReviewReminders(db: Executor, assignmentIds: number[], kind: ReminderKind): Promise<void> {
  await db.delete(reviewReminders).where(and(inArray(reviewReminders.assignmentId, assignmentIds), eq(reviewReminders.kind, kind)));
}

const SUBJECT: Record<ReminderKind, string> = { before: '评审截止提醒', passed: '评审逾期提醒' };

/** One expert's message: every call with how many reviews are outstanding and its deadline. */
export function reviewReminderText(kind: ReminderKind, expertName: string, due: DueAssignment[], consoleUrl: string): string {
  const rounds = new Map<number, { title: string; endsAt: Date; count: number }>();
  for (const d of due) {
    const round = rounds.get(d.roundId) ?? { title: d.projectTitle, endsAt: d.reviewEndsAt, count: 0 };
    round.count += 1;
    rounds.set(d.roundId, round);
  }
  const lines = [...rounds.values()].map((r) => `「${r.title}」${r.count} 份，${kind === 'before' ? '将于' : '已于'} ${beijingTime(r.endsAt)}（北京时间）截止`);
  const ask = kind === 'before' ? '请在截止前登录评审工作台完成评审' : '评审期已结束，请尽快登录评审工作台或与工作人员联系';
  return `${expertName}您好，您尚有评审未完成：${lines.join('；')}。${ask}：${consoleUrl}`;
}

/**
 * Remind every expert due at `now`; answers how many messages were queued. Claims come first, so
 * a repeated run (or two instances) sends none twice; claims whose message could not be queued
 * are given back and the run fails, so the job's retry reminds them.
 */
export async function sendReviewReminders({ db, mailer, log, config }: Pick<AppContext, 'db' | 'mailer' | 'log' | 'config'>, now = new Date()): Promise<number> {
  let sent = 0;
  for (const kind of ['passed', 'before'] as const) {
    const byStaff = new Map<number, DueAssignment[]>();
    for (const due of await assignmentsDue(db, kind, now)) byStaff.set(due.staffId, [...(byStaff.get(due.staffId) ?? []), due]);
    for (const due of byStaff.values()) {
      const claimed = await claimReviewReminders(db, due.map((d) => d.assignmentId), kind);
      const mine = due.filter((d) => claimed.has(d.assignmentId));
      const first = mine[0];
      if (!first) continue;
      try {
        await sendToAccount(mailer, first.account, SUBJECT[kind], reviewReminderText(kind, first.expertName, mine, config.consoleUrl));
      } catch (error) {
        await releaseReviewReminders(db, [...claimed], kind);
        throw error;
      }
      sent += 1;
    }
  }
  if (sent > 0) log.info({ sent }, 'review reminders sent');
  return sent;
}

/** Register the hourly reminder run with the queue. */
export async function startReviewReminders(ctx: Pick<AppContext, 'db' | 'mailer' | 'log' | 'jobs' | 'config'>): Promise<void> {
  await ctx.jobs.work(REVIEW_REMINDER_JOB, { concurrency: 1 }, async () => void (await sendReviewReminders(ctx)));
  await ctx.jobs.schedule(REVIEW_REMINDER_JOB, REVIEW_REMINDER_CRON);
}
