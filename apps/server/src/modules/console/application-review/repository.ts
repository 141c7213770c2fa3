import { formFieldsSchema, type ApplyStatus, type ConsoleApplyDetail, type ConsoleApplySummary, type FormField } from '@flagship/api-client';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../../db/client';
import { applications, applicationSubmissions, forms, projects, staff, uploads, users } from '../../../db/schema';
import { iso } from '../../../lib/dates';
import { pageWindow } from '../../../lib/paging';
import { loadFormContext, toApplySummary, toReceipt } from '../../../shared/applications-repository';
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
    ...toApplySummary(row),
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

export async function findSentApplication(db: Executor, id: number): Promise<ApplyRow | undefined> {
  const [row] = await applySelect(db).where(and(eq(applications.id, id), SENT_TO_STAFF)).limit(1);
  return row;
}

/** The applications of a call among `ids` that were sent to staff (any others are left out). */
export function sentApplicationsOf(db: Executor, projectId: number, ids: number[]): Promise<ApplyRow[]> {
  return applySelect(db).where(and(inArray(applications.id, ids), eq(applications.projectId, projectId), SENT_TO_STAFF));
}

export async function lockSentApplication(tx: Executor, id: number) {
  const [row] = await tx.select().from(applications).where(and(eq(applications.id, id), SENT_TO_STAFF)).for('update').limit(1);
  return row;
}

/** A new status (with the reviewer's decision, unless review only starts); the version moves on. */
export async function saveReview(
  tx: Executor,
  id: number,
  status: ApplyStatus,
  decision: { reviewMessage: string | null; reviewedBy: number; reviewedAt: Date } | undefined,
): Promise<void> {
  await tx
    .update(applications)
    .set({ status, version: sql`${applications.version} + 1`, ...decision })
    .where(eq(applications.id, id));
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
    apply: { ...toConsoleApplySummary(row), data: a.data, receipt: toReceipt(a) },
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
