// Applications as the contract shows them (ApplySummary, Apply; staff views extend them), and an
// applicant's own applications, read by the project and apply groups and the console's review.
import { type Apply, type ApplyStatus, type EligibilityQuestion, type ApplySummary, type FormDefinition, type FormField, type ProjectSummary, type Receipt } from '@flagship/api-client';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { applications, categories, forms, projects, regions } from '../db/schema';
import { notFound } from '../http/errors';
import { iso, isoOfUtcText } from '../lib/dates';
import { formFields } from './form-schemas';
import { PROJECT_GONE, projectSummaryColumns, toProjectSummary, type ProjectSummaryRow } from './projects-repository';
import { SENT_TO_STAFF } from './sent-to-staff-repository';

export type ApplicationRow = typeof applications.$inferSelect;

/** An application's row (`R`) with the titles of its call and form: what a summary shows. */
export interface Titled<R> {
  application: R;
  projectTitle: string;
  formTitle: string;
}

export type TitledApplication = Titled<ApplicationRow>;

/** A timestamp as the contract writes it: the database gives it in UTC, reshaped as text without a Date. */
function isoColumn<T extends typeof applications.createdAt | typeof applications.submittedAt>(column: T) {
  return sql<T['_']['notNull'] extends true ? string : string | null>`${column} at time zone 'UTC'`.mapWith(isoOfUtcText);
}

/** What a summary shows of an application: everything but the answers. */
const summaryColumns = {
  id: applications.id,
  projectId: applications.projectId,
  formId: applications.formId,
  status: applications.status,
  version: applications.version,
  serialNumber: applications.serialNumber,
  submittedAt: isoColumn(applications.submittedAt),
  reviewMessage: applications.reviewMessage,
  createdAt: isoColumn(applications.createdAt),
  updatedAt: isoColumn(applications.updatedAt),
};

/** What a summary shows of an application's row, its timestamps as the contract writes them. */
export type SummaryRow = Omit<Pick<ApplicationRow, keyof typeof summaryColumns>, 'submittedAt' | 'createdAt' | 'updatedAt'> & {
  submittedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type TitledSummary = Titled<SummaryRow>;

/** A whole row's summary fields, for the reads that have the whole row. */
export function summaryOf(a: ApplicationRow): SummaryRow {
  return { ...a, submittedAt: iso(a.submittedAt), createdAt: iso(a.createdAt), updatedAt: iso(a.updatedAt) };
}

export function toApplySummary({ application: a, projectTitle, formTitle }: TitledSummary): ApplySummary {
  return {
    id: a.id,
    projectId: a.projectId,
    projectTitle,
    formId: a.formId,
    formTitle,
    status: a.status,
    version: a.version,
    serialNumber: a.serialNumber,
    submittedAt: a.submittedAt,
    reviewMessage: a.reviewMessage,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export function toReceipt(a: ApplicationRow): Receipt | null {
  return a.serialNumber && a.submittedAt && a.receiptHash ? { serialNumber: a.serialNumber, submittedAt: iso(a.submittedAt), sha256: a.receiptHash } : null;
}

export function toApply(row: TitledApplication): Apply {
  return { ...toApplySummary({ ...row, application: summaryOf(row.application) }), data: row.application.data, receipt: toReceipt(row.application), eligibility: row.application.eligibility ?? null };
}

export interface MyApplicationFilter {
  id?: number | undefined;
  ids?: number[] | undefined;
  projectId?: number | undefined;
  formId?: number | undefined;
  status?: ApplyStatus | undefined;
}

/**
 * What the applicant's list and reads of one application show: every live application, and a
 * withdrawn submission with its receipt. A deleted draft is gone. Withdrawn rows are not live
 * (`deleted_at` set), so a new application to the same form can start.
 */
const LISTED = or(isNull(applications.deletedAt), SENT_TO_STAFF);

/** The applicant's listed applications matching the filter. */
function mine(userId: number, filter: MyApplicationFilter) {
  return and(
    eq(applications.userId, userId),
    LISTED,
    filter.id ? eq(applications.id, filter.id) : undefined,
    filter.ids ? inArray(applications.id, filter.ids) : undefined,
    filter.projectId ? eq(applications.projectId, filter.projectId) : undefined,
    filter.formId ? eq(applications.formId, filter.formId) : undefined,
    filter.status ? eq(applications.status, filter.status) : undefined,
  );
}

// The applicant's reads give rows of `applications` alone: the titles of their calls and forms are
// filled from the calls each instance keeps (kept-calls-repository.ts), not joined on every read.

/** My applications, newest first. */
export function myApplications(db: Executor, userId: number, filter: MyApplicationFilter) {
  return db.select().from(applications).where(mine(userId, filter)).orderBy(desc(applications.createdAt), desc(applications.id));
}

/** My applications' summaries, newest first: lists carry no answers (a page of them was most of what a list read, docs/performance.md). */
export function myApplicationSummaries(db: Executor, userId: number, filter: MyApplicationFilter) {
  return db.select(summaryColumns).from(applications).where(mine(userId, filter)).orderBy(desc(applications.createdAt), desc(applications.id));
}

export async function countMyApplications(db: Executor, userId: number, filter: MyApplicationFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(applications).where(mine(userId, filter));
  return row?.n ?? 0;
}

// The applicant's reads of the deadline hour, prepared (db/prepared.ts): the list and one application
// are `mine()` with one filter; the reads by form and by call see live applications only.
const user = sql.placeholder('userId');
const byId = prepared((db) =>
  db
    .select()
    .from(applications)
    .where(and(eq(applications.userId, user), LISTED, eq(applications.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('my_application_by_id'),
);
const byForm = prepared((db) =>
  db
    .select()
    .from(applications)
    .where(and(eq(applications.userId, user), isNull(applications.deletedAt), eq(applications.formId, sql.placeholder('formId'))))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(1)
    .prepare('my_application_for_form'),
);
// Live ones first, then withdrawn submissions: a form's task shows 已撤回 until it is started again.
const byProject = prepared((db) =>
  db
    .select(summaryColumns)
    .from(applications)
    .where(and(eq(applications.userId, user), LISTED, eq(applications.projectId, sql.placeholder('projectId'))))
    .orderBy(sql`${applications.deletedAt} is not null`, desc(applications.createdAt), desc(applications.id))
    .prepare('my_applications_of_project'),
);
// A page asks for one row more than it shows: a page that is not full ends the list, so its rows
// give the count (most applicants have fewer applications than a page holds, and that page is then
// one statement without a count). Only a full page with more after it, or a page past the end,
// counts in a second statement.
const page = prepared((db) =>
  db
    .select(summaryColumns)
    .from(applications)
    .where(and(eq(applications.userId, user), LISTED))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('my_applications_page'),
);
const pageCount = prepared((db) =>
  db
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.userId, user), LISTED))
    .prepare('my_applications_count'),
);

/** My live applications to a call, newest first, then my withdrawn submissions to it. */
export function myApplicationsOfProject(db: Executor, userId: number, projectId: number): Promise<SummaryRow[]> {
  return byProject(db).execute({ userId, projectId });
}

/** A page of all my listed applications (newest first) and how many there are. */
export async function myApplicationsPage(db: Executor, userId: number, limit: number, offset: number): Promise<{ rows: SummaryRow[]; total: number }> {
  const rows = await page(db).execute({ userId, limit: limit + 1, offset });
  if (rows.length > 0 && rows.length <= limit) return { rows, total: offset + rows.length };
  if (rows.length === 0 && offset === 0) return { rows, total: 0 };
  return { rows: rows.slice(0, limit), total: (await pageCount(db).execute({ userId }))[0]?.n ?? 0 };
}

/** My live application to a form, if I have one (there is at most one). */
export async function myApplicationForForm(db: Executor, userId: number, formId: number): Promise<ApplicationRow | undefined> {
  const [row] = await byForm(db).execute({ userId, formId });
  return row;
}

export async function myApplicationById(db: Executor, userId: number, id: number): Promise<ApplicationRow> {
  const [row] = await byId(db).execute({ userId, id });
  // Someone else's application answers exactly like a missing one.
  if (!row) throw notFound('申报不存在');
  return row;
}

// The call and its form in one statement: no call is no row; a form that is not the call's is a
// row without a form.
const formWithProject = prepared((db) =>
  db
    .select({ project: projectSummaryColumns, published: projects.published, eligibility: projects.eligibility, declaration: projects.declaration, form: forms })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .leftJoin(regions, eq(regions.id, projects.regionId))
    .leftJoin(forms, and(eq(forms.id, sql.placeholder('formId')), eq(forms.projectId, projects.id)))
    .where(eq(projects.id, sql.placeholder('projectId')))
    .limit(1)
    .prepare('form_with_project'),
);

export interface FormContext {
  project: ProjectSummary;
  form: FormDefinition;
  fields: FormField[];
  eligibility: EligibilityQuestion[];
  /** The call's declaration (声明); '' when it has none. */
  declaration: string;
}

/** A call with one of its forms as read, published or not; undefined when there is no such call. */
export interface FormContextRow {
  project: ProjectSummaryRow;
  published: boolean;
  /** Null when the form is not the call's. */
  form: FormDefinition | null;
  eligibility: EligibilityQuestion[];
  declaration: string;
}

export async function readFormContext(db: Executor, projectId: number, formId: number): Promise<FormContextRow | undefined> {
  const [found] = await formWithProject(db).execute({ projectId, formId });
  if (!found) return undefined;
  const row = found.form;
  return {
    project: found.project as ProjectSummaryRow,
    published: found.published,
    form: row ? { id: row.id, projectId: row.projectId, title: row.title, description: row.description, fields: formFields(row), version: row.version } : null,
    eligibility: found.eligibility ?? [],
    declaration: found.declaration,
  };
}

/**
 * A call's form as of now; the form must belong to the call. The call must be published, unless
 * the caller has an application on the form: unpublishing does not take it from them (read,
 * export, print).
 */
export function toFormContext(found: FormContextRow | undefined, { hasApplication = false } = {}): FormContext {
  if (!found || (!found.published && !hasApplication)) throw notFound(PROJECT_GONE);
  if (!found.form) throw notFound('申报表单不存在');
  return { project: toProjectSummary(found.project), form: found.form, fields: found.form.fields, eligibility: found.eligibility, declaration: found.declaration };
}

export async function loadFormContext(db: Executor, projectId: number, formId: number, { hasApplication = false } = {}): Promise<FormContext> {
  return toFormContext(await readFormContext(db, projectId, formId), { hasApplication });
}
