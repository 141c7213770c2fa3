import { EDITABLE_APPLY_STATUSES, WITHDRAWABLE_APPLY_STATUSES, type EligibilityCheck } from '@flagship/api-client';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, reviewAssignments, reviewRounds } from '../../db/schema';
import { prepared, preparedSql } from '../../db/prepared';
import { serialNumberSql, serialYear } from '../../db/serials';
import { rowsOf } from '../../lib/rows';
import type { ApplicationRow } from '../../shared/applications-repository';

export const EDITABLE = [...EDITABLE_APPLY_STATUSES];
// A returned application has been reviewed, so it can no longer be withdrawn.
export const WITHDRAWABLE = [...WITHDRAWABLE_APPLY_STATUSES];

/** A first save of a draft; nothing when the applicant already has a live application on the form. */
export async function insertApplication(
  db: Executor,
  values: { userId: number; projectId: number; formId: number; data: Record<string, unknown>; eligibility?: EligibilityCheck | undefined },
): Promise<ApplicationRow | undefined> {
  // The partial unique index (user, form) among live rows turns a second first save into no row.
  const [row] = await db
    .insert(applications)
    .values({ ...values, status: 'draft', version: 1 })
    .onConflictDoNothing()
    .returning();
  return row;
}

// The statement of every autosave after the first, built once per database (db/prepared.ts). It
// finds the applicant's live application to the form (there is at most one: the partial unique
// index) at the version they saw, so that an autosave needs no read before it. The status stays as
// it is (a draft, or an application returned for changes). The answers it wrote are the ones sent:
// they do not come back (a draft's answers, some kilobytes, were most of what the save read).
const { data: _answers, ...withoutAnswers } = getTableColumns(applications);
const saveDraft = prepared((db) =>
  db
    .update(applications)
    .set({ data: sql`${sql.placeholder('data')}::jsonb`, version: sql`${applications.version} + 1`, updatedAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(
      and(
        eq(applications.userId, sql.placeholder('userId')),
        eq(applications.formId, sql.placeholder('formId')),
        isNull(applications.deletedAt),
        eq(applications.version, sql.placeholder('version')),
        inArray(applications.status, EDITABLE),
      ),
    )
    .returning(withoutAnswers)
    .prepare('save_draft'),
);

/** A later save of my draft to a form; nothing when it moved on meanwhile (version, withdrawal, status) or there is none. */
export async function updateDraft(
  db: Executor,
  draft: { userId: number; formId: number; version: number; data: Record<string, unknown>; at: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await saveDraft(db).execute({ userId: draft.userId, formId: draft.formId, version: draft.version, data: JSON.stringify(draft.data), at: draft.at.toISOString() });
  return row && { ...row, data: draft.data };
}

export interface Submission {
  userId: number;
  projectId: number;
  formId: number;
  /**
   * The applicant's live application to the form being sent (a draft, or one returned for
   * changes), at the version they saw; none for a first save. Found by applicant, form and
   * version: a submission needs no read of it before.
   */
  existing?: { version: number };
  data: Record<string, unknown>;
  receiptHash: string;
  submittedAt: Date;
  eligibility?: EligibilityCheck | undefined;
  /** Uploads the data refers to: held (the orphan sweep waits) while the submission is written. */
  uploads: number[];
  /** What the audit trail keeps beside the serial number, receipt and version. */
  audit: { formId: number; declarationAccepted: boolean; ip: string };
}

const applicationColumns = Object.entries(getTableColumns(applications));

/** A raw `returning *` row of applications as Drizzle would have given it. */
function toApplicationRow(raw: Record<string, unknown>): ApplicationRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of applicationColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ApplicationRow;
}

/**
 * A submission in one statement: hold the uploads, lock the application at the version the applicant
 * saw (their live one to the form: there is at most one), take the next serial number (none for a
 * returned one, which keeps its own), write the row, the copy of what was sent and the audit line.
 * Submissions of one call all change the same rows (the serial counter, the dashboard's counters by
 * trigger), and each holds them until it commits: in one statement that is the statement's own
 * time, where a transaction held them across five round trips.
 * Nothing when the application moved on or an upload is gone; the statement is atomic, so a serial
 * number is taken only with the row that carries it (no gap). A first save that is a submission
 * meeting another live application of the form fails on the unique index, undoing its serial too.
 */
export async function submitApplication(db: Executor, s: Submission): Promise<ApplicationRow | undefined> {
  const uploads = [...new Set(s.uploads)];
  const result = await (s.existing ? submitExisting : submitFirst)(db).execute({
    userId: s.userId,
    projectId: s.projectId,
    formId: s.formId,
    version: s.existing?.version ?? 0,
    // An array literal as text: both drivers send text alike, an array parameter they do not.
    uploads: `{${uploads.join(',')}}`,
    uploadCount: uploads.length,
    year: serialYear(s.submittedAt),
    at: s.submittedAt.toISOString(),
    data: JSON.stringify(s.data),
    eligibility: s.eligibility === undefined ? null : JSON.stringify(s.eligibility),
    receiptHash: s.receiptHash,
    auditFormId: s.audit.formId,
    declarationAccepted: s.audit.declarationAccepted,
    ip: s.audit.ip,
  });
  const [raw] = rowsOf<Record<string, unknown>>(result);
  return raw && toApplicationRow(raw);
}

// The two forms of the submission's statement, each made into text once (db/prepared.ts): building
// it on every submission was a twentieth of the server's time per submission in the profile.
const value = (name: string) => sql.placeholder(name);
const at = sql`${value('at')}::timestamptz`;
const data = sql`${value('data')}::jsonb`;
const serial = sql`(select ${serialNumberSql(value('year'), sql`last`)} from serial)`;
const held = sql`held as (select id from uploads where id = any(${value('uploads')}::text::integer[]) for key share)`;
const allHeld = sql`(select count(*) from held) = ${value('uploadCount')}`;
const rest = sql`copy as (
      insert into application_submissions (application_id, version, data, receipt_hash, submitted_at)
      select id, version, data, receipt_hash, submitted_at from saved
    ),
    audit as (
      insert into audit_logs (actor_kind, actor_id, action, object_type, object_id, detail, ip)
      select 'user', ${value('userId')}::integer, 'application.submit', 'application', saved.id::text,
        jsonb_build_object('serialNumber', saved.serial_number, 'sha256', saved.receipt_hash, 'version', saved.version,
          'formId', ${value('auditFormId')}::integer, 'declarationAccepted', ${value('declarationAccepted')}::boolean),
        ${value('ip')} from saved
    )
    select * from saved`;
const submitExisting = preparedSql(sql`with ${held},
    target as (
      select id, serial_number from applications
      where user_id = ${value('userId')} and form_id = ${value('formId')} and version = ${value('version')} and deleted_at is null
        and status in (${sql.join(EDITABLE.map((status) => sql`${status}`), sql`, `)}) and ${allHeld}
      for update
    ),
    serial as (
      insert into application_serials as c (year, last) select ${value('year')}::integer, 1 from target where target.serial_number is null
      on conflict (year) do update set last = c.last + 1 returning last
    ),
    saved as (
      update applications a set data = ${data}, status = 'submitted', version = a.version + 1, submitted_at = ${at},
        receipt_hash = ${value('receiptHash')}, eligibility = coalesce(${value('eligibility')}::jsonb, a.eligibility), updated_at = ${at},
        serial_number = coalesce(a.serial_number, ${serial})
      from target where a.id = target.id
      returning a.*
    ),
    ${rest}`);
const submitFirst = preparedSql(sql`with ${held},
    target as (select 1 where ${allHeld}),
    serial as (
      insert into application_serials as c (year, last) select ${value('year')}::integer, 1 from target
      on conflict (year) do update set last = c.last + 1 returning last
    ),
    saved as (
      insert into applications (user_id, project_id, form_id, data, status, version, submitted_at, receipt_hash, eligibility, serial_number)
      select ${value('userId')}, ${value('projectId')}, ${value('formId')}, ${data}, 'submitted', 1, ${at}, ${value('receiptHash')}, ${value('eligibility')}::jsonb, ${serial} from target
      returning *
    ),
    ${rest}`);

/**
 * Soft delete: the row and everything it held stay for the audit trail, and the form is free for a
 * new application. A deleted draft leaves the applicant's list; a withdrawn submission stays in it
 * with its receipt (`LISTED` in shared/applications-repository.ts). False when it moved on meanwhile.
 */
export async function withdrawApplication(tx: Executor, id: number): Promise<boolean> {
  const [done] = await tx
    .update(applications)
    .set({ status: 'withdrawn', deletedAt: new Date(), version: sql`${applications.version} + 1` })
    .where(and(eq(applications.id, id), isNull(applications.deletedAt), inArray(applications.status, WITHDRAWABLE)))
    .returning({ id: applications.id });
  return done !== undefined;
}

/**
 * The experts' comments meant for the applicant on an application of the call's current round,
 * from submitted reviews, when that round lets the applicant see them. Never who wrote them.
 */
export async function commentsToApplicant(db: Executor, projectId: number, applicationId: number): Promise<string[]> {
  const [round] = await db
    .select({ id: reviewRounds.id, applicantComments: reviewRounds.applicantComments })
    .from(reviewRounds)
    .where(eq(reviewRounds.projectId, projectId))
    .orderBy(desc(reviewRounds.number))
    .limit(1);
  if (!round?.applicantComments) return [];
  const rows = await db
    .select({ comment: reviewAssignments.commentToApplicant })
    .from(reviewAssignments)
    .where(
      and(
        eq(reviewAssignments.roundId, round.id),
        eq(reviewAssignments.applicationId, applicationId),
        eq(reviewAssignments.status, 'submitted'),
        ne(sql`btrim(${reviewAssignments.commentToApplicant})`, ''),
      ),
    )
    // By text: no order that hints at which expert wrote which.
    .orderBy(asc(reviewAssignments.commentToApplicant));
  return rows.map((r) => r.comment.trim());
}

/** A unique index refused the write (PostgreSQL's 23505), whichever driver reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | undefined)?.cause) === '23505';
}
