import { ASSIGNMENT_STATUS_LABELS, type AssignmentStatus, type MyReview, type MyReviewSummary } from '@flagship/api-client';
import type { StaffPrincipal } from '../../../auth/principal';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors';
import { sendStoredFile, uploadFile } from '../../../http/send-file';
import { iso } from '../../../lib/dates';
import { loadFormContext } from '../../../shared/applications-repository';
import { audit } from '../../../shared/audit-repository';
import { referencedUploads } from '../../../shared/applications';
import { loadBundle } from '../../../shared/download-jobs-repository';
import { conflictNow } from '../../../shared/review-conflicts-repository';
import { isOverdue, phaseOf, scoreProblems, weightedTotal } from '../../../shared/review-scoring';
import { blindApplication, neutralFileName, redactor, type Redact } from './blind';
import {
  applicantsOf,
  enterpriseNames,
  expertIdOf,
  findExpert,
  findMyAssignment,
  listMyAssignments,
  lockAssignment,
  peerReviews,
  updateAssignment,
  updateInterests,
  type Applicant,
  type MyAssignmentRow,
} from './repository';

type ExpertWorkspaceHandlers = Pick<Handlers['console'], 'myReviewList' | 'myReviewGet' | 'myReviewDeclare' | 'myReviewSave' | 'myReviewFile' | 'myProfile' | 'myProfileUpdate'>;

const NO_ASSIGNMENT = '评审任务不存在';

/** The expert has declared no conflict: the application's content is theirs to read. */
const hasContent = (status: AssignmentStatus) => status === 'declared' || status === 'submitted';

/** 专家A, 专家B, … in the order the reviews came in. */
const peerLabel = (i: number) => `专家${i < 26 ? String.fromCharCode(65 + i) : i + 1}`;

const firstProblem = (problems: string[]) => problems[0] + (problems.length > 1 ? `（另有 ${problems.length - 1} 项有误）` : '');

export function expertWorkspaceHandlers(ctx: AppContext): ExpertWorkspaceHandlers {
  const { db, storage } = ctx;

  async function myExpertId(principal: StaffPrincipal): Promise<number> {
    const expertId = await expertIdOf(db, principal.staffId);
    if (expertId === undefined) throw forbidden('仅限评审专家使用');
    return expertId;
  }

  async function myAssignment(expertId: number, id: number): Promise<MyAssignmentRow> {
    const row = await findMyAssignment(db, expertId, id);
    if (!row) throw notFound(NO_ASSIGNMENT);
    return row;
  }

  /** How the applicant shows to this expert: by name, or hidden in a blind round. */
  function applicantView(row: MyAssignmentRow, applicant: Applicant | undefined): { name: string | null; redact: Redact } {
    if (!row.round.blind) return { name: applicant?.displayName ?? '', redact: (text) => text };
    return { name: null, redact: redactor(applicant?.identityTerms ?? []) };
  }

  function summary(row: MyAssignmentRow, applicant: { name: string | null; redact: Redact }, now: Date): MyReviewSummary {
    const { assignment: a, round } = row;
    const phase = phaseOf(round, now);
    return {
      id: a.id,
      projectId: round.projectId,
      projectTitle: row.projectTitle,
      applicationTitle: applicant.redact(row.projectName ?? row.projectTitle),
      applicantName: applicant.name,
      status: a.status,
      phase,
      reviewStartsAt: iso(round.reviewStartsAt),
      reviewEndsAt: iso(round.reviewEndsAt),
      savedAt: iso(a.savedAt),
      submittedAt: iso(a.submittedAt),
      overdue: isOverdue(a.status, round, now),
    };
  }

  /**
   * The application as this expert may read it, with the uploads its shown answers reference
   * (in a blind round an identity field's files go with the field) under the names they see.
   */
  async function readable(row: MyAssignmentRow, redact: Redact) {
    const bundle = await loadBundle(db, row.assignment.applicationId);
    const { form } = await loadFormContext(db, bundle.application.projectId, bundle.application.formId, { hasApplication: true });
    const shown = row.round.blind ? blindApplication(form, bundle.application.data, redact) : { form, data: bundle.application.data };
    const referenced = new Set(referencedUploads(shown.form.fields, shown.data));
    const files = bundle.attachments
      .filter((upload) => referenced.has(upload.id))
      .map((upload, i) => ({ upload, name: row.round.blind ? neutralFileName(i + 1, upload.originalName) : upload.originalName }));
    return { ...shown, files };
  }

  async function content(row: MyAssignmentRow, redact: Redact): Promise<MyReview['application']> {
    const { form, data, files } = await readable(row, redact);
    return { form, data, files: files.map((f) => ({ id: f.upload.id, name: f.name, size: f.upload.size })) };
  }

  async function view(row: MyAssignmentRow): Promise<MyReview> {
    const { assignment: a, round } = row;
    const applicant = applicantView(row, (await applicantsOf(db, [row.userId])).get(row.userId));
    const peers =
      round.peerVisibility === 'after_submit' && a.status === 'submitted'
        ? (await peerReviews(db, a)).map((p, i) => ({
            label: peerLabel(i),
            scores: p.scores,
            total: p.total,
            recommendation: p.recommendation,
            commentToStaff: applicant.redact(p.commentToStaff),
          }))
        : null;
    return {
      ...summary(row, applicant, new Date()),
      blind: round.blind,
      criteria: round.criteria,
      applicantComments: round.applicantComments,
      conflictReason: a.conflictReason,
      application: hasContent(a.status) ? await content(row, applicant.redact) : null,
      review: {
        scores: a.scores,
        total: a.total,
        recommendation: a.recommendation,
        commentToStaff: a.commentToStaff,
        commentToApplicant: a.commentToApplicant,
        version: a.version,
      },
      peers,
    };
  }

  return {
    myReviewList: async ({ query, principal }) => {
      const expertId = await myExpertId(principal);
      const { rows, total } = await listMyAssignments(db, expertId, query);
      const now = new Date();
      const applicants = await applicantsOf(db, rows.map((r) => r.userId));
      const list = rows.map((row) => summary(row, applicantView(row, applicants.get(row.userId)), now));
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    myReviewGet: async ({ params, principal }) => view(await myAssignment(await myExpertId(principal), params.id)),

    myReviewDeclare: async ({ params, body, principal, req }) => {
      const expertId = await myExpertId(principal);
      await db.transaction(async (tx) => {
        const row = await findMyAssignment(tx, expertId, params.id);
        const a = row && (await lockAssignment(tx, row.assignment.id));
        if (!row || !a) throw notFound(NO_ASSIGNMENT);
        if (phaseOf(row.round) === 'closed') throw conflict('评审已结束，不能再声明');
        if (a.status !== 'assigned') throw conflict(`已声明过利益冲突（当前为「${ASSIGNMENT_STATUS_LABELS[a.status]}」），不能重复声明`);
        // Interests and enterprises may have changed since the assignment: the rules are asked again.
        const found = body.conflict ? null : await conflictNow(tx, { projectId: row.round.projectId, applicationId: a.applicationId, expertId });
        const isConflict = body.conflict || found !== null;
        const reason = body.conflict ? body.reason : found === null ? '' : `系统识别：${found}`;
        await updateAssignment(tx, a.id, { status: isConflict ? 'conflict' : 'declared', conflictReason: isConflict ? reason : null, declaredAt: new Date() });
        await audit(tx, principal, req, isConflict ? 'review.conflict' : 'review.declare', { type: 'review_assignment', id: a.id }, {
          conflict: isConflict,
          reason,
          found: found !== null,
          applicationId: a.applicationId,
          roundId: a.roundId,
        });
      });
      return view(await myAssignment(expertId, params.id));
    },

    myReviewSave: async ({ params, body, principal, req }) => {
      const expertId = await myExpertId(principal);
      await db.transaction(async (tx) => {
        const row = await findMyAssignment(tx, expertId, params.id);
        // Held to the end: of two saves of one version, the second sees the first's new version.
        const a = row && (await lockAssignment(tx, row.assignment.id));
        if (!row || !a) throw notFound(NO_ASSIGNMENT);
        const { round } = row;
        const phase = phaseOf(round);
        if (phase === 'assignment') throw conflict('评审尚未开始');
        if (phase === 'closed') throw conflict('评审已结束');
        if (a.status === 'submitted') throw conflict('评审已提交，如需修改请联系工作人员');
        if (a.status === 'assigned') throw conflict('请先声明是否存在利益冲突');
        if (a.status === 'conflict') throw conflict('已声明存在利益冲突，不能评审');
        if (a.version !== body.version) throw conflict('评审已在别处保存，请刷新后重试');

        const problems = scoreProblems(round.criteria, body.scores, body.submit);
        if (problems.length > 0) throw badRequest(firstProblem(problems), { scores: problems.join('；') });
        if (body.submit && !body.recommendation) throw badRequest('推荐意见：提交前请选择推荐意见', { recommendation: '提交前请选择推荐意见' });
        if (!round.applicantComments && body.commentToApplicant !== '') {
          throw badRequest('给申报人的意见：本轮评审不向申报人展示意见，请留空', { commentToApplicant: '本轮评审不向申报人展示意见，请留空' });
        }

        const now = new Date();
        const total = weightedTotal(round.criteria, body.scores);
        await updateAssignment(tx, a.id, {
          scores: body.scores,
          total,
          recommendation: body.recommendation,
          commentToStaff: body.commentToStaff,
          commentToApplicant: body.commentToApplicant,
          version: a.version + 1,
          savedAt: now,
          ...(body.submit ? { status: 'submitted' as const, submittedAt: now } : {}),
        });
        if (body.submit) {
          await audit(tx, principal, req, 'review.submit', { type: 'review_assignment', id: a.id }, {
            applicationId: a.applicationId,
            roundId: a.roundId,
            total,
            recommendation: body.recommendation,
          });
        }
      });
      return view(await myAssignment(expertId, params.id));
    },

    myReviewFile: async ({ params, principal, req, reply }) => {
      const row = await myAssignment(await myExpertId(principal), params.id);
      if (!hasContent(row.assignment.status)) throw forbidden('声明不存在利益冲突后才能查看申报材料');
      const applicant = applicantView(row, (await applicantsOf(db, [row.userId])).get(row.userId));
      const { files } = await readable(row, applicant.redact);
      const file = files.find((f) => f.upload.id === params.fileId);
      if (!file) throw notFound('文件不存在');
      const sent = await sendStoredFile(req, reply, storage, uploadFile(file.upload, file.name));
      if (!sent) throw notFound('文件不存在');
      return sent;
    },

    myProfile: async ({ principal }) => profile(await myExpertId(principal)),

    myProfileUpdate: async ({ body, principal, req }) => {
      const expertId = await myExpertId(principal);
      const ids = [...new Set(body.interestEnterpriseIds)];
      const known = await enterpriseNames(db, ids);
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        const message = `企业库中没有编号为 ${unknown.join('、')} 的企业`;
        throw badRequest(`关联企业：${message}`, { interestEnterpriseIds: message });
      }
      await db.transaction(async (tx) => {
        await updateInterests(tx, expertId, { declaredInterests: body.declaredInterests, interestEnterpriseIds: ids });
        await audit(tx, principal, req, 'expert.interests', { type: 'expert', id: expertId }, { declaredInterests: body.declaredInterests, interestEnterpriseIds: ids });
      });
      return profile(expertId);
    },
  };

  async function profile(expertId: number) {
    const expert = await findExpert(db, expertId);
    if (!expert) throw notFound('专家信息不存在');
    const names = await enterpriseNames(db, expert.interestEnterpriseIds);
    return {
      name: expert.name,
      title: expert.title,
      organisation: expert.organisation,
      specialities: expert.specialities,
      declaredInterests: expert.declaredInterests,
      interestEnterpriseIds: expert.interestEnterpriseIds,
      interestEnterprises: expert.interestEnterpriseIds.flatMap((id) => {
        const name = names.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
    };
  }
}
