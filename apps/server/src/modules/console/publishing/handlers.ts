import { formFieldsSchema, type ConsoleForm, type ConsoleProject, type FormField } from '@flagship/api-client';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { beijingYear } from '../../../lib/beijing-time';
import { audit } from '../../../shared/audit-repository';
import { projectStatus } from '../../../shared/projects';
import { refreshProjectVector } from '../../../shared/search-repository';
import { checkAttachments, publicRichText, resolveImage } from '../../../shared/staff-uploads-repository';
import { checkCategory, checkRegion } from '../../../shared/taxonomy-repository';
import {
  countApplications,
  countForms,
  countSubmitted,
  deleteForm,
  findConsoleProject,
  formIdsOf,
  insertForm,
  insertProject,
  listForms,
  listProjectOptions,
  listProjects,
  lockForm,
  lockProject,
  setFormOrder,
  setProjectPublished,
  submittedChoices,
  updateForm,
  updateProject,
  type ProjectValues,
} from './repository';

type PublishingHandlers = Pick<
  Handlers['console'],
  'projectList' | 'projectGet' | 'projectCreate' | 'projectUpdate' | 'projectPublish' | 'projectOptions' | 'formCreate' | 'formUpdate' | 'formDelete' | 'formReorder'
>;

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
function lostFields(before: FormField[], after: FormField[], submitted: Record<string, unknown>[]): string[] {
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

/**
 * How many submissions a form has and what `after` would lose of their data, reading only the
 * values of choices that lose an option, and no submission when nothing could be lost.
 */
async function submittedLosses(tx: Executor, formId: number, before: FormField[], after: FormField[]): Promise<{ submitted: number; lost: string[] }> {
  const choices = revaluedChoices(before, after);
  if (choices.size === 0) {
    // Without option losses, what is lost does not depend on the data.
    const lost = lostFields(before, after, []);
    if (lost.length === 0) return { submitted: 0, lost };
    const submitted = await countSubmitted(tx, formId);
    return { submitted, lost: submitted ? lost : [] };
  }
  const data = await submittedChoices(tx, formId, choices);
  return { submitted: data.length, lost: data.length > 0 ? lostFields(before, after, data) : [] };
}

export function publishingHandlers({ db }: AppContext): PublishingHandlers {
  const loadProject = async (id: number): Promise<ConsoleProject> => {
    const project = await findConsoleProject(db, id);
    if (!project) throw notFound('项目不存在');
    return project;
  };

  /** Everything a call's body says, checked and ready to write. */
  const projectValues = async (tx: Executor, body: Parameters<PublishingHandlers['projectCreate']>[0]['body']): Promise<ProjectValues> => {
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
      guide: await publicRichText(tx, body.guide, 'guide', '申报指南'),
      attachments: body.attachments,
      budget: body.budget,
      budgetNote: body.budgetNote,
      eligibility: body.eligibility,
      declaration: body.declaration,
      applyStart,
      applyEnd: new Date(body.applyEnd),
      year: beijingYear(applyStart),
    };
  };

  const projectExists = async (tx: Executor, id: number) => {
    const project = await lockProject(tx, id);
    if (!project) throw notFound('项目不存在');
    return project;
  };

  /** The form of a call, locked. */
  const formOf = async (tx: Executor, projectId: number, formId: number) => {
    const form = await lockForm(tx, formId);
    if (!form || form.projectId !== projectId) throw notFound('申报表单不存在');
    return form;
  };

  const formOfList = async (projectId: number, formId: number): Promise<ConsoleForm | undefined> => (await listForms(db, projectId)).find((f) => f.id === formId);

  return {
    projectList: async ({ query }) => ({ ...(await listProjects(db, query)), page: query.page, pageSize: query.pageSize }),

    projectGet: ({ params }) => loadProject(params.id),

    projectCreate: async ({ body, principal, req }) => {
      const id = await db.transaction(async (tx) => {
        const id = await insertProject(tx, await projectValues(tx, body));
        await refreshProjectVector(tx, id);
        await audit(tx, principal, req, 'project.create', { type: 'project', id }, { title: body.title });
        return id;
      });
      return loadProject(id);
    },

    projectUpdate: async ({ params, body, principal, req }) => {
      await db.transaction(async (tx) => {
        await projectExists(tx, params.id);
        await updateProject(tx, params.id, await projectValues(tx, body));
        await refreshProjectVector(tx, params.id);
        await audit(tx, principal, req, 'project.update', { type: 'project', id: params.id }, { title: body.title, applyStart: body.applyStart, applyEnd: body.applyEnd });
      });
      return loadProject(params.id);
    },

    projectPublish: async ({ params, body, principal, req }) => {
      await db.transaction(async (tx) => {
        const project = await projectExists(tx, params.id);
        if (body.published && (await countForms(tx, params.id)) === 0) throw conflict('项目至少需要一个申报表单才能发布');
        await setProjectPublished(tx, params.id, body.published);
        await audit(tx, principal, req, body.published ? 'project.publish' : 'project.unpublish', { type: 'project', id: params.id }, { title: project.title });
      });
      return loadProject(params.id);
    },

    projectOptions: async () =>
      (await listProjectOptions(db)).map((p) => ({
        id: p.id,
        title: p.title,
        year: p.year,
        published: p.published,
        status: projectStatus(p.applyStart, p.applyEnd),
        forms: p.forms,
        submittedCount: p.submittedCount,
      })),

    formCreate: async ({ params, body, principal, req }) => {
      const id = await db.transaction(async (tx) => {
        await projectExists(tx, params.projectId);
        const id = await insertForm(tx, params.projectId, { title: body.title, description: body.description, fields: body.fields });
        await audit(tx, principal, req, 'form.create', { type: 'form', id }, { projectId: params.projectId, title: body.title, fieldCount: body.fields.length });
        return id;
      });
      const created = await formOfList(params.projectId, id);
      if (!created) throw new Error('Form was not written');
      return created;
    },

    formUpdate: async ({ params, body, principal, req }) => {
      await db.transaction(async (tx) => {
        // Locked so that no submission slips in between the check and the change.
        const form = await formOf(tx, params.projectId, params.formId);
        if (body.version !== undefined && body.version !== form.version) throw conflict('表单已在别处修改，请刷新后重试');
        const before = formFieldsSchema.parse(form.fields);
        const { submitted, lost } = await submittedLosses(tx, form.id, before, body.fields);
        if (lost.length > 0) {
          throw conflict(`该表单已有 ${submitted} 份提交的申报，以下更改会使已提交的数据失效：${lost.join('；')}`);
        }
        await updateForm(tx, form.id, { title: body.title, description: body.description, fields: body.fields });
        const keys = (fields: FormField[]) => new Set(fields.map((f) => f.key));
        await audit(tx, principal, req, 'form.update', { type: 'form', id: form.id }, {
          projectId: params.projectId,
          version: form.version + 1,
          added: [...keys(body.fields)].filter((k) => !keys(before).has(k)),
          removed: [...keys(before)].filter((k) => !keys(body.fields).has(k)),
        });
      });
      const updated = await formOfList(params.projectId, params.formId);
      if (!updated) throw notFound('申报表单不存在');
      return updated;
    },

    formDelete: async ({ params, principal, req }) => {
      await db.transaction(async (tx) => {
        const form = await formOf(tx, params.projectId, params.formId);
        const used = await countApplications(tx, form.id);
        if (used) throw conflict(`该表单已有 ${used} 份申报（含草稿），不能删除`);
        await deleteForm(tx, form.id);
        await audit(tx, principal, req, 'form.delete', { type: 'form', id: form.id }, { projectId: params.projectId, title: form.title, fields: form.fields });
      });
      return null;
    },

    formReorder: async ({ params, body, principal, req }) => {
      await db.transaction(async (tx) => {
        await projectExists(tx, params.projectId);
        const ids = new Set(await formIdsOf(tx, params.projectId));
        if (new Set(body.formIds).size !== body.formIds.length || body.formIds.length !== ids.size || body.formIds.some((id) => !ids.has(id))) {
          throw badRequest('表单顺序：须包含该项目的全部表单且不重复', { formIds: '须包含该项目的全部表单且不重复' });
        }
        await setFormOrder(tx, body.formIds);
        await audit(tx, principal, req, 'form.reorder', { type: 'project', id: params.projectId }, { formIds: body.formIds });
      });
      return listForms(db, params.projectId);
    },
  };
}
