import {
  APPLY_STATUS_LABELS,
  fieldValueToText,
  formFieldsSchema,
  type ApplyStatus,
  type ConsoleApplyDetail,
  type ConsoleApplySummary,
  type ConsoleAuthentication,
  type EnterpriseAuthStatus,
  type FormField,
} from '@flagship/api-client';
import ExcelJS from 'exceljs';
import { zipSync, type Zippable } from 'fflate';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { asStaff, audit } from '../../../auth/staff';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { applications, applicationSubmissions, categories, enterpriseAuthentications, enterprises, forms, projects, regions, staff, uploads, users } from '../../../db/schema';
import { searchVectorSql } from '../../../db/search';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { iso } from '../../../lib/dates';
import { shanghaiTime } from '../../../lib/documents';
import { buildPackage, documentName, loadBundle, referencedUploads, regionNames } from '../../../lib/download-jobs';
import { pageWindow } from '../../../lib/paging';
import { sendFile, toUpload } from '../../files/handlers';
import { projectSummaryColumns, toProjectSummary } from '../../project/handlers';
import { checkCategory, likePattern, noticeEmail, notifyUser, SENT_TO_STAFF } from '../../../shared/console';

type ReviewHandlers = Pick<
  Handlers['console'],
  | 'authenticationList' | 'authenticationGet' | 'authenticationApprove' | 'authenticationReject'
  | 'applyList' | 'applyGet' | 'applyReview' | 'applyExport' | 'applyDownload' | 'applyBatchPrint'
>;

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const reviewer = alias(staff, 'reviewer');

// --- Enterprise authentications. ---

const authenticationSelect = (db: Executor) =>
  db
    .select({
      a: enterpriseAuthentications,
      account: users.account,
      email: users.email,
      regionName: regions.name,
      reviewerAccount: reviewer.account,
      enterpriseId: enterprises.id,
    })
    .from(enterpriseAuthentications)
    .innerJoin(users, eq(users.id, enterpriseAuthentications.userId))
    .leftJoin(regions, eq(regions.id, enterpriseAuthentications.regionId))
    .leftJoin(reviewer, eq(reviewer.id, enterpriseAuthentications.reviewedBy))
    .leftJoin(enterprises, eq(enterprises.authenticationId, enterpriseAuthentications.id));

type AuthenticationRow = Awaited<ReturnType<ReturnType<typeof authenticationSelect>['where']>>[number];

function toAuthenticationSummary({ a, account, email, regionName, reviewerAccount, enterpriseId }: AuthenticationRow) {
  return {
    id: a.id,
    userId: a.userId,
    account,
    applicantEmail: noticeEmail({ account, email }),
    enterpriseName: a.enterpriseName,
    creditCode: a.creditCode,
    type: a.type,
    legalRepresentative: a.legalRepresentative,
    regionId: a.regionId,
    regionName,
    address: a.address,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    licenseFiles: a.licenseFiles,
    status: a.status as EnterpriseAuthStatus,
    reason: a.reason,
    createdAt: iso(a.createdAt),
    reviewedAt: iso(a.reviewedAt),
    reviewedBy: a.reviewedBy,
    reviewerAccount,
    enterpriseId,
  };
}

async function loadAuthentication(db: Executor, id: number): Promise<ConsoleAuthentication> {
  const [row] = await authenticationSelect(db).where(eq(enterpriseAuthentications.id, id)).limit(1);
  if (!row) throw notFound('企业认证不存在');
  const files = row.a.licenseFiles.length
    ? await db.select().from(uploads).where(and(inArray(uploads.id, row.a.licenseFiles), eq(uploads.ownerUserId, row.a.userId)))
    : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  return {
    ...toAuthenticationSummary(row),
    introduction: row.a.introduction,
    licenseUploads: row.a.licenseFiles.flatMap((fileId) => {
      const file = byId.get(fileId);
      return file ? [toUpload(file)] : [];
    }),
  };
}

// --- Applications. ---

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

type ApplyRow = Awaited<ReturnType<ReturnType<typeof applySelect>['where']>>[number];

function toApplySummary({ application: a, projectTitle, formTitle, account, applicantName, email, reviewerAccount }: ApplyRow): ConsoleApplySummary {
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
    userId: a.userId,
    account,
    applicantName,
    applicantEmail: noticeEmail({ account, email }),
    reviewedAt: iso(a.reviewedAt),
    reviewerAccount,
  };
}

async function applyRow(db: Executor, id: number): Promise<ApplyRow> {
  const [row] = await applySelect(db).where(and(eq(applications.id, id), SENT_TO_STAFF)).limit(1);
  if (!row) throw notFound('申报不存在或尚未提交');
  return row;
}

async function loadApplyDetail(db: Executor, row: ApplyRow): Promise<ConsoleApplyDetail> {
  const a = row.application;
  const [projectRow] = await db
    .select(projectSummaryColumns)
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .leftJoin(regions, eq(regions.id, projects.regionId))
    .where(eq(projects.id, a.projectId))
    .limit(1);
  const [form] = await db.select().from(forms).where(eq(forms.id, a.formId)).limit(1);
  if (!projectRow || !form) throw notFound('申报不存在');
  const bundle = await loadBundle(db, a.id);
  const submissions = await db
    .select({ version: applicationSubmissions.version, submittedAt: applicationSubmissions.submittedAt, sha256: applicationSubmissions.receiptHash })
    .from(applicationSubmissions)
    .where(eq(applicationSubmissions.applicationId, a.id))
    .orderBy(asc(applicationSubmissions.version));
  return {
    project: toProjectSummary(projectRow as Parameters<typeof toProjectSummary>[0]),
    form: { id: form.id, projectId: form.projectId, title: form.title, description: form.description, fields: formFieldsSchema.parse(form.fields), version: form.version },
    apply: {
      ...toApplySummary(row),
      data: a.data,
      receipt: a.serialNumber && a.submittedAt && a.receiptHash ? { serialNumber: a.serialNumber, submittedAt: iso(a.submittedAt), sha256: a.receiptHash } : null,
    },
    attachments: bundle.attachments.map(toUpload),
    submissions: submissions.map((s) => ({ ...s, submittedAt: iso(s.submittedAt) })),
  };
}

/** Selected applications of a call, each submitted at least once; anything else is refused. */
async function selectedOfProject(db: Executor, projectId: number, ids: number[]): Promise<ApplyRow[]> {
  const unique = [...new Set(ids)];
  const rows = await applySelect(db).where(and(inArray(applications.id, unique), eq(applications.projectId, projectId), SENT_TO_STAFF));
  const byId = new Map(rows.map((r) => [r.application.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length > 0) throw notFound(`申报 ${missing.join('、')} 不存在、不属于该项目或尚未提交`);
  return unique.map((id) => byId.get(id) as ApplyRow);
}

/** Which decisions may follow which state. */
const ALLOWED_FROM: Record<'reviewing' | 'returned' | 'approved' | 'rejected', ApplyStatus[]> = {
  reviewing: ['submitted'],
  returned: ['submitted', 'reviewing'],
  approved: ['submitted', 'reviewing'],
  rejected: ['submitted', 'reviewing'],
};

/** Sheet names: at most 31 characters, none of `[]:*?/\`, unique. */
function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, '_').slice(0, 28) || '表单';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 26)}(${n})`;
  taken.add(name.toLowerCase());
  return name;
}

/** Text a spreadsheet cell may hold (Excel's limit is 32767 characters). */
const cell = (text: string) => (text.length > 32_000 ? `${text.slice(0, 32_000)}…` : text);

export function consoleReviewHandlers({ db, mailer, log, storage }: AppContext): ReviewHandlers {

  return {
    // --- Enterprise authentications. ---

    authenticationList: async ({ query }) => {
      const where = and(
        query.status !== undefined ? eq(enterpriseAuthentications.status, query.status) : undefined,
        query.keyword
          ? or(
              sql`${enterpriseAuthentications.enterpriseName} ilike ${likePattern(query.keyword)}`,
              sql`${enterpriseAuthentications.creditCode} ilike ${likePattern(query.keyword)}`,
              sql`${enterpriseAuthentications.contactName} ilike ${likePattern(query.keyword)}`,
              sql`${users.account} ilike ${likePattern(query.keyword)}`,
            )
          : undefined,
      );
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, [total]] = await Promise.all([
        authenticationSelect(db)
          .where(where)
          // The queue first, oldest first; decided ones after, latest decision first.
          .orderBy(
            sql`case when ${enterpriseAuthentications.status} = 0 then 0 else 1 end`,
            sql`case when ${enterpriseAuthentications.status} = 0 then ${enterpriseAuthentications.createdAt} end asc`,
            sql`${enterpriseAuthentications.reviewedAt} desc nulls last`,
            desc(enterpriseAuthentications.id),
          )
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(enterpriseAuthentications).innerJoin(users, eq(users.id, enterpriseAuthentications.userId)).where(where),
      ]);
      return { list: rows.map(toAuthenticationSummary), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    authenticationGet: ({ params }) => loadAuthentication(db, params.id),

    authenticationApprove: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      const decided = await db.transaction(async (tx) => {
        const [a] = await tx.select().from(enterpriseAuthentications).where(eq(enterpriseAuthentications.id, params.id)).for('update').limit(1);
        if (!a) throw notFound('企业认证不存在');
        if (a.status !== 0) throw conflict(`该认证已${a.status === 1 ? '通过' : '不通过'}，不能重复审核`);
        const categoryName = await checkCategory(tx, body.categoryId, 'enterprise');
        await tx.update(enterpriseAuthentications).set({ status: 1, reason: null, reviewedBy: who.staffId, reviewedAt: new Date() }).where(eq(enterpriseAuthentications.id, a.id));
        // The company enters the public library; an entry with the same credit code is taken over.
        const [existing] = await tx.select().from(enterprises).where(eq(enterprises.creditCode, a.creditCode)).for('update').limit(1);
        const categoryId = body.categoryId !== undefined ? body.categoryId : (existing?.categoryId ?? null);
        const category = body.categoryId !== undefined ? categoryName : existing?.categoryId ? ((await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, existing.categoryId)))[0]?.name ?? null) : null;
        const values = {
          authenticationId: a.id,
          userId: a.userId,
          name: a.enterpriseName,
          creditCode: a.creditCode,
          type: a.type,
          legalRepresentative: a.legalRepresentative,
          categoryId,
          regionId: a.regionId,
          address: a.address,
          introduction: a.introduction,
          published: true,
          searchVector: searchVectorSql(a.enterpriseName, a.type, category, a.address, a.creditCode, a.introduction),
        };
        let enterpriseId: number | undefined;
        if (existing) {
          // The library already lists this credit code (entered by staff or an earlier approval): it now follows this authentication.
          await tx.update(enterprises).set(values).where(eq(enterprises.id, existing.id));
          enterpriseId = existing.id;
        } else {
          const [row] = await tx.insert(enterprises).values(values).returning({ id: enterprises.id });
          enterpriseId = row?.id;
        }
        await audit(tx, who, req, 'authentication.approve', { type: 'enterprise_authentication', id: a.id }, {
          enterpriseName: a.enterpriseName,
          creditCode: a.creditCode,
          enterpriseId,
          userId: a.userId,
        });
        return a;
      });
      await notifyUser(db, mailer, log, decided.userId, '企业认证已通过', `您提交的企业认证「${decided.enterpriseName}」已通过审核，企业已进入企业库。`).catch((error: unknown) =>
        log.error({ err: error }, 'authentication notice failed'),
      );
      return loadAuthentication(db, params.id);
    },

    authenticationReject: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      const decided = await db.transaction(async (tx) => {
        const [a] = await tx.select().from(enterpriseAuthentications).where(eq(enterpriseAuthentications.id, params.id)).for('update').limit(1);
        if (!a) throw notFound('企业认证不存在');
        if (a.status !== 0) throw conflict(`该认证已${a.status === 1 ? '通过' : '不通过'}，不能重复审核`);
        await tx
          .update(enterpriseAuthentications)
          .set({ status: 2, reason: body.reason, reviewedBy: who.staffId, reviewedAt: new Date() })
          .where(eq(enterpriseAuthentications.id, a.id));
        await audit(tx, who, req, 'authentication.reject', { type: 'enterprise_authentication', id: a.id }, {
          enterpriseName: a.enterpriseName,
          creditCode: a.creditCode,
          reason: body.reason,
          userId: a.userId,
        });
        return a;
      });
      await notifyUser(db, mailer, log, decided.userId, '企业认证未通过', `您提交的企业认证「${decided.enterpriseName}」未通过审核。原因：${body.reason}。您可以修改后重新提交。`).catch(
        (error: unknown) => log.error({ err: error }, 'authentication notice failed'),
      );
      return loadAuthentication(db, params.id);
    },

    // --- Applications. ---

    applyList: async ({ params, query }) => {
      const where = and(
        eq(applications.projectId, params.projectId),
        SENT_TO_STAFF,
        query.status ? eq(applications.status, query.status) : ne(applications.status, 'withdrawn'),
        query.formId ? eq(applications.formId, query.formId) : undefined,
        query.keyword
          ? or(
              sql`${applications.serialNumber} ilike ${likePattern(query.keyword)}`,
              sql`${users.account} ilike ${likePattern(query.keyword)}`,
              sql`${users.name} ilike ${likePattern(query.keyword)}`,
            )
          : undefined,
      ) as SQL;
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, [total]] = await Promise.all([
        applySelect(db).where(where).orderBy(desc(applications.submittedAt), desc(applications.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(applications).innerJoin(users, eq(users.id, applications.userId)).where(where),
      ]);
      return { list: rows.map(toApplySummary), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    applyGet: async ({ params }) => loadApplyDetail(db, await applyRow(db, params.applyId)),

    applyReview: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      const next = body.status;
      await db.transaction(async (tx) => {
        const [a] = await tx.select().from(applications).where(and(eq(applications.id, params.applyId), SENT_TO_STAFF)).for('update').limit(1);
        if (!a) throw notFound('申报不存在或尚未提交');
        if (body.version !== undefined && body.version !== a.version) throw conflict('申报已在别处修改，请刷新后重试');
        if (!ALLOWED_FROM[next].includes(a.status)) {
          throw conflict(`申报当前为「${APPLY_STATUS_LABELS[a.status]}」，不能改为「${APPLY_STATUS_LABELS[next]}」`);
        }
        const decision = next === 'reviewing' ? {} : { reviewMessage: body.message || null, reviewedBy: who.staffId, reviewedAt: new Date() };
        await tx
          .update(applications)
          .set({ status: next, version: sql`${applications.version} + 1`, ...decision })
          .where(eq(applications.id, a.id));
        await audit(tx, who, req, `apply.${next === 'reviewing' ? 'startReview' : next === 'returned' ? 'return' : next === 'approved' ? 'approve' : 'reject'}`, { type: 'application', id: a.id }, {
          from: a.status,
          to: next,
          message: body.message,
          serialNumber: a.serialNumber,
          projectId: a.projectId,
          formId: a.formId,
        });
      });
      const row = await applyRow(db, params.applyId);
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
      return toApplySummary(row);
    },

    applyExport: async ({ params, query, principal, req, reply }) => {
      const who = asStaff(principal);
      const [project] = await db.select({ id: projects.id, title: projects.title }).from(projects).where(eq(projects.id, params.projectId)).limit(1);
      if (!project) throw notFound('项目不存在');
      const formRows = await db
        .select()
        .from(forms)
        .where(and(eq(forms.projectId, project.id), query.formId ? eq(forms.id, query.formId) : undefined))
        .orderBy(asc(forms.sort), asc(forms.id));
      if (query.formId && formRows.length === 0) throw badRequest('表单编号：该项目没有这个表单', { formId: '该项目没有这个表单' });
      const rows = await applySelect(db)
        .where(
          and(
            eq(applications.projectId, project.id),
            SENT_TO_STAFF,
            query.status ? eq(applications.status, query.status) : ne(applications.status, 'withdrawn'),
            query.formId ? eq(applications.formId, query.formId) : undefined,
          ),
        )
        .orderBy(asc(applications.serialNumber), asc(applications.id));

      const regionsById = await regionNames(db);
      const fileIds = rows.flatMap((r) => {
        const form = formRows.find((f) => f.id === r.application.formId);
        return form ? referencedUploads(formFieldsSchema.parse(form.fields), r.application.data) : [];
      });
      const files = fileIds.length ? await db.select({ id: uploads.id, name: uploads.originalName }).from(uploads).where(inArray(uploads.id, [...new Set(fileIds)])) : [];
      const fileNames = new Map(files.map((f) => [f.id, f.name]));
      const lookups = { region: (id: number) => regionsById.get(id), file: (id: number) => fileNames.get(id) };

      const workbook = new ExcelJS.Workbook();
      workbook.creator = 'Flagship';
      workbook.created = new Date();
      const taken = new Set<string>();
      for (const form of formRows) {
        const fields = formFieldsSchema.parse(form.fields).filter((f): f is Exclude<FormField, { kind: 'section' }> => f.kind !== 'section');
        const sheet = workbook.addWorksheet(sheetName(form.title, taken));
        sheet.columns = [
          { header: '申报编号', key: 'serial', width: 18 },
          { header: '申报人', key: 'applicant', width: 24 },
          { header: '状态', key: 'status', width: 10 },
          { header: '提交时间', key: 'submittedAt', width: 18 },
          ...fields.map((f) => ({ header: f.label, key: `f_${f.key}`, width: Math.min(40, Math.max(12, f.label.length * 2 + 4)) })),
        ];
        sheet.getRow(1).font = { bold: true };
        sheet.views = [{ state: 'frozen', ySplit: 1 }];
        for (const r of rows.filter((x) => x.application.formId === form.id)) {
          const a = r.application;
          const values: Record<string, string> = {
            serial: a.serialNumber ?? '',
            applicant: r.applicantName ? `${r.applicantName}（${r.account}）` : r.account,
            status: APPLY_STATUS_LABELS[a.status],
            submittedAt: a.submittedAt ? shanghaiTime(a.submittedAt) : '',
          };
          for (const f of fields) values[`f_${f.key}`] = cell(fieldValueToText(f, a.data[f.key], lookups));
          sheet.addRow(values);
        }
      }
      if (formRows.length === 0) workbook.addWorksheet('申报').addRow(['该项目还没有申报表单']);
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      await db.transaction(async (tx) => {
        await audit(tx, who, req, 'apply.export', { type: 'project', id: project.id }, { formId: query.formId ?? null, status: query.status ?? null, rows: rows.length });
      });
      return sendFile(reply, buffer, XLSX_MIME, `${project.title.replace(/[\\/:*?"<>|]/g, '_').slice(0, 80)}-申报汇总.xlsx`);
    },

    applyDownload: async ({ params, query, principal, req, reply }) => {
      const who = asStaff(principal);
      const rows = await selectedOfProject(db, params.projectId, query.ids);
      // Each application as its own package (the applicant's download: .docx plus attachments).
      const entries: Zippable = {};
      const taken = new Set<string>();
      for (const r of rows) {
        let name = `${documentName({ projectTitle: r.projectTitle, formTitle: r.formTitle, application: r.application })}.zip`;
        for (let n = 2; taken.has(name); n++) name = name.replace(/( \(\d+\))?\.zip$/, ` (${n}).zip`);
        taken.add(name);
        entries[name] = [await buildPackage(db, storage, r.application.id), { level: 0 }];
      }
      const zip = Buffer.from(zipSync(entries));
      await audit(db, who, req, 'apply.download', { type: 'project', id: params.projectId }, { ids: rows.map((r) => r.application.id) });
      const title = rows[0]?.projectTitle ?? '申报';
      return sendFile(reply, zip, 'application/zip', `${title.replace(/[\\/:*?"<>|]/g, '_').slice(0, 80)}-申报材料.zip`);
    },

    applyBatchPrint: async ({ params, query, principal, req }) => {
      const who = asStaff(principal);
      const rows = await selectedOfProject(db, params.projectId, query.ids);
      const list = [];
      for (const r of rows) {
        const detail = await loadApplyDetail(db, r);
        list.push({ project: detail.project, form: detail.form, apply: detail.apply });
      }
      await audit(db, who, req, 'apply.print', { type: 'project', id: params.projectId }, { ids: rows.map((r) => r.application.id) });
      return { list };
    },
  };
}
