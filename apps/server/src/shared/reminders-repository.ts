// Reminders on a schedule: once a day (09:00 Beijing time) every applicant whose draft for a call
// is still unsent while the call closes within 48 hours is told so, once per application
// (deadline_reminders remembers who was). One instance runs each day's job.
import { and, eq, gt, isNull, lte, notExists } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { applications, deadlineReminders, forms, projects } from '../db/schema';
import { beijingTime } from '../lib/beijing-time';
import { notifyUser } from './notices-repository';

export const DEADLINE_REMINDER_JOB = 'deadline-reminders';
const REMINDER_CRON = '0 9 * * *';
/** A daily run reaches every deadline at least once inside this window. */
const WINDOW_MS = 48 * 3600_000;

export interface DueReminder {
  applicationId: number;
  userId: number;
  projectTitle: string;
  formTitle: string;
  deadline: Date;
}

/** Unsent drafts of published calls closing within 48 hours of `now`, whose applicant was not reminded yet. */
export async function draftsDueForReminder(db: Executor, now: Date): Promise<DueReminder[]> {
  return db
    .select({ applicationId: applications.id, userId: applications.userId, projectTitle: projects.title, formTitle: forms.title, deadline: projects.applyEnd })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(forms, eq(forms.id, applications.formId))
    .where(
      and(
        eq(applications.status, 'draft'),
        isNull(applications.deletedAt),
        eq(projects.published, true),
        gt(projects.applyEnd, now),
        lte(projects.applyEnd, new Date(now.getTime() + WINDOW_MS)),
        notExists(db.select({ one: deadlineReminders.applicationId }).from(deadlineReminders).where(eq(deadlineReminders.applicationId, applications.id))),
      ),
    )
    .orderBy(applications.id);
}

/** Record that an application's applicant is being reminded; false when someone already did. */
export async function claimReminder(db: Executor, applicationId: number, deadline: Date): Promise<boolean> {
  const rows = await db.insert(deadlineReminders).values({ applicationId, deadline }).onConflictDoNothing().returning({ id: deadlineReminders.applicationId });
  return rows.length > 0;
}

/** Give a claim back when its message could not be queued, so that the next run reminds. */
export async function releaseReminder(db: Executor, applicationId: number): Promise<void> {
  await db.delete(deadlineReminders).where(eq(deadlineReminders.applicationId, applicationId));
}

/** The text of a deadline reminder. */
export function reminderText(r: Pick<DueReminder, 'projectTitle' | 'formTitle' | 'deadline'>): string {
  return `您在「${r.projectTitle}」填写的「${r.formTitle}」尚未提交，申报将于 ${beijingTime(r.deadline)}（北京时间）截止，请及时完成并提交。逾期将无法提交。`;
}

/**
 * Remind everyone due at `now`; answers how many were reminded. Each reminder is claimed before it
 * is queued, so a run repeated (or run by two instances) sends none twice; a claim whose message
 * could not be queued is given back and the run fails, so the job's retry reminds them.
 */
export async function sendDeadlineReminders({ db, mailer, log }: Pick<AppContext, 'db' | 'mailer' | 'log'>, now = new Date()): Promise<number> {
  let sent = 0;
  for (const due of await draftsDueForReminder(db, now)) {
    if (!(await claimReminder(db, due.applicationId, due.deadline))) continue;
    try {
      await notifyUser(db, mailer, log, due.userId, '申报截止提醒', reminderText(due));
    } catch (error) {
      await releaseReminder(db, due.applicationId);
      throw error;
    }
    sent += 1;
  }
  if (sent > 0) log.info({ sent }, 'deadline reminders sent');
  return sent;
}

/** Register the daily reminder run with the queue. */
export async function startReminders(ctx: Pick<AppContext, 'db' | 'mailer' | 'log' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(DEADLINE_REMINDER_JOB, { concurrency: 1 }, async () => void (await sendDeadlineReminders(ctx)));
  await ctx.jobs.schedule(DEADLINE_REMINDER_JOB, REMINDER_CRON);
}
