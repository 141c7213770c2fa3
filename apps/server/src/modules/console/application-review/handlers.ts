import { APPLY_STATUS_LABELS, fieldValueToText, type ApplyStatus, type FormField } from '@flagship/api-client';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { sendFile } from '../../../http/send-file';
import { beijingTime } from '../../../lib/beijing-time';
import { workbookXlsx, XLSX_MIME, type WorkbookSheet } from '../../../lib/workbook';
import { zipOfZips } from '../../../lib/zips';
import { documentName, referencedUploads } from '../../../shared/applications';
import { audit } from '../../../shared/audit-repository';
import { buildPackage, regionNames } from '../../../shared/download-jobs-repository';
import { notifyUser } from '../../../shared/notices-repository';
import {
  applicationDetail,
  exportedApplications,
  findProject,
  findSentApplication,
  listApplications,
  lockSentApplication,
  projectForms,
  saveReview,
  sentApplicationsOf,
  toConsoleApplySummary,
  type ApplyRow,
  uploadNames,
} from './repository';

type ApplicationReviewHandlers = Pick<
  Handlers['console'],
  'applyList' | 'applyGet' | 'applyReview' | 'applyExport' | 'applyDownload' | 'applyBatchPrint'
>;

type Decision = 'reviewing' | 'returned' | 'approved' | 'rejected';

/** Which decisions may follow which state. */
const ALLOWED_FROM: Record<Decision, ApplyStatus[]> = {
  reviewing: ['submitted'],
  returned: ['submitted', 'reviewing'],
  approved: ['submitted', 'reviewing'],
  rejected: ['submitted', 'reviewing'],
};

const AUDIT_ACTION: Record<Decision, string> = {
  reviewing: 'apply.startReview',
  returned: 'apply.return',
  approved: 'apply.approve',
  rejected: 'apply.reject',
};

/** A call's title as the start of a downloaded file's name. */
const fileTitle = (title: string) => title.replace(/[\\/:*?"<>|]/g, '_').slice(0, 80);

export function applicationReviewHandlers({ db, mailer, log, storage }: AppContext): ApplicationReviewHandlers {
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

  return {
    applyList: async ({ params, query }) => {
      const { list, total } = await listApplications(db, params.projectId, query);
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    applyGet: async ({ params }) => applicationDetail(db, await sentApplication(params.applyId)),

    applyReview: async ({ params, body, principal, req }) => {
      const next = body.status;
      await db.transaction(async (tx) => {
        const a = await lockSentApplication(tx, params.applyId);
        if (!a) throw notFound('申报不存在或尚未提交');
        if (body.version !== undefined && body.version !== a.version) throw conflict('申报已在别处修改，请刷新后重试');
        if (!ALLOWED_FROM[next].includes(a.status)) {
          throw conflict(`申报当前为「${APPLY_STATUS_LABELS[a.status]}」，不能改为「${APPLY_STATUS_LABELS[next]}」`);
        }
        const decision = next === 'reviewing' ? undefined : { reviewMessage: body.message || null, reviewedBy: principal.staffId, reviewedAt: new Date() };
        await saveReview(tx, a.id, next, decision);
        await audit(tx, principal, req, AUDIT_ACTION[next], { type: 'application', id: a.id }, {
          from: a.status,
          to: next,
          message: body.message,
          serialNumber: a.serialNumber,
          projectId: a.projectId,
          formId: a.formId,
        });
      });
      const row = await sentApplication(params.applyId);
      if (next !== 'reviewing') {
        const a = row.application;
        const label = APPLY_STATUS_LABELS[next];
        const subject = `申报${label}：${row.projectTitle}`;
        const text = [
          `您向「${row.projectTitle}」提交的「${row.formTitle}」（申报编号 ${a.serialNumber ?? '—'}）审核结果：${label}。`,
          body.message ? `审核意见：${body.message}` : '',
          next === 'returned' ? '请登录平台修改后重新提交。' : '请登录平台查看详情。',
        ]
          .filter(Boolean)
          .join('\n');
        // The decision stands even when the notice cannot be sent; the applicant also sees it on the site.
        await notifyUser(db, mailer, log, a.userId, subject, text).catch((error: unknown) => log.error({ err: error, applicationId: a.id }, 'review notice failed'));
      }
      return toConsoleApplySummary(row);
    },

    applyExport: async ({ params, query, principal, req, reply }) => {
      const project = await findProject(db, params.projectId);
      if (!project) throw notFound('项目不存在');
      const formList = await projectForms(db, project.id, query.formId);
      if (query.formId && formList.length === 0) throw badRequest('表单编号：该项目没有这个表单', { formId: '该项目没有这个表单' });
      const rows = await exportedApplications(db, project.id, query);

      const fieldsOf = new Map(formList.map((f) => [f.id, f.fields]));
      const regionsById = await regionNames(db);
      const fileNames = await uploadNames(
        db,
        rows.flatMap((r) => {
          const fields = fieldsOf.get(r.application.formId);
          return fields ? referencedUploads(fields, r.application.data) : [];
        }),
      );
      const lookups = { region: (id: number) => regionsById.get(id), file: (id: number) => fileNames.get(id) };

      const sheets: WorkbookSheet[] = formList.map((form) => {
        const fields = form.fields.filter((f): f is Exclude<FormField, { kind: 'section' }> => f.kind !== 'section');
        return {
          title: form.title,
          columns: [
            { header: '申报编号', width: 18 },
            { header: '申报人', width: 24 },
            { header: '状态', width: 10 },
            { header: '提交时间', width: 18 },
            ...fields.map((f) => ({ header: f.label })),
          ],
          rows: rows
            .filter((r) => r.application.formId === form.id)
            .map(({ application: a, applicantName, account }) => [
              a.serialNumber ?? '',
              applicantName ? `${applicantName}（${account}）` : account,
              APPLY_STATUS_LABELS[a.status],
              a.submittedAt ? beijingTime(a.submittedAt) : '',
              ...fields.map((f) => fieldValueToText(f, a.data[f.key], lookups)),
            ]),
        };
      });
      if (formList.length === 0) sheets.push({ title: '申报', columns: [], rows: [['该项目还没有申报表单']] });
      const buffer = await workbookXlsx(sheets);
      await db.transaction(async (tx) => {
        await audit(tx, principal, req, 'apply.export', { type: 'project', id: project.id }, { formId: query.formId ?? null, status: query.status ?? null, rows: rows.length });
      });
      return sendFile(reply, buffer, XLSX_MIME, `${fileTitle(project.title)}-申报汇总.xlsx`);
    },

    applyDownload: async ({ params, query, principal, req, reply }) => {
      const rows = await selectedOfProject(params.projectId, query.ids);
      // Each application as its own package (the applicant's download: .docx plus attachments).
      const packages = [];
      for (const r of rows) {
        const name = `${documentName({ projectTitle: r.projectTitle, formTitle: r.formTitle, application: r.application })}.zip`;
        packages.push({ name, body: await buildPackage(db, storage, r.application.id) });
      }
      const zip = zipOfZips(packages);
      await audit(db, principal, req, 'apply.download', { type: 'project', id: params.projectId }, { ids: rows.map((r) => r.application.id) });
      return sendFile(reply, zip, 'application/zip', `${fileTitle(rows[0]?.projectTitle ?? '申报')}-申报材料.zip`);
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
