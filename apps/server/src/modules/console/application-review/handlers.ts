import { randomBytes } from 'node:crypto';
import type { StaffPrincipal } from '../../../auth/principal';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { sendStoredFile } from '../../../http/send-file';
import { XLSX_MIME } from '../../../lib/workbook';
import { decideApplication } from '../../../shared/application-decision';
import { audit } from '../../../shared/audit-repository';
import {
  applicationDetail,
  countExportedApplications,
  failStaffJob,
  findProject,
  findSentApplication,
  findStaffJob,
  insertStaffJob,
  listApplications,
  projectForms,
  sentApplicationsOf,
  toConsoleApplySummary,
  toStaffJob,
  type ApplyRow,
  type StaffJobRow,
} from './repository';
import { queueStaffJob, STAFF_JOB_TTL_MS } from './staff-jobs';

type ApplicationReviewHandlers = Pick<
  Handlers['console'],
  'applyList' | 'applyGet' | 'applyReview' | 'applyExportJob' | 'applyDownloadJob' | 'jobStatus' | 'jobFile' | 'applyBatchPrint'
>;

/** A call's title as the start of a downloaded file's name. */
const fileTitle = (title: string) => title.replace(/[\\/:*?"<>|]/g, '_').slice(0, 80);

export function applicationReviewHandlers(ctx: AppContext): ApplicationReviewHandlers {
  const { db, storage } = ctx;
  async function sentApplication(id: number): Promise<ApplyRow> {
    const row = await findSentApplication(db, id);
    if (!row) throw notFound('申报不存在或尚未提交');
    return row;
  }

  /** Selected applications of a call, each submitted at least once; anything else is refused. */
  async function selectedOfProject(projectId: number, ids: number[]): Promise<ApplyRow[]> {
    const unique = [...new Set(ids)];
    const byId = new Map((await sentApplicationsOf(db, projectId, unique)).map((r) => [r.application.id, r]));
    const missing = unique.filter((id) => !byId.has(id));
    if (missing.length > 0) throw notFound(`申报 ${missing.join('、')} 不存在、不属于该项目或尚未提交`);
    return unique.map((id) => byId.get(id) as ApplyRow);
  }

  /** The staff member's own job; anyone else's, and an expired one, is not found. */
  async function myJob(staffId: number, name: string): Promise<StaffJobRow> {
    const job = await findStaffJob(db, staffId, name);
    if (!job || job.expiresAt.getTime() <= Date.now()) throw notFound('任务不存在或已过期');
    return job;
  }

  /** Record a job under a new name and queue it. */
  async function startJob(principal: StaffPrincipal, job: Pick<StaffJobRow, 'kind' | 'projectId' | 'input' | 'fileName' | 'progressTotal'>): Promise<StaffJobRow> {
    const row = await insertStaffJob(db, { ...job, name: randomBytes(16).toString('hex'), staffId: principal.staffId, expiresAt: new Date(Date.now() + STAFF_JOB_TTL_MS) });
    try {
      await queueStaffJob(ctx, row);
    } catch (error) {
      await failStaffJob(db, row.id, '任务未能排队，请稍后重试');
      throw error;
    }
    return row;
  }

  return {
    applyList: async ({ params, query }) => {
      const { list, total } = await listApplications(db, params.projectId, query);
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    applyGet: async ({ params }) => applicationDetail(db, await sentApplication(params.applyId)),

    applyReview: async ({ params, body, principal, req }) => {
      await decideApplication(ctx, principal, req, { applyId: params.applyId, status: body.status, message: body.message, version: body.version });
      return toConsoleApplySummary(await sentApplication(params.applyId));
    },

    applyExportJob: async ({ params, body, principal, req }) => {
      const project = await findProject(db, params.projectId);
      if (!project) throw notFound('项目不存在');
      if (body.formId && (await projectForms(db, project.id, body.formId)).length === 0) {
        throw badRequest('表单编号：该项目没有这个表单', { formId: '该项目没有这个表单' });
      }
      const filter = { formId: body.formId, status: body.status };
      const job = await startJob(principal, {
        kind: 'export',
        projectId: project.id,
        input: filter,
        fileName: `${fileTitle(project.title)}-申报汇总.xlsx`,
        progressTotal: await countExportedApplications(db, project.id, filter),
      });
      await audit(db, principal, req, 'apply.export', { type: 'project', id: project.id }, { formId: body.formId ?? null, status: body.status ?? null, job: job.name });
      return toStaffJob(job);
    },

    applyDownloadJob: async ({ params, body, principal, req }) => {
      const rows = await selectedOfProject(params.projectId, body.ids);
      const ids = rows.map((r) => r.application.id);
      const job = await startJob(principal, {
        kind: 'download',
        projectId: params.projectId,
        input: { ids },
        fileName: `${fileTitle(rows[0]?.projectTitle ?? '申报')}-申报材料.zip`,
        progressTotal: ids.length,
      });
      await audit(db, principal, req, 'apply.download', { type: 'project', id: params.projectId }, { ids, job: job.name });
      return toStaffJob(job);
    },

    jobStatus: async ({ params, principal }) => toStaffJob(await myJob(principal.staffId, params.name)),

    jobFile: async ({ params, principal, req, reply }) => {
      const job = await myJob(principal.staffId, params.name);
      if (job.status === 'failed') throw conflict(job.error ?? '任务失败，请重新开始');
      if (job.status !== 'done' || !job.storageKey) throw conflict('文件还在生成，请稍候');
      const sent = await sendStoredFile(req, reply, storage, {
        key: job.storageKey,
        mime: job.kind === 'export' ? XLSX_MIME : 'application/zip',
        name: job.fileName,
        // A job's file never changes: its name is a strong validator, so a broken download resumes.
        etag: job.name,
      });
      if (!sent) throw notFound('文件已不存在，请重新开始');
      return sent;
    },

    applyBatchPrint: async ({ params, query, principal, req }) => {
      const rows = await selectedOfProject(params.projectId, query.ids);
      const list = [];
      for (const r of rows) {
        const detail = await applicationDetail(db, r);
        list.push({ project: detail.project, form: detail.form, apply: detail.apply });
      }
      await audit(db, principal, req, 'apply.print', { type: 'project', id: params.projectId }, { ids: rows.map((r) => r.application.id) });
      return { list };
    },
  };
}
