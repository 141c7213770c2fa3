// A call as the portal and the console both show it: its summary columns (with category and
// region names) and their mapping to the contract's ProjectSummary.
import type { ProjectSummary } from '@flagship/api-client';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { categories, forms, projects, regions } from '../db/schema';
import { notFound } from '../http/errors';
import { iso } from '../lib/dates';
import { projectStatus } from './projects';

export const projectSummaryColumns = {
  id: projects.id,
  title: projects.title,
  categoryId: projects.categoryId,
  categoryName: categories.name,
  regionId: projects.regionId,
  regionName: regions.name,
  cover: projects.cover,
  summary: projects.summary,
  budget: projects.budget,
  budgetNote: projects.budgetNote,
  applyStart: projects.applyStart,
  applyEnd: projects.applyEnd,
  year: projects.year,
};

export type ProjectSummaryRow = { [K in keyof typeof projectSummaryColumns]: (typeof projectSummaryColumns)[K]['_']['data'] | null } & {
  id: number;
  title: string;
  applyStart: Date;
  applyEnd: Date;
  year: number;
};

export function toProjectSummary(row: ProjectSummaryRow): ProjectSummary {
  return {
    id: row.id,
    title: row.title,
    categoryId: row.categoryId ?? null,
    categoryName: row.categoryName ?? null,
    regionId: row.regionId ?? null,
    regionName: row.regionName ?? null,
    cover: row.cover ?? null,
    summary: row.summary ?? '',
    budget: Number(row.budget ?? 0),
    budgetNote: row.budgetNote ?? '',
    applyStart: iso(row.applyStart),
    applyEnd: iso(row.applyEnd),
    year: row.year,
    status: projectStatus(row.applyStart, row.applyEnd),
  };
}

export const PROJECT_GONE = '项目不存在或已下线';

const projectRow = prepared((db) =>
  db
    .select({ ...projectSummaryColumns, guide: projects.guide, declaration: projects.declaration, attachments: projects.attachments, eligibility: projects.eligibility, published: projects.published })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .leftJoin(regions, eq(regions.id, projects.regionId))
    .where(eq(projects.id, sql.placeholder('id')))
    .limit(1)
    .prepare('project_row'),
);

/** A call's row, published or not (undefined: there is no such call). */
export type ProjectRow = NonNullable<Awaited<ReturnType<typeof readProjectRow>>>;

export async function readProjectRow(db: Executor, id: number) {
  const [row] = await projectRow(db).execute({ id });
  return row;
}

/** The call a row holds, as of now (its status follows the clock); a missing or unpublished one is 404 unless `includeUnpublished`. */
export function toLoadedProject(row: ProjectRow | undefined, { includeUnpublished = false } = {}) {
  if (!row || (!row.published && !includeUnpublished)) throw notFound(PROJECT_GONE);
  return { summary: toProjectSummary(row as ProjectSummaryRow), guide: row.guide, declaration: row.declaration, attachments: row.attachments ?? [], eligibility: row.eligibility ?? [] };
}

/** A published call, or an unpublished one too with `includeUnpublished` (an applicant reading their own application). */
export async function loadProjectRow(db: Executor, id: number, { includeUnpublished = false } = {}) {
  return toLoadedProject(await readProjectRow(db, id), { includeUnpublished });
}

const formsOfProject = prepared((db) =>
  db
    .select({ id: forms.id, title: forms.title, description: forms.description })
    .from(forms)
    .where(eq(forms.projectId, sql.placeholder('projectId')))
    .orderBy(asc(forms.sort), asc(forms.id))
    .prepare('project_forms'),
);

/** A call's forms in their order, without their fields. */
export function projectForms(db: Executor, projectId: number) {
  return formsOfProject(db).execute({ projectId });
}

/** The title of a call and those of its forms. */
export interface CallTitles {
  title: string;
  forms: Map<number, string>;
}

// One statement whatever the number of calls (their ids as one array literal): prepared once.
const callTitles = prepared((db) =>
  db
    .select({ id: projects.id, title: projects.title, formId: forms.id, formTitle: forms.title })
    .from(projects)
    .leftJoin(forms, eq(forms.projectId, projects.id))
    .where(sql`${projects.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('call_titles'),
);

/** The titles of these calls and of their forms, published or not; a call that does not exist is missing. */
export async function readCallTitles(db: Executor, ids: readonly number[]): Promise<Map<number, CallTitles>> {
  const found = new Map<number, CallTitles>();
  if (ids.length === 0) return found;
  const rows = await callTitles(db).execute({ ids: `{${ids.map((id) => Math.trunc(id)).join(',')}}` });
  for (const row of rows) {
    let call = found.get(row.id);
    if (!call) found.set(row.id, (call = { title: row.title, forms: new Map() }));
    if (row.formId !== null) call.forms.set(row.formId, row.formTitle ?? '');
  }
  return found;
}
