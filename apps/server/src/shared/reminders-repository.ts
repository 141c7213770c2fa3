// Deadline reminders, hourly (the queue's schedule; one job a tick across instances): an applicant
// who started a call and has forms of it unsent is told 7 days and 1 day before it closes, with the
// list of those forms; once it has closed, each unsent draft's applicant gets a copy of the draft
// for their records. Each kind once per application and deadline (deadline_reminders), claimed
// before the message is queued, so two instances running at once never both send it.
import type { ApplyStatus } from '@flagship/api-client';
import { and, asc, eq, exists, gt, inArray, isNull, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { applications, deadlineReminders, forms, projects, users, type DEADLINE_REMINDER_KINDS } from '../db/schema';
import { beijingTime } from '../lib/beijing-time';
import { answersText } from './applications';
import { bundleLookups, loadBundle } from './download-jobs-repository';
import { noticeRecipient, sendNotice, type NoticeRecipient } from './notices-repository';
import { noticeEmail } from './notices';

export const DEADLINE_REMINDER_JOB = 'deadline-reminders';
/** Hourly, so that "1 day before" is sent between 24 and 23 hours ahead. */
const REMINDER_CRON = '5 * * * *';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** A draft's copy goes out within a week of the close; older calls (a server down, a first deploy) are left alone. */
const CLOSED_COPY_WITHIN_MS = 7 * DAY;

export type DeadlineReminderKind = (typeof DEADLINE_REMINDER_KINDS)[number];
type BeforeKind = Exclude<DeadlineReminderKind, 'closed'>;

/** Sent, or withdrawn by the applicant's choice: nothing left to send for that form. */
const DONE: ApplyStatus[] = ['submitted', 'reviewing', 'approved', 'rejected', 'withdrawn'];
const done = alias(applications, 'done');
const sibling = alias(applications, 'sibling');

/** A call's form the applicant has not sent, and how far they got with it. */
export interface MissingForm {
  formId: number;
  title: string;
  /** Their application's status: a draft, returned for changes, or none yet. */
  status: ApplyStatus | null;
}

// Run after every submission of the deadline hour: prepared, and its applications found by
// (applicant, call), never by form (a form's many thousand applications, docs/performance.md). The
// applicant's address comes with every row: the confirmation needs both, and one statement is one
// round trip (and one write to the socket, dear on this host) fewer per submission.
const formsWithMine = prepared((db) =>
  db
    .select({ formId: forms.id, title: forms.title, status: applications.status, account: users.account, email: users.email, mobile: users.mobile })
    .from(forms)
    .innerJoin(users, eq(users.id, sql.placeholder('userId')))
    .leftJoin(
      applications,
      and(
        eq(applications.userId, sql.placeholder('userId')),
        eq(applications.projectId, forms.projectId),
        eq(applications.formId, forms.id),
        /* live, or withdrawn (a withdrawal also sets deleted_at) */ or(isNull(applications.deletedAt), eq(applications.status, 'withdrawn')),
      ),
    )
    .where(eq(forms.projectId, sql.placeholder('projectId')))
    .orderBy(asc(forms.sort), asc(forms.id))
    .prepare('missing_forms'),
);

/**
 * The forms of a call that an applicant has not sent (nor withdrawn), in the call's order, and who a
 * notice about them goes to (none for a call without forms or an applicant who is gone).
 */
export async function missingForms(db: Executor, userId: number, projectId: number): Promise<{ missing: MissingForm[]; recipient: NoticeRecipient | undefined }> {
  const rows = await formsWithMine(db).execute({ userId, projectId });
  const missing = rows.filter((r) => r.status === null || !DONE.includes(r.status)).map(({ formId, title, status }) => ({ formId, title, status }));
  const first = rows[0];
  return { missing, recipient: first && { userId, account: first.account, email: first.email, mobile: first.mobile } };
}

/** The missing forms as one line, e.g. 「申报书」（草稿未提交）、「预算表」（尚未填写）. */
export function missingFormsText(missing: MissingForm[]): string {
  const state = (status: ApplyStatus | null) => (status === 'returned' ? '退回修改后尚未重新提交' : status === 'draft' ? '草稿未提交' : '尚未填写');
  return missing.map((m) => `「${m.title}」（${state(m.status)}）`).join('、');
}

/**
 * Applications whose reminder of `kind` for the call's current deadline is not claimed yet. A
 * reminder before the deadline is one message per applicant and call, so a claim by another of
 * their applications of the call counts too (a form started after it went out brings no second);
 * the copy after the close is one per draft.
 */
const unclaimed = (db: Executor, kind: DeadlineReminderKind) =>
  notExists(
    db
      .select({ one: deadlineReminders.applicationId })
      .from(deadlineReminders)
      .innerJoin(sibling, eq(sibling.id, deadlineReminders.applicationId))
      .where(
        and(
          kind === 'closed'
            ? eq(sibling.id, applications.id)
            : and(eq(sibling.userId, applications.userId), eq(sibling.projectId, applications.projectId)),
          eq(deadlineReminders.kind, kind),
          eq(deadlineReminders.deadline, projects.applyEnd),
        ),
      ),
  );

interface DueApplication {
  applicationId: number;
  userId: number;
  projectId: number;
  projectTitle: string;
  deadline: Date;
}

function dueApplications(db: Executor, kind: DeadlineReminderKind, window: SQL, status: SQL): Promise<DueApplication[]> {
  return db
    .select({ applicationId: applications.id, userId: applications.userId, projectId: projects.id, projectTitle: projects.title, deadline: projects.applyEnd })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .where(and(isNull(applications.deletedAt), status, eq(projects.published, true), window, unclaimed(db, kind)))
    .orderBy(asc(applications.userId), asc(applications.projectId), asc(applications.id));
}

/**
 * Applications due a reminder of `kind` at `now`: live ones (not withdrawn) of published calls
 * closing within 7 days (but more than 1 day ahead) or within 1 day, whose applicant still has a
 * form of the call to send.
 */
export function dueBeforeDeadline(db: Executor, kind: BeforeKind, now: Date): Promise<DueApplication[]> {
  const [from, to] = kind === 'week' ? [DAY, 7 * DAY] : [0, DAY];
  const window = and(gt(projects.applyEnd, new Date(now.getTime() + from)), lte(projects.applyEnd, new Date(now.getTime() + to)))!;
  const formUnsent = db
    .select({ one: forms.id })
    .from(forms)
    .where(
      and(
        eq(forms.projectId, applications.projectId),
        notExists(
          db
            .select({ one: done.id })
            .from(done)
            // The call named too (a form's applications are all of its call), so that the applicant's
            // applications are found by (applicant, call): one index, not two ANDed, per applicant and form.
            .where(
              and(
                eq(done.userId, applications.userId),
                eq(done.projectId, applications.projectId),
                eq(done.formId, forms.id),
                or(isNull(done.deletedAt), eq(done.status, 'withdrawn')),
                inArray(done.status, DONE),
              ),
            ),
        ),
      ),
    );
  const status = and(ne(applications.status, 'withdrawn'), exists(formUnsent))!;
  return dueApplications(db, kind, window, status);
}

/** Drafts (not sent, withdrawn or deleted) of published calls that closed within CLOSED_COPY_WITHIN_MS of `now`. */
export function draftsOfClosedCalls(db: Executor, now: Date): Promise<DueApplication[]> {
  const window = and(lte(projects.applyEnd, now), gt(projects.applyEnd, new Date(now.getTime() - CLOSED_COPY_WITHIN_MS)))!;
  return dueApplications(db, 'closed', window, eq(applications.status, 'draft'));
}

/** Claim reminders of `kind` for these applications (one statement, in id order); answers the ones this run claimed. */
export async function claimReminders(db: Executor, applicationIds: number[], kind: DeadlineReminderKind, deadline: Date): Promise<Set<number>> {
  if (applicationIds.length === 0) return new Set();
  const rows = await db
    .insert(deadlineReminders)
    .values([...applicationIds].sort((a, b) => a - b).map((applicationId) => ({ applicationId, kind, deadline })))
    .onConflictDoNothing()
    .returning({ id: deadlineReminders.applicationId });
  return new Set(rows.map((r) => r.id));
}

/** Give claims back when their message could not be queued, so that the next run reminds. */
export async function releaseReminders(db: Executor, applicationIds: number[], kind: DeadlineReminderKind, deadline: Date): Promise<void> {
  if (applicationIds.length === 0) return;
  await db
    .delete(deadlineReminders)
    .where(and(inArray(deadlineReminders.applicationId, applicationIds), eq(deadlineReminders.kind, kind), eq(deadlineReminders.deadline, deadline)));
}

export const REMINDER_SUBJECT = '申报截止提醒';
export const DRAFT_COPY_SUBJECT = '申报已截止：未提交草稿副本';

/** The text of a 7-day or 1-day reminder. */
export function reminderText(kind: BeforeKind, projectTitle: string, deadline: Date, missing: MissingForm[]): string {
  return [
    `您申报的「${projectTitle}」将于 ${beijingTime(deadline)}（北京时间）截止，距截止已不足${kind === 'week' ? ' 7 天' : ' 1 天'}。`,
    `尚未提交的表单：${missingFormsText(missing)}。`,
    '请及时登录完成并提交，逾期将无法提交。',
  ].join('\n');
}

/** Run `send` on a claim, giving it back (and failing the run, so the job's retry sends it) when the message cannot be queued. */
async function withClaim(db: Executor, ids: number[], kind: DeadlineReminderKind, deadline: Date, send: (claimed: Set<number>) => Promise<void>): Promise<boolean> {
  const claimed = await claimReminders(db, ids, kind, deadline);
  if (claimed.size === 0) return false;
  try {
    await send(claimed);
  } catch (error) {
    await releaseReminders(db, [...claimed], kind, deadline);
    throw error;
  }
  return true;
}

type Deps = Pick<AppContext, 'db' | 'mailer' | 'log'>;

/** 7-day and 1-day reminders: one message per applicant and call, listing the call's forms they have not sent. */
async function remindBefore({ db, mailer, log }: Deps, kind: BeforeKind, now: Date): Promise<number> {
  const groups = new Map<string, DueApplication[]>();
  for (const due of await dueBeforeDeadline(db, kind, now)) {
    const key = `${due.userId}:${due.projectId}`;
    groups.set(key, [...(groups.get(key) ?? []), due]);
  }
  let sent = 0;
  for (const due of groups.values()) {
    const { userId, projectId, projectTitle, deadline } = due[0]!;
    const { missing, recipient } = await missingForms(db, userId, projectId);
    if (missing.length === 0 || !recipient) continue;
    const ids = due.map((d) => d.applicationId);
    if (await withClaim(db, ids, kind, deadline, () => sendNotice(mailer, log, recipient, REMINDER_SUBJECT, reminderText(kind, projectTitle, deadline, missing)))) sent += 1;
  }
  return sent;
}

/** After the close: each unsent draft's copy, by e-mail; a text message cannot carry it, so it says where the draft is kept. */
async function copyClosedDrafts({ db, mailer, log }: Deps, now: Date): Promise<number> {
  let sent = 0;
  for (const due of await draftsOfClosedCalls(db, now)) {
    const recipient = await noticeRecipient(db, due.userId);
    if (!recipient) continue;
    const bundle = await loadBundle(db, due.applicationId);
    const head = `「${due.projectTitle}」已于 ${beijingTime(due.deadline)}（北京时间）截止申报，您填写的「${bundle.formTitle}」未提交，已不能再提交。`;
    const text = noticeEmail(recipient)
      ? [head, '以下是您草稿的副本，供您留存；草稿仍保存在个人中心，可导出为 Word 文档。', '', answersText(bundle.fields, bundle.application.data, await bundleLookups(db, bundle))].join('\n')
      : `${head}草稿仍保存在个人中心，可登录导出留存。`;
    if (await withClaim(db, [due.applicationId], 'closed', due.deadline, () => sendNotice(mailer, log, recipient, DRAFT_COPY_SUBJECT, text))) sent += 1;
  }
  return sent;
}

/**
 * Everything due at `now`; answers how many messages were queued. A repeated run, or two
 * instances at once, sends none twice; a claim whose message could not be queued is given back.
 */
export async function sendDeadlineReminders(deps: Deps, now = new Date()): Promise<number> {
  const sent = (await remindBefore(deps, 'day', now)) + (await remindBefore(deps, 'week', now)) + (await copyClosedDrafts(deps, now));
  if (sent > 0) deps.log.info({ sent }, 'deadline reminders sent');
  return sent;
}

/** Register the hourly reminder run with the queue. */
export async function startReminders(ctx: Pick<AppContext, 'db' | 'mailer' | 'log' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(DEADLINE_REMINDER_JOB, { concurrency: 1 }, async () => void (await sendDeadlineReminders(ctx)));
  await ctx.jobs.schedule(DEADLINE_REMINDER_JOB, REMINDER_CRON);
}
