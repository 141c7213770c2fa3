import { formFieldsSchema, type ApplyStatus, type ConsoleApplyDetail, type ConsoleApplySummary, type FormField, type StaffJob } from '@flagship/api-client';
import { and, asc, count, desc, eq, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../../db/client';
import { applications, applicationSubmissions, forms, projects, staff, staffJobs, uploads, users } from '../../../db/schema';
import { iso } from '../../../lib/dates';
import { pageWindow } from '../../../lib/paging';
import { loadFormContext, summaryOf, toApplySummary, toReceipt } from '../../../shared/applications-repository';
import { loadBundle } from '../../../shared/download-jobs-repository';
import { likePattern } from '../../../shared/like-pattern';
import { noticeEmail } from '../../../shared/notices';
import { SENT_TO_STAFF } from '../../../shared/sent-to-staff-repository';
import { toUpload } from '../../../shared/uploads-repository';

const reviewer = alias(staff, 'reviewer');

export interface ApplicationFilter {
  status?: ApplyStatus;
  formId?: number;
  keyword?: string;
}

const applySelect = (db: Executor) =>
  db
    .select({
      application: applications,
      projectTitle: projects.title,
      formTitle: forms.title,
      account: users.account,
      applicantName: users.name,
      email: users.email,
      reviewerAccount: reviewer.account,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(forms, eq(forms.id, applications.formId))
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(reviewer, eq(reviewer.id, applications.reviewedBy));

export type ApplyRow = Awaited<ReturnType<ReturnType<typeof applySelect>['where']>>[number];

/** The applicant's summary with who sent it and who decided it. */
export function toConsoleApplySummary(row: ApplyRow): ConsoleApplySummary {
  const { application: a, account, applicantName, email, reviewerAccount } = row;
  return {
    ...toApplySummary({ ...row, application: summaryOf(a) }),
    userId: a.userId,
    account,
    applicantName,
    applicantEmail: noticeEmail({ account, email }),
    reviewedAt: iso(a.reviewedAt),
    reviewerAccount,
  };
}

/** A call's applications sent to staff; withdrawn ones only when asked for by status. */
function sentOfProject(projectId: number, { status, formId, keyword }: ApplicationFilter): SQL {
  return and(
    eq(applications.projectId, projectId),
    SENT_TO_STAFF,
    status ? eq(applications.status, status) : ne(applications.status, 'withdrawn'),
    formId ? eq(applications.formId, formId) : undefined,
    keyword
      ? or(
          sql`${applications.serialNumber} ilike ${likePattern(keyword)}`,
          sql`${users.account} ilike ${likePattern(keyword)}`,
          sql`${users.name} ilike ${likePattern(keyword)}`,
        )
      : undefined,
  ) as SQL;
}

export async function listApplications(db: Database, projectId: number, query: ApplicationFilter & { page: number; pageSize: number }) {
  const where = sentOfProject(projectId, query);
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    applySelect(db).where(where).orderBy(desc(applications.submittedAt), desc(applications.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(applications).innerJoin(users, eq(users.id, applications.userId)).where(where),
  ]);
  return { list: rows.map(toConsoleApplySummary), total: total?.n ?? 0 };
}

/** The applications of an export, by serial number. */
export function exportedApplications(db: Database, projectId: number, filter: ApplicationFilter): Promise<ApplyRow[]> {
  return applySelect(db).where(sentOfProject(projectId, filter)).orderBy(asc(applications.serialNumber), asc(applications.id));
}

export async function countExportedApplications(db: Database, projectId: number, filter: ApplicationFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(applications).innerJoin(users, eq(users.id, applications.userId)).where(sentOfProject(projectId, filter));
  return row?.n ?? 0;
}

export async function findSentApplication(db: Executor, id: number): Promise<ApplyRow | undefined> {
  const [row] = await applySelect(db).where(and(eq(applications.id, id), SENT_TO_STAFF)).limit(1);
  return row;
}

/** The applications of a call among `ids` that were sent to staff (any others are left out). */
export function sentApplicationsOf(db: Executor, projectId: number, ids: number[]): Promise<ApplyRow[]> {
  return applySelect(db).where(and(inArray(applications.id, ids), eq(applications.projectId, projectId), SENT_TO_STAFF));
}

/** What a reviewer sees of an application. */
export async function applicationDetail(db: Executor, row: ApplyRow): Promise<ConsoleApplyDetail> {
  const a = row.application;
  // Sent to staff, it stays readable when its call is unpublished.
  const { project, form } = await loadFormContext(db, a.projectId, a.formId, { hasApplication: true });
  const bundle = await loadBundle(db, a.id);
  const submissions = await db
    .select({ version: applicationSubmissions.version, submittedAt: applicationSubmissions.submittedAt, sha256: applicationSubmissions.receiptHash })
    .from(applicationSubmissions)
    .where(eq(applicationSubmissions.applicationId, a.id))
    .orderBy(asc(applicationSubmissions.version));
  return {
    project,
    form,
    apply: { ...toConsoleApplySummary(row), data: a.data, receipt: toReceipt(a), eligibility: a.eligibility ?? null },
    attachments: bundle.attachments.map(toUpload),
    submissions: submissions.map((s) => ({ ...s, submittedAt: iso(s.submittedAt) })),
  };
}

export async function findProject(db: Database, id: number): Promise<{ id: number; title: string } | undefined> {
  const [row] = await db.select({ id: projects.id, title: projects.title }).from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

/** A call's forms in their order (one of them when `formId` is given), with their fields. */
export async function projectForms(db: Database, projectId: number, formId: number | undefined): Promise<{ id: number; title: string; fields: FormField[] }[]> {
  const rows = await db
    .select({ id: forms.id, title: forms.title, fields: forms.fields })
    .from(forms)
    .where(and(eq(forms.projectId, projectId), formId ? eq(forms.id, formId) : undefined))
    .orderBy(asc(forms.sort), asc(forms.id));
  return rows.map((f) => ({ ...f, fields: formFieldsSchema.parse(f.fields) }));
}

/** Original names of uploads, by id. */
export async function uploadNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  const files = ids.length ? await db.select({ id: uploads.id, name: uploads.originalName }).from(uploads).where(inArray(uploads.id, [...new Set(ids)])) : [];
  return new Map(files.map((f) => [f.id, f.name]));
}

// Staff jobs: the spreadsheet of a call and the packages of chosen applications, built by the
// job queue. A job is its starter's: every read names the staff member too.

export type StaffJobRow = typeof staffJobs.$inferSelect;

export function toStaffJob(job: StaffJobRow): StaffJob {
  return {
    name: job.name,
    kind: job.kind,
    status: job.status,
    progress: { done: job.progressDone, total: job.progressTotal },
    error: job.error,
    createdAt: iso(job.createdAt),
    expiresAt: iso(job.expiresAt),
    fileName: job.fileName,
  };
}

/** A staff member's job by name; undefined when it is someone else's or gone. */
export async function findStaffJob(db: Database, staffId: number, name: string): Promise<StaffJobRow | undefined> {
  const [row] = await db.select().from(staffJobs).where(and(eq(staffJobs.name, name), eq(staffJobs.staffId, staffId))).limit(1);
  return row;
}

/** Jobs queued or running, oldest first: queued again when a process starts. */
export function unfinishedStaffJobs(db: Database): Promise<StaffJobRow[]> {
  return db.select().from(staffJobs).where(inArray(staffJobs.status, ['pending', 'running'])).orderBy(asc(staffJobs.id));
}

export async function insertStaffJob(
  db: Database,
  values: Pick<StaffJobRow, 'name' | 'staffId' | 'kind' | 'projectId' | 'input' | 'fileName' | 'expiresAt' | 'progressTotal'>,
): Promise<StaffJobRow> {
  const [row] = await db.insert(staffJobs).values(values).returning();
  if (!row) throw new Error('Staff job was not written');
  return row;
}

/** Take a job to work on: pending, or running when an attempt was cut short and is retried. */
export async function claimStaffJob(db: Database, id: number): Promise<StaffJobRow | undefined> {
  const [row] = await db
    .update(staffJobs)
    .set({ status: 'running', progressDone: 0, error: null })
    .where(and(eq(staffJobs.id, id), inArray(staffJobs.status, ['pending', 'running'])))
    .returning();
  return row;
}

/** Progress of a running job (it also tells the sweeper the job is alive). */
export async function saveStaffJobProgress(db: Database, id: number, done: number, total: number): Promise<void> {
  await db.update(staffJobs).set({ progressDone: done, progressTotal: total }).where(and(eq(staffJobs.id, id), eq(staffJobs.status, 'running')));
}

/** Done, with its file; false when the job is no longer running (failed by the sweeper meanwhile). */
export async function finishStaffJob(db: Database, id: number, storageKey: string, total: number): Promise<boolean> {
  const rows = await db
    .update(staffJobs)
    .set({ status: 'done', storageKey, progressDone: total, progressTotal: total, error: null })
    .where(and(eq(staffJobs.id, id), eq(staffJobs.status, 'running')))
    .returning({ id: staffJobs.id });
  return rows.length > 0;
}

export async function failStaffJob(db: Database, id: number, error: string): Promise<void> {
  await db
    .update(staffJobs)
    .set({ status: 'failed', error })
    .where(and(eq(staffJobs.id, id), inArray(staffJobs.status, ['pending', 'running'])));
}

/** Jobs pending or running yet untouched since `before` were cut short with their process: failed. */
export async function failStalledStaffJobs(db: Database, before: Date, error: string): Promise<number> {
  const rows = await db
    .update(staffJobs)
    .set({ status: 'failed', error })
    .where(and(inArray(staffJobs.status, ['pending', 'running']), lt(staffJobs.updatedAt, before)))
    .returning({ id: staffJobs.id });
  return rows.length;
}

export async function expiredStaffJobs(db: Database, now: Date): Promise<{ id: number; storageKey: string | null }[]> {
  return db.select({ id: staffJobs.id, storageKey: staffJobs.storageKey }).from(staffJobs).where(lte(staffJobs.expiresAt, now));
}

export async function deleteStaffJobs(db: Database, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(staffJobs).where(inArray(staffJobs.id, ids));
}
