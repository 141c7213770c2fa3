import { formFieldsSchema, type ConsoleForm, type ConsoleProject, type ConsoleProjectSummary, type consoleProjectListQuery, type ProjectStatus } from '@flagship/api-client';
import { and, asc, count, desc, eq, gt, isNotNull, lte, max, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { applications, categories, forms, projects, regions } from '../../../db/schema';
import { iso } from '../../../lib/dates';
import { pageWindow } from '../../../lib/paging';
import { projectSummaryColumns, toProjectSummary, type ProjectSummaryRow } from '../../../shared/projects-repository';
import { keywordCondition } from '../../../shared/search-repository';

export type ProjectValues = Omit<typeof projects.$inferInsert, 'id' | 'published' | 'searchVector' | 'views' | 'createdAt' | 'updatedAt'>;
export type FormRow = typeof forms.$inferSelect;

const STATUS_WHERE: Record<ProjectStatus, SQL> = {
  upcoming: gt(projects.applyStart, sql`now()`),
  open: and(lte(projects.applyStart, sql`now()`), sql`${projects.applyEnd} >= now()`) as SQL,
  closed: sql`${projects.applyEnd} < now()`,
};

// Correlated counts name the outer row explicitly: Drizzle leaves columns unqualified in single-table selects.

const countColumns = {
  published: projects.published,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  formCount: sql<number>`(select count(*) from ${forms} sub where sub.project_id = "projects"."id")`.mapWith(Number),
  applyCount: sql<number>`(select count(*) from ${applications} sub where sub.project_id = "projects"."id" and sub.status not in ('draft', 'withdrawn'))`.mapWith(Number),
};

function selectProjects<Extra extends SelectedFields>(db: Executor, extra: Extra) {
  return db
    .select({ ...projectSummaryColumns, ...countColumns, ...extra })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .leftJoin(regions, eq(regions.id, projects.regionId));
}

function toConsoleSummary(row: ProjectSummaryRow & { published: boolean; formCount: number; applyCount: number; createdAt: Date; updatedAt: Date }): ConsoleProjectSummary {
  return {
    ...toProjectSummary(row),
    published: row.published,
    formCount: row.formCount,
    applyCount: row.applyCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** One page of calls, published or not, latest window first. */
export async function listProjects(db: Executor, query: z.output<typeof consoleProjectListQuery>): Promise<{ list: ConsoleProjectSummary[]; total: number }> {
  const where = and(
    query.categoryId ? eq(projects.categoryId, query.categoryId) : undefined,
    query.regionId ? eq(projects.regionId, query.regionId) : undefined,
    query.published === undefined ? undefined : eq(projects.published, query.published),
    query.status ? STATUS_WHERE[query.status] : undefined,
    keywordCondition(projects.searchVector, query.keyword),
  );
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    selectProjects(db, {}).where(where).orderBy(desc(projects.applyStart), desc(projects.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { list: rows.map(toConsoleSummary), total: total?.n ?? 0 };
}

/** A call's forms in their order, each with how many applications were submitted on it. */
export async function listForms(db: Executor, projectId: number): Promise<ConsoleForm[]> {
  const rows = await db
    .select({
      form: forms,
      submittedCount: sql<number>`(select count(*) from ${applications} sub where sub.form_id = "forms"."id" and sub.submitted_at is not null)`.mapWith(Number),
    })
    .from(forms)
    .where(eq(forms.projectId, projectId))
    .orderBy(asc(forms.sort), asc(forms.id));
  return rows.map(({ form, submittedCount }) => ({
    id: form.id,
    projectId: form.projectId,
    title: form.title,
    description: form.description,
    fields: formFieldsSchema.parse(form.fields),
    version: form.version,
    sort: form.sort,
    submittedCount,
    updatedAt: iso(form.updatedAt),
  }));
}

export async function findConsoleProject(db: Executor, id: number): Promise<ConsoleProject | undefined> {
  const [row] = await selectProjects(db, { guide: projects.guide, declaration: projects.declaration, attachments: projects.attachments, eligibility: projects.eligibility }).where(eq(projects.id, id)).limit(1);
  if (!row) return undefined;
  return { ...toConsoleSummary(row), guide: row.guide, declaration: row.declaration, attachments: row.attachments, eligibility: row.eligibility, forms: await listForms(db, id) };
}

/** The call, locked for the rest of the transaction. */
export async function lockProject(tx: Executor, id: number): Promise<{ id: number; title: string } | undefined> {
  const [row] = await tx.select({ id: projects.id, title: projects.title }).from(projects).where(eq(projects.id, id)).for('update').limit(1);
  return row;
}

export async function insertProject(tx: Executor, values: ProjectValues): Promise<number> {
  const [row] = await tx.insert(projects).values({ ...values, published: false }).returning({ id: projects.id });
  if (!row) throw new Error('Project was not written');
  return row.id;
}

export async function updateProject(tx: Executor, id: number, values: ProjectValues): Promise<void> {
  await tx.update(projects).set(values).where(eq(projects.id, id));
}

export async function setProjectPublished(tx: Executor, id: number, published: boolean): Promise<void> {
  await tx.update(projects).set({ published }).where(eq(projects.id, id));
}

export async function countForms(tx: Executor, projectId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(forms).where(eq(forms.projectId, projectId));
  return row?.n ?? 0;
}

/** Every call with its forms, for the reviewers' filters. */
export async function listProjectOptions(db: Executor) {
  const [rows, formRows] = await Promise.all([
    db
      .select({
        id: projects.id,
        title: projects.title,
        year: projects.year,
        published: projects.published,
        applyStart: projects.applyStart,
        applyEnd: projects.applyEnd,
        submittedCount: sql<number>`(select count(*) from ${applications} sub where sub.project_id = "projects"."id" and sub.submitted_at is not null)`.mapWith(Number),
      })
      .from(projects)
      .orderBy(desc(projects.applyStart), desc(projects.id)),
    db.select({ id: forms.id, title: forms.title, projectId: forms.projectId }).from(forms).orderBy(asc(forms.sort), asc(forms.id)),
  ]);
  return rows.map((p) => ({ ...p, forms: formRows.filter((f) => f.projectId === p.id).map((f) => ({ id: f.id, title: f.title })) }));
}

/** A new form, placed after the call's other forms; returns its id. */
export async function insertForm(tx: Executor, projectId: number, form: { title: string; description: string; fields: FormRow['fields'] }): Promise<number> {
  const [last] = await tx.select({ sort: max(forms.sort) }).from(forms).where(eq(forms.projectId, projectId));
  const [row] = await tx
    .insert(forms)
    .values({ projectId, ...form, sort: (last?.sort ?? 0) + 1, version: 1 })
    .returning({ id: forms.id });
  if (!row) throw new Error('Form was not written');
  return row.id;
}

/** The form, locked for the rest of the transaction. */
export async function lockForm(tx: Executor, id: number): Promise<FormRow | undefined> {
  const [row] = await tx.select().from(forms).where(eq(forms.id, id)).for('update').limit(1);
  return row;
}

/** A new definition of a form; its version goes up by one. */
export async function updateForm(tx: Executor, id: number, form: { title: string; description: string; fields: FormRow['fields'] }): Promise<void> {
  await tx
    .update(forms)
    .set({ ...form, version: sql`${forms.version} + 1` })
    .where(eq(forms.id, id));
}

export async function deleteForm(tx: Executor, id: number): Promise<void> {
  await tx.delete(forms).where(eq(forms.id, id));
}

/** Applications on a form, drafts included. */
export async function countApplications(tx: Executor, formId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(applications).where(eq(applications.formId, formId));
  return row?.n ?? 0;
}

export async function formIdsOf(tx: Executor, projectId: number): Promise<number[]> {
  const rows = await tx.select({ id: forms.id }).from(forms).where(eq(forms.projectId, projectId));
  return rows.map((r) => r.id);
}

/** Forms in the order given: the first gets sort 1. */
export async function setFormOrder(tx: Executor, formIds: number[]): Promise<void> {
  for (const [index, id] of formIds.entries()) await tx.update(forms).set({ sort: index + 1 }).where(eq(forms.id, id));
}

const submittedOn = (formId: number) => and(eq(applications.formId, formId), isNotNull(applications.submittedAt));

export async function countSubmitted(tx: Executor, formId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(applications).where(submittedOn(formId));
  return row?.n ?? 0;
}

/** `{ key: value, … }` in SQL; `||` of one-pair objects, as jsonb_build_object takes at most 50 pairs. */
const jsonbObject = (pairs: [string, SQL][]) => sql.join(pairs.map(([key, value]) => sql`jsonb_build_object(${key}::text, ${value})`), sql` || `);

/**
 * Each submitted application's data on a form cut down to `choices`: key → null keeps a field's
 * value, key → column keys keeps only those columns of each table row.
 */
export async function submittedChoices(tx: Executor, formId: number, choices: Map<string, string[] | null>): Promise<Record<string, unknown>[]> {
  const data = jsonbObject(
    [...choices].map(([key, columns]): [string, SQL] => {
      const value = sql`${applications.data} -> ${key}::text`;
      if (!columns) return [key, value];
      const row = jsonbObject(columns.map((column) => [column, sql`item.value -> ${column}::text`]));
      return [key, sql`case when jsonb_typeof(${value}) = 'array' then (select jsonb_agg(${row}) from jsonb_array_elements(${value}) as item(value)) end`];
    }),
  ).mapWith(applications.data);
  const rows = await tx.select({ data }).from(applications).where(submittedOn(formId));
  return rows.map((r) => r.data);
}
