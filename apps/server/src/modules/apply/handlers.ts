import {
  APPLY_STATUS_LABELS,
  DECLARATION_REQUIRED,
  eligibilityProblem,
  storedAnswersFor,
  flattenIssues,
  type EligibilityCheck,
  type ApplyStatus,
  type FormField,
  type ProjectSummary,
} from '@flagship/api-client';
import type { FastifyBaseLogger } from 'fastify';
import { sha256Hex } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Handlers } from '../../http/endpoints';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { sendFile, sendStoredFile } from '../../http/send-file';
import { beijingTime } from '../../lib/beijing-time';
import { canonicalJson } from '../../lib/canonical-json';
import { DOCX_MIME } from '../../lib/documents';
import { richTextMemo } from '../../lib/sanitize';
import { documentName, referencedUploads } from '../../shared/applications';
import {
  myApplicationById,
  myApplicationForForm,
  myApplications,
  toApply,
  type ApplicationRow,
  type FormContext,
} from '../../shared/applications-repository';
import { writeAudit } from '../../shared/audit-repository';
import { parseApplication } from '../../shared/form-schemas';
import { checkApplicantEligibility } from '../../shared/eligibility-repository';
import { keptCalls } from '../../shared/kept-calls-repository';
import { sendNotice } from '../../shared/notices-repository';
import { SUBMITTED_SUBJECT } from '../../shared/notices';
import { missingForms, missingFormsText, type MissingForm } from '../../shared/reminders-repository';
import { keptSettings } from '../../shared/settings-repository';
import {
  createOrReuseJob,
  failIfStalled,
  findUserJob,
  loadBundle,
  renderBundle,
  toDownloadJob,
  type JobDeps,
} from '../../shared/download-jobs-repository';
import { holdUploads, ownUploads, SWEPT_UPLOAD } from '../../shared/uploads-repository';
import { commentsToApplicant, EDITABLE, insertApplication, isUniqueViolation, submitApplication, updateDraft, withdrawApplication, WITHDRAWABLE } from './repository';

const STALE = '数据已在别处修改，请刷新后重试';

/**
 * Rich-text values are sanitised before anything else looks at them, on every save: a value equal
 * to the stored one is not trusted to be the sanitiser's output (the field may have been plain
 * text when it was stored, or stored before the sanitiser's rules last changed). `sanitize` keeps
 * what it gave for the values an applicant sent before (`richTextMemo`).
 */
function sanitizeData(fields: FormField[], data: Record<string, unknown>, sanitize: (html: string) => string): Record<string, unknown> {
  const clean = { ...data };
  for (const field of fields) {
    const value = clean[field.key];
    if (field.kind === 'richText' && typeof value === 'string') clean[field.key] = sanitize(value);
  }
  return clean;
}

function checkWindow(project: ProjectSummary, now: Date): void {
  const start = new Date(project.applyStart);
  const end = new Date(project.applyEnd);
  if (now < start || now > end) throw forbidden(`不在申报时间内（${beijingTime(start)} 至 ${beijingTime(end)}）`);
}

/** A call with a declaration of its own asks for it to be accepted (older clients, for calls without one, never sent it). */
function checkDeclaration(context: FormContext, accepted: boolean | undefined): void {
  if (context.declaration.trim() !== '' && accepted !== true) throw badRequest(DECLARATION_REQUIRED, { declarationAccepted: DECLARATION_REQUIRED });
}

function notEditable(status: ApplyStatus): Error {
  return status === 'submitted'
    ? forbidden('申报已提交，不能修改；如需修改，请联系工作人员退回')
    : forbidden(`申报${APPLY_STATUS_LABELS[status]}，不能修改`);
}

/** The confirmation of a submission, with its receipt, and the call's forms still to send before `deadline`. */
function submissionNotice(apply: ReturnType<typeof toApply>, siteTitle: string, missing: MissingForm[], deadline: Date, now: Date): string {
  const submittedAt = apply.submittedAt ? `${beijingTime(new Date(apply.submittedAt))}（北京时间）` : '';
  return [
    `您已成功提交「${apply.projectTitle}」的「${apply.formTitle}」。`,
    `申报编号：${apply.serialNumber ?? ''}`,
    `提交时间：${submittedAt}`,
    `回执校验码（SHA-256）：${apply.receipt?.sha256 ?? ''}`,
    ...(missing.length > 0
      ? [`本项目还有以下表单尚未提交：${missingFormsText(missing)}。${deadline > now ? `请在 ${beijingTime(deadline)}（北京时间）截止前完成提交。` : ''}`]
      : []),
    `请妥善保存本回执。您可登录${siteTitle}查看申报详情和审核进度。`,
  ].join('\n');
}

export function applyHandlers(ctx: AppContext): Handlers['apply'] {
  const { db, log, storage } = ctx;
  const jobs: JobDeps = { db, storage, log, jobs: ctx.jobs };
  // The call and its form as every applicant sees them, kept until staff change them.
  const calls = keptCalls(db, log);
  const sanitized = richTextMemo();

  /** My application to a form of a call, or 404. */
  const myApplication = async (projectId: number, formId: number, userId: number) => {
    const row = await myApplicationForForm(db, userId, formId);
    await calls.formContext(projectId, formId, { hasApplication: row !== undefined });
    if (!row) throw notFound('尚未填写该表单的申报');
    return row;
  };

  /** A download job of mine for this form, by name; expired ones are gone. */
  const myJob = async (projectId: number, formId: number, userId: number, name: string) => {
    const row = await findUserJob(db, userId, name);
    if (!row || row.projectId !== projectId || row.formId !== formId) throw notFound('下载任务不存在');
    // The sweeper deletes it soon; until then it is gone all the same.
    if (row.job.expiresAt <= new Date()) throw notFound('下载任务已过期，请重新下载');
    return failIfStalled(db, row.job);
  };

  /**
   * What a save sends, checked against the form: rich text sanitised, the uploads it names read
   * (the applicant's own only), the answers parsed for a draft or a submission. Throws the
   * applicant's error. `sweptError`, inside the writing transaction, holds the uploads (if any)
   * and names the field of one the orphan sweep took since they were read; `written` writes with
   * them held.
   */
  const checkSent = async (context: FormContext, userId: number, sent: Record<string, unknown>, submit: boolean) => {
    const raw = sanitizeData(context.fields, sent, (html) => sanitized(userId, html));
    // The uploads each field names, found once (a rich-text value is searched for its images).
    const named = new Map(context.fields.map((field) => [field, referencedUploads([field], raw)]));
    const uploadsOfMine = await ownUploads(db, userId, [...new Set([...named.values()].flat())]);
    const files = new Map([...uploadsOfMine].map(([id, upload]) => [id, { name: upload.originalName, mime: upload.mime, size: upload.size }]));
    const parsed = parseApplication(context.fields, submit ? 'submit' : 'draft', files, raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw badRequest(first?.message ?? '申报数据格式不正确', flattenIssues(parsed.error));
    }
    // Rich text shows only the applicant's own uploaded images (the sanitiser dropped any other source).
    for (const field of context.fields) {
      if (field.kind !== 'richText') continue;
      if (named.get(field)?.some((id) => !uploadsOfMine.get(id)?.mime.startsWith('image/'))) {
        throw badRequest(`「${field.label}」中的图片只能是本人上传的图片`, { [field.key]: '图片不存在或不是本人上传的图片' });
      }
    }
    if (!submit) {
      // Drafts skip the file rules, but never point at someone else's upload.
      for (const field of context.fields) {
        if (named.get(field)?.some((id) => !uploadsOfMine.has(id))) {
          throw badRequest(`「${field.label}」的文件不存在或已被删除`, { [field.key]: '文件不存在或不属于当前账号' });
        }
      }
    }
    const uploads = [...uploadsOfMine.keys()];
    const sweptError = async (executor: Executor) => {
      if (uploads.length === 0) return undefined;
      const swept = await holdUploads(executor, uploads);
      const field = context.fields.find((f) => named.get(f)?.some((upload) => swept.includes(upload)));
      return field && badRequest(`「${field.label}」的${SWEPT_UPLOAD}`, { [field.key]: SWEPT_UPLOAD });
    };
    // Without uploads to hold, a save is one statement and needs no transaction around it.
    const written = <T>(write: (executor: Executor) => Promise<T>): Promise<T> =>
      uploads.length === 0
        ? write(db)
        : db.transaction(async (tx) => {
            const swept = await sweptError(tx);
            if (swept) throw swept;
            return write(tx);
          });
    return { data: parsed.data as Record<string, unknown>, uploads, sweptError, written };
  };

  /** A fast path's checks: a refusal leaves the save to the full path, which says why (undefined here). */
  const unlessRefused = async <T>(check: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await check();
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  };

  /**
   * The autosave of a draft already saved, the deadline hour's most frequent write: checked and
   * written by (applicant, form, version) with no read of the application before. Nothing when
   * anything stands in the way (the call gone from view, a refusal of what was sent, the
   * application moved on or sent); the full save below then answers, and says why. An upload the
   * orphan sweep took meanwhile is refused here, with its own message.
   */
  const saveDraftAtOnce = async (projectId: number, formId: number, userId: number, body: { data: Record<string, unknown>; version: number }) => {
    const checked = await unlessRefused(async () => {
      const context = await calls.formContext(projectId, formId);
      return { context, sent: await checkSent(context, userId, body.data, false) };
    });
    if (!checked) return undefined;
    const { context, sent } = checked;
    const row = await sent.written((executor) => updateDraft(executor, { userId, formId, version: body.version, data: sent.data, at: new Date() }));
    return row && toApply({ application: row, projectTitle: context.project.title, formTitle: context.form.title });
  };

  /** Writes a submission, with its receipt; nothing when the application moved on or an upload is gone. */
  const writeSubmission = (s: {
    /** No application to the form yet: the submission is its first save. */
    first: boolean;
    userId: number;
    projectId: number;
    formId: number;
    body: { version: number; declarationAccepted?: boolean | undefined };
    data: Record<string, unknown>;
    uploads: number[];
    eligibility: EligibilityCheck | undefined;
    at: Date;
    ip: string;
  }) =>
    submitApplication(db, {
      userId: s.userId,
      projectId: s.projectId,
      formId: s.formId,
      ...(s.first ? {} : { existing: { version: s.body.version } }),
      data: s.data,
      receiptHash: sha256Hex(canonicalJson(s.data)),
      submittedAt: s.at,
      eligibility: s.eligibility,
      uploads: s.uploads,
      audit: { formId: s.formId, declarationAccepted: s.body.declarationAccepted === true, ip: s.ip },
    });

  /** The submitted application as answered, its confirmation queued (the mail job): a failure to queue it does not undo the submission. */
  const answerSubmitted = async (row: ApplicationRow, context: FormContext, userId: number, now: Date, requestLog: FastifyBaseLogger) => {
    const submitted = toApply({ application: row, projectTitle: context.project.title, formTitle: context.form.title });
    const confirm = async () => {
      const { missing, recipient } = await missingForms(db, userId, context.project.id);
      if (!recipient) return;
      // The site's name as each instance keeps it (every rendered page asks for it too).
      const { siteTitle } = await keptSettings(db, log);
      const text = submissionNotice(submitted, siteTitle, missing, new Date(context.project.applyEnd), now);
      await sendNotice(ctx.mailer, requestLog, recipient, SUBMITTED_SUBJECT, text);
    };
    await confirm().catch((error: unknown) => requestLog.error({ err: error, applicationId: submitted.id }, 'submission notice failed'));
    return submitted;
  };

  /**
   * The submission of an application already saved, the deadline's busiest write after the
   * autosave: checked and written by (applicant, form, version) with no read of the application
   * before, as the autosave. Only where the rules do not depend on which application it is: a call
   * with eligibility questions (a draft's answers are checked again, a returned one's are not) and
   * a returned application sent outside the window or after its call was taken down are left to
   * the full save below, as is anything that stands in the way; it says why. An upload the orphan
   * sweep took meanwhile is refused here, with its own message.
   */
  const submitAtOnce = async (
    params: { projectId: number; formId: number },
    userId: number,
    body: { data: Record<string, unknown>; version: number; declarationAccepted?: boolean | undefined },
    req: { ip: string; log: FastifyBaseLogger },
  ) => {
    const now = new Date();
    const checked = await unlessRefused(async () => {
      const context = await calls.formContext(params.projectId, params.formId);
      if (context.eligibility.length > 0) return undefined;
      checkWindow(context.project, now);
      checkDeclaration(context, body.declarationAccepted);
      return { context, sent: await checkSent(context, userId, body.data, true) };
    });
    if (!checked) return undefined;
    const { context, sent } = checked;
    const row = await writeSubmission({ first: false, userId, ...params, body, data: sent.data, uploads: sent.uploads, eligibility: undefined, at: now, ip: req.ip });
    if (row) return answerSubmitted(row, context, userId, now, req.log);
    // Said here, whether or not the application also moved on: the full save would no longer see the upload.
    const swept = await sent.sweptError(db);
    if (swept) throw swept;
    return undefined;
  };

  return {
    save: async ({ params, body, principal, req }) => {
      const userId = principal.userId;
      if (body.version > 0) {
        const done = body.submit ? await submitAtOnce(params, userId, body, req) : await saveDraftAtOnce(params.projectId, params.formId, userId, body);
        if (done) return done;
      }
      const existing = await myApplicationForForm(db, userId, params.formId);
      if (existing && !EDITABLE.includes(existing.status)) throw notEditable(existing.status);
      // Staff return applications for changes mostly after the deadline, and may have taken the call
      // down meanwhile: a returned application can still be corrected and sent back.
      const returned = existing?.status === 'returned';
      const context = await calls.formContext(params.projectId, params.formId, { hasApplication: returned });
      const now = new Date();
      if (body.submit && !returned) checkWindow(context.project, now);
      if (body.submit) checkDeclaration(context, body.declarationAccepted);

      // Eligibility: checked when the application is first saved and again when a draft is
      // submitted (the automatic facts may have changed; the applicant's own answers are the stored
      // ones that still fit the questions). A returned application passed it when first sent: a
      // correction staff asked for is not refused for what happened since.
      let eligibility: EligibilityCheck | undefined;
      if (context.eligibility.length > 0 && (!existing || (body.submit && existing.status === 'draft'))) {
        const answers = body.eligibility ?? storedAnswersFor(existing?.eligibility, context.eligibility);
        eligibility = await checkApplicantEligibility(db, userId, params.projectId, context.eligibility, answers, now);
        const problem = eligibilityProblem(eligibility);
        if (problem) throw badRequest(problem.message, problem.fields);
      }

      const sent = await checkSent(context, userId, body.data, body.submit === true);
      const { data, uploads } = sent;

      if (!body.submit) {
        if (body.version !== (existing?.version ?? 0)) throw conflict(STALE);
        const row = await sent.written((executor) =>
          existing
            ? updateDraft(executor, { userId, formId: params.formId, version: body.version, data, at: now })
            : insertApplication(executor, { userId, projectId: params.projectId, formId: params.formId, data, eligibility }),
        );
        if (!row) throw conflict(STALE);
        return toApply({ application: row, projectTitle: context.project.title, formTitle: context.form.title });
      }

      if (existing ? body.version !== existing.version : body.version !== 0) throw conflict(STALE);
      let row: ApplicationRow | undefined;
      try {
        row = await writeSubmission({ first: !existing, userId, ...params, body, data, uploads, eligibility, at: now, ip: req.ip });
      } catch (error) {
        // A first save racing another one of the same form: the live application's unique index.
        if (!existing && isUniqueViolation(error)) throw conflict(STALE);
        throw error;
      }
      if (!row) throw (await sent.sweptError(db)) ?? conflict(STALE);
      return answerSubmitted(row, context, userId, now, req.log);
    },

    remove: async ({ params, body, principal, req }) => {
      const row = await myApplicationById(db, principal.userId, body.applyId);
      if (row.formId !== params.id) throw notFound('申报不存在');
      // A draft is always deletable: what is refused here was sent, and cannot be withdrawn.
      if (!WITHDRAWABLE.includes(row.status)) throw forbidden(`申报${APPLY_STATUS_LABELS[row.status]}，不能撤回`);
      await db.transaction(async (tx) => {
        if (!(await withdrawApplication(tx, row.id))) throw conflict('申报状态已变化，请刷新后重试');
        await writeAudit(tx, {
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

    download: async ({ req, params, query, principal, reply }) => {
      if (query.name) {
        const job = await myJob(params.projectId, params.formId, principal.userId, query.name);
        if (job.status !== 'done' || !job.storageKey) return toDownloadJob(job);
        const bundle = await loadBundle(db, job.applicationId);
        const sent = await sendStoredFile(req, reply, storage, { key: job.storageKey, mime: 'application/zip', name: `${documentName(bundle)}.zip` });
        if (!sent) throw notFound('下载文件已不存在，请重新下载');
        return sent;
      }
      const application = await myApplication(params.projectId, params.formId, principal.userId);
      return toDownloadJob(await createOrReuseJob(jobs, principal.userId, application));
    },

    downloadStatus: async ({ params, query, principal }) =>
      toDownloadJob(await myJob(params.projectId, params.formId, principal.userId, query.name)),

    reviewComments: async ({ params, principal }) => {
      const application = await myApplicationById(db, principal.userId, params.id);
      // Comments come with the decision, not before it.
      if (application.status !== 'approved' && application.status !== 'rejected') return [];
      return commentsToApplicant(db, application.projectId, application.id);
    },
    batchPrint: async ({ params, query, principal }) => {
      const ids = [...new Set(query.ids)];
      const rows = await myApplications(db, principal.userId, { ids });
      const byId = new Map(rows.map((r) => [r.id, r]));
      const list = [];
      const contexts = new Map<number, FormContext>();
      for (const id of ids) {
        const row = byId.get(id);
        if (!row || (params.projectId !== 'all' && row.projectId !== params.projectId)) {
          throw forbidden('只能打印自己的申报');
        }
        let context = contexts.get(row.formId);
        if (!context) {
          context = await calls.formContext(row.projectId, row.formId, { hasApplication: true });
          contexts.set(row.formId, context);
        }
        list.push({ project: context.project, form: context.form, apply: toApply({ application: row, projectTitle: context.project.title, formTitle: context.form.title }) });
      }
      return { list };
    },
  };
}


