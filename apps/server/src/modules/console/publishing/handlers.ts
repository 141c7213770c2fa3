import type { ConsoleForm, ConsoleProject, FormField, ProjectStatus } from '@flagship/api-client';
import { formFieldsSchema } from '@flagship/api-client';
import { and, asc, count, desc, eq, gt, isNotNull, lte, max, sql, type SQL } from 'drizzle-orm';
import { asStaff, audit } from '../../../auth/staff';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { applications, categories, forms, projects, regions } from '../../../db/schema';
import { searchQuery, searchVectorSql } from '../../../db/search';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { iso } from '../../../lib/dates';
import { pageWindow } from '../../../lib/paging';
import { sanitizeRichText } from '../../../lib/sanitize';
import { projectStatus, projectSummaryColumns, toProjectSummary } from '../../project/handlers';
import { checkAttachments, checkCategory, checkRegion, resolveImage } from '../../../shared/console';

type ProjectHandlers = Pick<
  Handlers['console'],
  'projectList' | 'projectGet' | 'projectCreate' | 'projectUpdate' | 'projectPublish' | 'projectOptions' | 'formCreate' | 'formUpdate' | 'formDelete' | 'formReorder'
>;

type ProjectRow = Parameters<typeof toProjectSummary>[0];

const STATUS_WHERE: Record<ProjectStatus, SQL> = {
  upcoming: gt(projects.applyStart, sql`now()`),
  open: and(lte(projects.applyStart, sql`now()`), sql`${projects.applyEnd} >= now()`) as SQL,
  closed: sql`${projects.applyEnd} < now()`,
};

// Correlated counts name the outer row explicitly: Drizzle leaves columns unqualified in single-table selects.

/** Calendar year of a time in Beijing. */
const beijingYear = (at: Date) => new Date(at.getTime() + 8 * 3600_000).getUTCFullYear();

/** Recompute a call's search vector from its current row (title, category, summary, budget note, guide). */
export async function refreshProjectVector(tx: Executor, id: number): Promise<void> {
  const [row] = await tx
    .select({ title: projects.title, category: categories.name, summary: projects.summary, budgetNote: projects.budgetNote, guide: projects.guide })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .where(eq(projects.id, id));
  if (!row) return;
  await tx
    .update(projects)
    .set({ searchVector: searchVectorSql(row.title, row.category, row.summary, row.budgetNote, row.guide) })
    .where(eq(projects.id, id));
}

async function formsOf(db: Executor, projectId: number): Promise<ConsoleForm[]> {
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

const countColumns = {
  published: projects.published,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  formCount: sql<number>`(select count(*) from ${forms} sub where sub.project_id = "projects"."id")`.mapWith(Number),
  applyCount: sql<number>`(select count(*) from ${applications} sub where sub.project_id = "projects"."id" and sub.status not in ('draft', 'withdrawn'))`.mapWith(Number),
};

function selectProjects(db: Executor) {
  return db
    .select({ ...projectSummaryColumns, ...countColumns })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .leftJoin(regions, eq(regions.id, projects.regionId));
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof selectProjects>['where']>>[number];

function toConsoleSummary(row: ListedRow) {
  return {
    ...toProjectSummary(row as ProjectRow),
    published: row.published,
    formCount: row.formCount,
    applyCount: row.applyCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function loadConsoleProject(db: Executor, id: number): Promise<ConsoleProject> {
  const [row] = await db
    .select({ ...projectSummaryColumns, ...countColumns, guide: projects.guide, attachments: projects.attachments })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .leftJoin(regions, eq(regions.id, projects.regionId))
    .where(eq(projects.id, id))
    .limit(1);
  if (!row) throw notFound('项目不存在');
  return { ...toConsoleSummary(row), guide: row.guide, attachments: row.attachments, forms: await formsOf(db, id) };
}

type Option = { label: string; value: string };

/** Whether a stored value (one choice or a list of them) holds `value`. */
const chose = (stored: unknown, value: string) => stored === value || (Array.isArray(stored) && stored.includes(value));

/**
 * Options of `before` whose value is gone from `after` and that `values` (what was submitted)
 * chose, each as `「label」（value）被删除`, or as a value change when the label stayed.
 */
function lostOptions(before: Option[], after: Option[], values: unknown[]): string[] {
  const kept = new Set(after.map((o) => o.value));
  return before
    .filter((o) => !kept.has(o.value) && values.some((v) => chose(v, o.value)))
    .map((o) => {
      const renamed = after.find((a) => a.label === o.label);
      return renamed ? `选项「${o.label}」的值由 ${o.value} 改为 ${renamed.value}` : `选项「${o.label}」（${o.value}）被删除`;
    });
}

const optionsOf = (field: { kind: string }): Option[] | undefined => ('options' in field ? (field.options as Option[]) : undefined);

/**
 * What a new definition would lose from data already submitted: field keys that disappear or
 * change kind, options that submissions chose and whose value disappears, and the same for the
 * columns of table fields. Relabelling keeps the data and is allowed.
 */
export function lostFields(before: FormField[], after: FormField[], submitted: Record<string, unknown>[]): string[] {
  const next = new Map(after.map((f) => [f.key, f]));
  const lost: string[] = [];
  for (const field of before) {
    if (field.kind === 'section') continue;
    const name = `「${field.label}」（${field.key}）`;
    const now = next.get(field.key);
    if (!now) lost.push(`${name}被删除`);
    else if (now.kind !== field.kind) lost.push(`${name}类型改变`);
    else if (field.kind === 'table' && now.kind === 'table') {
      const columns = new Map(now.columns.map((c) => [c.key, c]));
      const rows = submitted.flatMap((data) => (Array.isArray(data[field.key]) ? (data[field.key] as Record<string, unknown>[]) : []));
      for (const column of field.columns) {
        const columnName = `「${field.label}」的列「${column.label}」（${field.key}.${column.key}）`;
        const after = columns.get(column.key);
        if (!after) lost.push(`${columnName}被删除`);
        else if (after.kind !== column.kind) lost.push(`${columnName}类型改变`);
        else {
          const values = rows.map((row) => row?.[column.key]);
          for (const option of lostOptions(optionsOf(column) ?? [], optionsOf(after) ?? [], values)) lost.push(`${columnName}的${option}`);
        }
      }
    } else {
      const values = submitted.map((data) => data[field.key]);
      for (const option of lostOptions(optionsOf(field) ?? [], optionsOf(now) ?? [], values)) lost.push(`${name}的${option}`);
    }
  }
  return lost;
}

/**
 * The fields of `before` whose options lose a value in `after`: key → null for a choice field, or
 * key → the choice columns that do for a table. Only their submitted values can make an option loss.
 */
function revaluedChoices(before: FormField[], after: FormField[]): Map<string, string[] | null> {
  const loses = (was: { kind: string }, now: { kind: string } | undefined) =>
    now?.kind === was.kind && (optionsOf(was) ?? []).some((o) => !(optionsOf(now) ?? []).some((n) => n.value === o.value));
  const next = new Map(after.map((f) => [f.key, f]));
  const choices = new Map<string, string[] | null>();
  for (const field of before) {
    const now = next.get(field.key);
    if (field.kind === 'table' && now?.kind === 'table') {
      const columns = field.columns.filter((c) => loses(c, now.columns.find((a) => a.key === c.key))).map((c) => c.key);
      if (columns.length > 0) choices.set(field.key, columns);
    } else if (loses(field, now)) choices.set(field.key, null);
  }
  return choices;
}

/** `{ key: value, … }` in SQL; `||` of one-pair objects, as jsonb_build_object takes at most 50 pairs. */
const jsonbObject = (pairs: [string, SQL][]) => sql.join(pairs.map(([key, value]) => sql`jsonb_build_object(${key}::text, ${value})`), sql` || `);

/** A submission's data cut down to `choices`, each table row to its listed columns (same shapes for `lostFields`). */
function choiceData(choices: Map<string, string[] | null>) {
  return jsonbObject(
    [...choices].map(([key, columns]): [string, SQL] => {
      const value = sql`${applications.data} -> ${key}::text`;
      if (!columns) return [key, value];
      const row = jsonbObject(columns.map((column) => [column, sql`item.value -> ${column}::text`]));
      return [key, sql`case when jsonb_typeof(${value}) = 'array' then (select jsonb_agg(${row}) from jsonb_array_elements(${value}) as item(value)) end`];
    }),
  ).mapWith(applications.data);
}

/**
 * How many submissions a form has and what `after` would lose of their data, reading only the
 * values of choices that lose an option, and no submission when nothing could be lost.
 */
async function submittedLosses(tx: Executor, formId: number, before: FormField[], after: FormField[]): Promise<{ submitted: number; lost: string[] }> {
  const submittedOnly = and(eq(applications.formId, formId), isNotNull(applications.submittedAt));
  const choices = revaluedChoices(before, after);
  if (choices.size === 0) {
    // Without option losses, what is lost does not depend on the data.
    const lost = lostFields(before, after, []);
    if (lost.length === 0) return { submitted: 0, lost };
    const [row] = await tx.select({ n: count() }).from(applications).where(submittedOnly);
    return { submitted: row?.n ?? 0, lost: row?.n ? lost : [] };
  }
  const rows = await tx.select({ data: choiceData(choices) }).from(applications).where(submittedOnly);
  return { submitted: rows.length, lost: rows.length > 0 ? lostFields(before, after, rows.map((r) => r.data)) : [] };
}

export function consoleProjectHandlers({ db }: AppContext): ProjectHandlers {
  /** Everything a call's body says, checked and ready to write. */
  const projectValues = async (tx: Executor, body: Parameters<ProjectHandlers['projectCreate']>[0]['body']) => {
    await checkCategory(tx, body.categoryId, 'project');
    await checkRegion(tx, body.regionId);
    await checkAttachments(tx, body.attachments);
    const applyStart = new Date(body.applyStart);
    return {
      title: body.title,
      categoryId: body.categoryId,
      regionId: body.regionId,
      cover: await resolveImage(tx, body.cover, 'cover', '封面'),
      summary: body.summary,
      guide: sanitizeRichText(body.guide),
      attachments: body.attachments,
      budget: body.budget,
      budgetNote: body.budgetNote,
      applyStart,
      applyEnd: new Date(body.applyEnd),
      year: beijingYear(applyStart),
    };
  };

  const projectExists = async (tx: Executor, id: number) => {
    const [row] = await tx.select({ id: projects.id, title: projects.title }).from(projects).where(eq(projects.id, id)).for('update').limit(1);
    if (!row) throw notFound('项目不存在');
    return row;
  };

  return {
    projectList: async ({ query }) => {
      const keyword = query.keyword ? searchQuery(query.keyword) : undefined;
      const where = and(
        query.categoryId ? eq(projects.categoryId, query.categoryId) : undefined,
        query.regionId ? eq(projects.regionId, query.regionId) : undefined,
        query.published === undefined ? undefined : eq(projects.published, query.published),
        query.status ? STATUS_WHERE[query.status] : undefined,
        query.keyword ? (keyword ? sql`${projects.searchVector} @@ ${keyword}` : sql`false`) : undefined,
      );
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, [total]] = await Promise.all([
        selectProjects(db).where(where).orderBy(desc(projects.applyStart), desc(projects.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(projects).where(where),
      ]);
      return { list: rows.map(toConsoleSummary), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    projectGet: ({ params }) => loadConsoleProject(db, params.id),

    projectCreate: async ({ body, principal, req }) => {
      const who = asStaff(principal);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(projects).values({ ...(await projectValues(tx, body)), published: false }).returning({ id: projects.id });
        if (!row) throw new Error('Project was not written');
        await refreshProjectVector(tx, row.id);
        await audit(tx, who, req, 'project.create', { type: 'project', id: row.id }, { title: body.title });
        return row.id;
      });
      return loadConsoleProject(db, id);
    },

    projectUpdate: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        await projectExists(tx, params.id);
        await tx.update(projects).set(await projectValues(tx, body)).where(eq(projects.id, params.id));
        await refreshProjectVector(tx, params.id);
        await audit(tx, who, req, 'project.update', { type: 'project', id: params.id }, { title: body.title, applyStart: body.applyStart, applyEnd: body.applyEnd });
      });
      return loadConsoleProject(db, params.id);
    },

    projectPublish: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        const project = await projectExists(tx, params.id);
        if (body.published) {
          const [forms_] = await tx.select({ n: count() }).from(forms).where(eq(forms.projectId, params.id));
          if (!forms_?.n) throw conflict('项目至少需要一个申报表单才能发布');
        }
        await tx.update(projects).set({ published: body.published }).where(eq(projects.id, params.id));
        await audit(tx, who, req, body.published ? 'project.publish' : 'project.unpublish', { type: 'project', id: params.id }, { title: project.title });
      });
      return loadConsoleProject(db, params.id);
    },

    projectOptions: async () => {
      const rows = await db
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
        .orderBy(desc(projects.applyStart), desc(projects.id));
      const formRows = await db.select({ id: forms.id, title: forms.title, projectId: forms.projectId }).from(forms).orderBy(asc(forms.sort), asc(forms.id));
      return rows.map((p) => ({
        id: p.id,
        title: p.title,
        year: p.year,
        published: p.published,
        status: projectStatus(p.applyStart, p.applyEnd),
        forms: formRows.filter((f) => f.projectId === p.id).map((f) => ({ id: f.id, title: f.title })),
        submittedCount: p.submittedCount,
      }));
    },

    formCreate: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      const id = await db.transaction(async (tx) => {
        await projectExists(tx, params.projectId);
        const [last] = await tx.select({ sort: max(forms.sort) }).from(forms).where(eq(forms.projectId, params.projectId));
        const [row] = await tx
          .insert(forms)
          .values({ projectId: params.projectId, title: body.title, description: body.description, fields: body.fields, sort: (last?.sort ?? 0) + 1, version: 1 })
          .returning({ id: forms.id });
        if (!row) throw new Error('Form was not written');
        await audit(tx, who, req, 'form.create', { type: 'form', id: row.id }, { projectId: params.projectId, title: body.title, fieldCount: body.fields.length });
        return row.id;
      });
      const created = (await formsOf(db, params.projectId)).find((f) => f.id === id);
      if (!created) throw new Error('Form was not written');
      return created;
    },

    formUpdate: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        // Locked so that no submission slips in between the check and the change.
        const [form] = await tx.select().from(forms).where(eq(forms.id, params.formId)).for('update').limit(1);
        if (!form || form.projectId !== params.projectId) throw notFound('申报表单不存在');
        if (body.version !== undefined && body.version !== form.version) throw conflict('表单已在别处修改，请刷新后重试');
        const before = formFieldsSchema.parse(form.fields);
        const { submitted, lost } = await submittedLosses(tx, form.id, before, body.fields);
        if (lost.length > 0) {
          throw conflict(`该表单已有 ${submitted} 份提交的申报，以下更改会使已提交的数据失效：${lost.join('；')}`);
        }
        await tx
          .update(forms)
          .set({ title: body.title, description: body.description, fields: body.fields, version: sql`${forms.version} + 1` })
          .where(eq(forms.id, form.id));
        const keys = (fields: FormField[]) => new Set(fields.map((f) => f.key));
        await audit(tx, who, req, 'form.update', { type: 'form', id: form.id }, {
          projectId: params.projectId,
          version: form.version + 1,
          added: [...keys(body.fields)].filter((k) => !keys(before).has(k)),
          removed: [...keys(before)].filter((k) => !keys(body.fields).has(k)),
        });
      });
      const updated = (await formsOf(db, params.projectId)).find((f) => f.id === params.formId);
      if (!updated) throw notFound('申报表单不存在');
      return updated;
    },

    formDelete: async ({ params, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        const [form] = await tx.select().from(forms).where(eq(forms.id, params.formId)).for('update').limit(1);
        if (!form || form.projectId !== params.projectId) throw notFound('申报表单不存在');
        const [used] = await tx.select({ n: count() }).from(applications).where(eq(applications.formId, form.id));
        if (used?.n) throw conflict(`该表单已有 ${used.n} 份申报（含草稿），不能删除`);
        await tx.delete(forms).where(eq(forms.id, form.id));
        await audit(tx, who, req, 'form.delete', { type: 'form', id: form.id }, { projectId: params.projectId, title: form.title, fields: form.fields });
      });
      return null;
    },

    formReorder: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        await projectExists(tx, params.projectId);
        const current = await tx.select({ id: forms.id }).from(forms).where(eq(forms.projectId, params.projectId));
        const ids = new Set(current.map((f) => f.id));
        if (new Set(body.formIds).size !== body.formIds.length || body.formIds.length !== ids.size || body.formIds.some((id) => !ids.has(id))) {
          throw badRequest('表单顺序：须包含该项目的全部表单且不重复', { formIds: '须包含该项目的全部表单且不重复' });
        }
        for (const [index, id] of body.formIds.entries()) await tx.update(forms).set({ sort: index + 1 }).where(eq(forms.id, id));
        await audit(tx, who, req, 'form.reorder', { type: 'project', id: params.projectId }, { formIds: body.formIds });
      });
      return formsOf(db, params.projectId);
    },
  };
}
