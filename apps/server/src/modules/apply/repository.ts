import { EDITABLE_APPLY_STATUSES, WITHDRAWABLE_APPLY_STATUSES, type ApplyStatus, type EligibilityCheck } from '@flagship/api-client';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, applicationSubmissions, reviewAssignments, reviewRounds } from '../../db/schema';
import { nextSerial } from '../../db/serials';
import type { ApplicationRow } from '../../shared/applications-repository';

export const EDITABLE = [...EDITABLE_APPLY_STATUSES];
// A returned application has been reviewed, so it can no longer be withdrawn.
export const WITHDRAWABLE = [...WITHDRAWABLE_APPLY_STATUSES];

interface Content {
  data: Record<string, unknown>;
  status: ApplyStatus;
  submittedAt?: Date;
  receiptHash?: string;
  /** Set when the answers were checked (first save, submission); left as it was otherwise. */
  eligibility?: EligibilityCheck;
}

/** A first save; nothing when the applicant already has a live application on the form. */
export async function insertApplication(tx: Executor, values: Content & { userId: number; projectId: number; formId: number }): Promise<ApplicationRow | undefined> {
  // The partial unique index (user, form) among live rows turns a second first save into no row.
  const [row] = await tx
    .insert(applications)
    .values({ ...values, version: 1 })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A later save; nothing when the application moved on meanwhile (version, withdrawal, status). */
export async function updateApplication(tx: Executor, id: number, version: number, values: Content): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(applications)
    .set({ ...values, version: sql`${applications.version} + 1` })
    .where(and(eq(applications.id, id), eq(applications.version, version), isNull(applications.deletedAt), inArray(applications.status, EDITABLE)))
    .returning();
  return row;
}

/** A submission's record: the serial number and a copy of what was sent. Returns the serial number. */
export async function recordSubmission(
  tx: Executor,
  row: ApplicationRow,
  submission: { data: Record<string, unknown>; receiptHash: string; submittedAt: Date },
): Promise<string> {
  // A returned application keeps the number it was first given.
  const serialNumber = row.serialNumber ?? (await nextSerial(tx, submission.submittedAt));
  if (!row.serialNumber) await tx.update(applications).set({ serialNumber }).where(eq(applications.id, row.id));
  await tx.insert(applicationSubmissions).values({ applicationId: row.id, version: row.version, ...submission });
  return serialNumber;
}

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
