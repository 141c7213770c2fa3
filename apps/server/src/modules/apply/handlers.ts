import {
  APPLY_STATUS_LABELS,
  buildApplicationSchema,
  EDITABLE_APPLY_STATUSES,
  flattenIssues,
  formFieldsSchema,
  type Apply,
  type ApplyStatus,
  type ApplySummary,
  type FormDefinition,
  type FormField,
  type ProjectSummary,
  WITHDRAWABLE_APPLY_STATUSES,
} from '@flagship/api-client';
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { sha256Hex } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { Database, Executor } from '../../db/client';
import { applications, applicationSerials, applicationSubmissions, auditLogs, downloadJobs, forms, projects } from '../../db/schema';
import type { Handlers } from '../../http/endpoints';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { canonicalJson } from '../../lib/canonical-json';
import { iso } from '../../lib/dates';
import { shanghaiTime } from '../../lib/documents';
import {
  createOrReuseJob,
  documentName,
  DOCX_MIME,
  failIfStalled,
  loadBundle,
  referencedUploads,
  renderBundle,
  toDownloadJob,
  type JobDeps,
} from '../../lib/download-jobs';
import { pageWindow } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { ownUploads, sendFile } from '../files/handlers';
import { loadProjectRow } from '../project/handlers';

type ApplicationRow = typeof applications.$inferSelect;

const EDITABLE = [...EDITABLE_APPLY_STATUSES];
// A returned application has been reviewed, so it can no longer be withdrawn.
const WITHDRAWABLE = [...WITHDRAWABLE_APPLY_STATUSES];

const STALE = '数据已在别处修改，请刷新后重试';

interface FormContext {
  project: ProjectSummary;
  form: FormDefinition;
  fields: FormField[];
}

/**
 * A call's form; the form must belong to the call. The call must be published, unless the caller
 * has an application on the form: unpublishing does not take it from them (read, export, print).
 */
async function loadFormContext(db: Database, projectId: number, formId: number, { hasApplication = false } = {}): Promise<FormContext> {
  const { summary } = await loadProjectRow(db, projectId, { includeUnpublished: hasApplication });
  const [row] = await db.select().from(forms).where(eq(forms.id, formId)).limit(1);
  if (!row || row.projectId !== projectId) throw notFound('申报表单不存在');
  const fields = formFieldsSchema.parse(row.fields);
  return {
    project: summary,
    form: { id: row.id, projectId: row.projectId, title: row.title, description: row.description, fields, version: row.version },
    fields,
  };
}

const summaryColumns = () => ({ application: applications, projectTitle: projects.title, formTitle: forms.title });

function selectApplies(db: Executor, where: SQL | undefined) {
  return db
    .select(summaryColumns())
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(forms, eq(forms.id, applications.formId))
    .where(where);
}

interface JoinedRow {
  application: ApplicationRow;
  projectTitle: string;
  formTitle: string;
}

function toSummary({ application: a, projectTitle, formTitle }: JoinedRow): ApplySummary {
  return {
    id: a.id,
    projectId: a.projectId,
    projectTitle,
    formId: a.formId,
    formTitle,
    status: a.status,
    version: a.version,
    serialNumber: a.serialNumber,
    submittedAt: iso(a.submittedAt),
    reviewMessage: a.reviewMessage,
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
  };
}

function toApply(row: JoinedRow): Apply {
  const a = row.application;
  return {
    ...toSummary(row),
    data: a.data,
    receipt:
      a.serialNumber && a.submittedAt && a.receiptHash
        ? { serialNumber: a.serialNumber, submittedAt: iso(a.submittedAt), sha256: a.receiptHash }
        : null,
  };
}

/** The applicant's applications, withdrawn ones hidden. */
const mine = (userId: number) => and(eq(applications.userId, userId), isNull(applications.deletedAt));

/** My non-withdrawn applications (newest first), e.g. to show my status on each form of a call. */
export async function myApplySummaries(db: Database, userId: number, filter: { projectId?: number }): Promise<ApplySummary[]> {
  const rows = await selectApplies(db, and(mine(userId), filter.projectId ? eq(applications.projectId, filter.projectId) : undefined)).orderBy(
    desc(applications.createdAt),
    desc(applications.id),
  );
  return rows.map(toSummary);
}

async function myApplyForForm(db: Executor, userId: number, formId: number): Promise<JoinedRow | undefined> {
  const [row] = await selectApplies(db, and(mine(userId), eq(applications.formId, formId))).limit(1);
  return row;
}

async function myApplyById(db: Executor, userId: number, id: number): Promise<JoinedRow> {
  const [row] = await selectApplies(db, and(mine(userId), eq(applications.id, id))).limit(1);
  // Someone else's application answers exactly like a missing one.
  if (!row) throw notFound('申报不存在');
  return row;
}

export function applicationReadHandlers({ db }: AppContext): Pick<Handlers['project'], 'form' | 'myApplyList' | 'applyDetail'> {
  return {
    form: async ({ params, principal }) => {
      const apply = await myApplyForForm(db, principal.userId, params.formId);
      const context = await loadFormContext(db, params.projectId, params.formId, { hasApplication: apply !== undefined });
      return { project: context.project, form: context.form, apply: apply ? toApply(apply) : null };
    },

    myApplyList: async ({ query, principal }) => {
      const where = and(mine(principal.userId), query.status ? eq(applications.status, query.status) : undefined);
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, [total]] = await Promise.all([
        selectApplies(db, where).orderBy(desc(applications.createdAt), desc(applications.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(applications).where(where),
      ]);
      return { list: rows.map(toSummary), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    applyDetail: async ({ params, principal }) => toApply(await myApplyById(db, principal.userId, params.applyId)),
  };
}

/** Rich-text values are sanitised before anything else looks at them. */
function sanitizeData(fields: FormField[], data: Record<string, unknown>): Record<string, unknown> {
  const clean = { ...data };
  for (const field of fields) {
    const value = clean[field.key];
    if (field.kind === 'richText' && typeof value === 'string') clean[field.key] = sanitizeRichText(value);
  }
  return clean;
}

/** Serial numbers count per Beijing year: FS-2026-000123. */
export async function nextSerial(tx: Executor, at: Date): Promise<string> {
  const year = new Date(at.getTime() + 8 * 3600_000).getUTCFullYear();
  const [row] = await tx
    .insert(applicationSerials)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: applicationSerials.year, set: { last: sql`${applicationSerials.last} + 1` } })
    .returning({ last: applicationSerials.last });
  if (!row) throw new Error('Serial counter was not updated');
  return `FS-${year}-${String(row.last).padStart(6, '0')}`;
}

function checkWindow(project: ProjectSummary, now: Date): void {
  const start = new Date(project.applyStart);
  const end = new Date(project.applyEnd);
  if (now < start || now > end) throw forbidden(`不在申报时间内（${shanghaiTime(start)} 至 ${shanghaiTime(end)}）`);
}

function notEditable(status: ApplyStatus): Error {
  return status === 'submitted'
    ? forbidden('申报已提交，不能修改；如需修改，请联系工作人员退回')
    : forbidden(`申报${APPLY_STATUS_LABELS[status]}，不能修改`);
}

export function applyHandlers(ctx: AppContext): Handlers['apply'] {
  const { db, log, storage } = ctx;
  const jobs: JobDeps = { db, storage, log };

  /** My application to a form of a call, or 404. */
  const myApplication = async (projectId: number, formId: number, userId: number) => {
    const row = await myApplyForForm(db, userId, formId);
    await loadFormContext(db, projectId, formId, { hasApplication: row !== undefined });
    if (!row) throw notFound('尚未填写该表单的申报');
    return row.application;
  };

  /** A download job of mine for this form, by name; expired ones are gone. */
  const myJob = async (projectId: number, formId: number, userId: number, name: string) => {
    const [row] = await db
      .select({ job: downloadJobs, projectId: applications.projectId, formId: applications.formId })
      .from(downloadJobs)
      .innerJoin(applications, eq(applications.id, downloadJobs.applicationId))
      .where(and(eq(downloadJobs.name, name), eq(downloadJobs.userId, userId)))
      .limit(1);
    if (!row || row.projectId !== projectId || row.formId !== formId) throw notFound('下载任务不存在');
    // The sweeper deletes it soon; until then it is gone all the same.
    if (row.job.expiresAt <= new Date()) throw notFound('下载任务已过期，请重新下载');
    return failIfStalled(db, row.job);
  };

  return {
    save: async ({ params, body, principal, req }) => {
      const userId = principal.userId;
      const existing = (await myApplyForForm(db, userId, params.formId))?.application;
      if (existing && !EDITABLE.includes(existing.status)) throw notEditable(existing.status);
      // Staff return applications for changes mostly after the deadline, and may have taken the call
      // down meanwhile: a returned application can still be corrected and sent back.
      const returned = existing?.status === 'returned';
      const context = await loadFormContext(db, params.projectId, params.formId, { hasApplication: returned });
      const now = new Date();
      if (body.submit && !returned) checkWindow(context.project, now);

      const raw = sanitizeData(context.fields, body.data);
      const uploadsOfMine = await ownUploads(db, userId, referencedUploads(context.fields, raw));
      const schema = buildApplicationSchema(context.fields, {
        mode: body.submit ? 'submit' : 'draft',
        files: (id) => {
          const upload = uploadsOfMine.get(id);
          return upload && { name: upload.originalName, mime: upload.mime, size: upload.size };
        },
      });
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw badRequest(first?.message ?? '申报数据格式不正确', flattenIssues(parsed.error));
      }
      if (!body.submit) {
        // Drafts skip the file rules, but never point at someone else's upload.
        for (const field of context.fields) {
          const ids = referencedUploads([field], raw);
          if (ids.some((id) => !uploadsOfMine.has(id))) {
            throw badRequest(`「${field.label}」的文件不存在或已被删除`, { [field.key]: '文件不存在或不属于当前账号' });
          }
        }
      }
      const data = parsed.data as Record<string, unknown>;
      const status: ApplyStatus = body.submit ? 'submitted' : (existing?.status ?? 'draft');
      const receiptHash = body.submit ? sha256Hex(canonicalJson(data)) : undefined;
      const receipt = receiptHash ? { submittedAt: now, receiptHash } : {};

      const id = await db.transaction(async (tx) => {
        let row: ApplicationRow | undefined;
        if (!existing) {
          if (body.version !== 0) throw conflict(STALE);
          // The partial unique index (user, form) among live rows turns a second first save into no row.
          [row] = await tx
            .insert(applications)
            .values({ userId, projectId: params.projectId, formId: params.formId, data, status, version: 1, ...receipt })
            .onConflictDoNothing()
            .returning();
        } else {
          if (body.version !== existing.version) throw conflict(STALE);
          [row] = await tx
            .update(applications)
            .set({ data, status, version: sql`${applications.version} + 1`, ...receipt })
            .where(
              and(
                eq(applications.id, existing.id),
                eq(applications.version, body.version),
                isNull(applications.deletedAt),
                inArray(applications.status, EDITABLE),
              ),
            )
            .returning();
        }
        if (!row) throw conflict(STALE);
        if (receiptHash) {
          // A returned application keeps the number it was first given.
          const serialNumber = row.serialNumber ?? (await nextSerial(tx, now));
          if (!row.serialNumber) await tx.update(applications).set({ serialNumber }).where(eq(applications.id, row.id));
          await tx.insert(applicationSubmissions).values({ applicationId: row.id, version: row.version, data, receiptHash, submittedAt: now });
          await tx.insert(auditLogs).values({
            actorKind: 'user',
            actorId: userId,
            action: 'application.submit',
            objectType: 'application',
            objectId: String(row.id),
            detail: { serialNumber, sha256: receiptHash, version: row.version, formId: params.formId },
            ip: req.ip,
          });
        }
        return row.id;
      });
      return toApply(await myApplyById(db, userId, id));
    },

    remove: async ({ params, body, principal, req }) => {
      const [row] = await db
        .select()
        .from(applications)
        .where(and(eq(applications.id, body.applyId), mine(principal.userId)))
        .limit(1);
      if (!row || row.formId !== params.id) throw notFound('申报不存在');
      if (!WITHDRAWABLE.includes(row.status)) throw forbidden(`申报${APPLY_STATUS_LABELS[row.status]}，不能删除`);
      await db.transaction(async (tx) => {
        // Soft delete: the row and everything it held stay for the audit trail.
        const [done] = await tx
          .update(applications)
          .set({ status: 'withdrawn', deletedAt: new Date(), version: sql`${applications.version} + 1` })
          .where(and(eq(applications.id, row.id), isNull(applications.deletedAt), inArray(applications.status, WITHDRAWABLE)))
          .returning({ id: applications.id });
        if (!done) throw conflict('申报状态已变化，请刷新后重试');
        await tx.insert(auditLogs).values({
          actorKind: 'user',
          actorId: principal.userId,
          action: 'application.withdraw',
          objectType: 'application',
          objectId: String(row.id),
          detail: { previousStatus: row.status, serialNumber: row.serialNumber, formId: row.formId },
          ip: req.ip,
        });
      });
      return null;
    },

    export: async ({ params, principal, reply }) => {
      const application = await myApplication(params.projectId, params.formId, principal.userId);
      const bundle = await loadBundle(db, application.id);
      const docx = await renderBundle(db, bundle);
      return sendFile(reply, docx, DOCX_MIME, `${documentName(bundle)}.docx`);
    },

    download: async ({ params, query, principal, reply }) => {
      if (query.name) {
        const job = await myJob(params.projectId, params.formId, principal.userId, query.name);
        if (job.status !== 'done' || !job.storageKey) return toDownloadJob(job);
        const zip = await storage.get(job.storageKey);
        if (!zip) throw notFound('下载文件已不存在，请重新下载');
        const bundle = await loadBundle(db, job.applicationId);
        return sendFile(reply, zip, 'application/zip', `${documentName(bundle)}.zip`);
      }
      const application = await myApplication(params.projectId, params.formId, principal.userId);
      return toDownloadJob(await createOrReuseJob(jobs, principal.userId, application));
    },

    downloadStatus: async ({ params, query, principal }) =>
      toDownloadJob(await myJob(params.projectId, params.formId, principal.userId, query.name)),

    batchPrint: async ({ params, query, principal }) => {
      const ids = [...new Set(query.ids)];
      const rows = await selectApplies(db, and(mine(principal.userId), inArray(applications.id, ids)));
      const byId = new Map(rows.map((r) => [r.application.id, r]));
      const list = [];
      const contexts = new Map<number, FormContext>();
      for (const id of ids) {
        const row = byId.get(id);
        if (!row || (params.projectId !== 'all' && row.application.projectId !== params.projectId)) {
          throw forbidden('只能打印自己的申报');
        }
        const formId = row.application.formId;
        let context = contexts.get(formId);
        if (!context) {
          context = await loadFormContext(db, row.application.projectId, formId, { hasApplication: true });
          contexts.set(formId, context);
        }
        list.push({ project: context.project, form: context.form, apply: toApply(row) });
      }
      return { list };
    },
  };
}


