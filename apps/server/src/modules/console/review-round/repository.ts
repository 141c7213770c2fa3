import type { AssignmentStatus, ReviewAssignment, ReviewRecommendation, ReviewRound } from '@flagship/api-client';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { applications, categories, experts, projects, reviewAssignments, reviewRounds, staff, users } from '../../../db/schema';
import { iso } from '../../../lib/dates';
import { rowsOf } from '../../../lib/rows';
import { pageWindow } from '../../../lib/paging';
import { likePattern } from '../../../shared/like-pattern';
import { CURRENT_ROUND } from '../../../shared/review-rounds-repository';
import { isOverdue, phaseOf } from '../../../shared/review-scoring';
import { SENT_TO_STAFF } from '../../../shared/sent-to-staff-repository';

export type RoundRow = typeof reviewRounds.$inferSelect;
export type RoundValues = Omit<typeof reviewRounds.$inferInsert, 'id' | 'projectId' | 'number' | 'createdAt' | 'updatedAt'>;

/** Statuses of an application under review: what experts may be assigned to. */
export const IN_REVIEW = ['submitted', 'reviewing'] as const;

export async function findCall(db: Executor, id: number): Promise<{ id: number; title: string; categoryId: number | null; categoryName: string | null } | undefined> {
  const [row] = await db
    .select({ id: projects.id, title: projects.title, categoryId: projects.categoryId, categoryName: categories.name })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .where(eq(projects.id, id))
    .limit(1);
  return row;
}

/** The call's current round (the highest number); locked when `forUpdate`. */
export async function currentRound(db: Executor, projectId: number, forUpdate = false): Promise<RoundRow | undefined> {
  const query = db.select().from(reviewRounds).where(eq(reviewRounds.projectId, projectId)).orderBy(desc(reviewRounds.number)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findRound(db: Executor, id: number): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(reviewRounds).where(eq(reviewRounds.id, id)).limit(1);
  return row;
}

/** A score is in: some review of the round was saved or submitted. */
export async function isFrozen(db: Executor, roundId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reviewAssignments.id })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.roundId, roundId), or(isNotNull(reviewAssignments.savedAt), eq(reviewAssignments.status, 'submitted'))))
    .limit(1);
  return row !== undefined;
}

export function toReviewRound(r: RoundRow, frozen: boolean, now: Date): ReviewRound {
  return {
    id: r.id,
    projectId: r.projectId,
    number: r.number,
    criteria: r.criteria,
    applicantComments: r.applicantComments,
    blind: r.blind,
    peerVisibility: r.peerVisibility,
    reviewStartsAt: iso(r.reviewStartsAt),
    reviewEndsAt: iso(r.reviewEndsAt),
    expertsPerApplication: r.expertsPerApplication,
    disagreementThreshold: r.disagreementThreshold,
    reminderDaysBefore: r.reminderDaysBefore,
    phase: phaseOf(r, now),
    frozen,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** A new round; undefined when that number was just taken by someone else. */
export async function insertRound(tx: Executor, projectId: number, number: number, values: RoundValues): Promise<RoundRow | undefined> {
  const [row] = await tx
    .insert(reviewRounds)
    .values({ ...values, projectId, number })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateRound(tx: Executor, id: number, values: Partial<RoundValues>): Promise<RoundRow> {
  const [row] = await tx
    .update(reviewRounds)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reviewRounds.id, id))
    .returning();
  if (!row) throw new Error('Review round was not updated');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Assignments as staff see them.

/** The project name the applicant gave, else the call's title. */
const applicationTitle = sql<string>`coalesce(nullif(${applications.data}->>'projectName', ''), ${projects.title})`;

const assignmentSelect = (db: Executor) =>
  db
    .select({
      id: reviewAssignments.id,
      roundId: reviewAssignments.roundId,
      applicationId: reviewAssignments.applicationId,
      serialNumber: applications.serialNumber,
      applicationTitle,
      applicantName: users.name,
      applicantAccount: users.account,
      expertId: reviewAssignments.expertId,
      expertName: experts.name,
      status: reviewAssignments.status,
      conflictReason: reviewAssignments.conflictReason,
      declaredAt: reviewAssignments.declaredAt,
      savedAt: reviewAssignments.savedAt,
      submittedAt: reviewAssignments.submittedAt,
      total: reviewAssignments.total,
      recommendation: reviewAssignments.recommendation,
      reviewEndsAt: reviewRounds.reviewEndsAt,
    })
    .from(reviewAssignments)
    .innerJoin(reviewRounds, eq(reviewRounds.id, reviewAssignments.roundId))
    .innerJoin(applications, eq(applications.id, reviewAssignments.applicationId))
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(experts, eq(experts.id, reviewAssignments.expertId));

type AssignmentRow = Awaited<ReturnType<ReturnType<typeof assignmentSelect>['where']>>[number];

export function toReviewAssignment(a: AssignmentRow, now: Date): ReviewAssignment {
  return {
    id: a.id,
    applicationId: a.applicationId,
    serialNumber: a.serialNumber,
    applicationTitle: a.applicationTitle,
    applicantName: a.applicantName || a.applicantAccount,
    expertId: a.expertId,
    expertName: a.expertName,
    status: a.status,
    conflictReason: a.conflictReason,
    declaredAt: iso(a.declaredAt),
    savedAt: iso(a.savedAt),
    submittedAt: iso(a.submittedAt),
    total: a.total,
    recommendation: a.recommendation,
    overdue: isOverdue(a.status, a, now),
  };
}

export interface AssignmentFilter {
  status?: AssignmentStatus;
  expertId?: number;
  applicationId?: number;
  keyword?: string;
  page: number;
  pageSize: number;
}

export async function listAssignments(db: Database, roundId: number, q: AssignmentFilter, now: Date) {
  const where = and(
    eq(reviewAssignments.roundId, roundId),
    q.status ? eq(reviewAssignments.status, q.status) : undefined,
    q.expertId ? eq(reviewAssignments.expertId, q.expertId) : undefined,
    q.applicationId ? eq(reviewAssignments.applicationId, q.applicationId) : undefined,
    q.keyword
      ? or(
          sql`${applications.serialNumber} ilike ${likePattern(q.keyword)}`,
          sql`${applications.data}->>'projectName' ilike ${likePattern(q.keyword)}`,
          sql`${experts.name} ilike ${likePattern(q.keyword)}`,
        )
      : undefined,
  ) as SQL;
  const { limit, offset } = pageWindow(q.page, q.pageSize);
  const [rows, [total]] = await Promise.all([
    assignmentSelect(db).where(where).orderBy(asc(applications.serialNumber), asc(applications.id), asc(experts.name), asc(reviewAssignments.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(reviewAssignments)
      .innerJoin(applications, eq(applications.id, reviewAssignments.applicationId))
      .innerJoin(experts, eq(experts.id, reviewAssignments.expertId))
      .where(where),
  ]);
  return { list: rows.map((r) => toReviewAssignment(r, now)), total: total?.n ?? 0 };
}

export async function findAssignment(db: Executor, id: number): Promise<AssignmentRow | undefined> {
  const [row] = await assignmentSelect(db).where(eq(reviewAssignments.id, id)).limit(1);
  return row;
}

/** An assignment locked for a change, with its round and whether that round is still its call's current one. */
export async function lockAssignment(tx: Executor, id: number) {
  const [row] = await tx
    .select({ assignment: reviewAssignments, round: reviewRounds, current: sql<boolean>`${CURRENT_ROUND}` })
    .from(reviewAssignments)
    .innerJoin(reviewRounds, eq(reviewRounds.id, reviewAssignments.roundId))
    .where(eq(reviewAssignments.id, id))
    .for('update', { of: reviewAssignments })
    .limit(1);
  return row;
}

export async function deleteAssignment(tx: Executor, id: number): Promise<void> {
  await tx.delete(reviewAssignments).where(eq(reviewAssignments.id, id));
}

/** Back to the expert: scores and comments stay, the submission is undone. */
export async function reopenAssignment(tx: Executor, id: number): Promise<void> {
  await tx
    .update(reviewAssignments)
    .set({ status: 'declared', submittedAt: null, version: sql`${reviewAssignments.version} + 1` })
    .where(eq(reviewAssignments.id, id));
}

// ---------------------------------------------------------------------------------------------
// What assigning needs, read once: the call's applications with their applicants' names and the
// experts with their accounts and interests (shared/review-conflicts-repository.ts), and the
// round's assignments so far.

export interface ExistingAssignment {
  applicationId: number;
  expertId: number;
  status: AssignmentStatus;
}

/**
 * The round's assignments, and before them every conflict declared on the call in an earlier
 * round: a declared conflict holds for the application, whichever round asks again.
 */
export function assignmentsOfRound(db: Executor, round: { id: number; projectId: number }): Promise<ExistingAssignment[]> {
  return db
    .select({ applicationId: reviewAssignments.applicationId, expertId: reviewAssignments.expertId, status: reviewAssignments.status })
    .from(reviewAssignments)
    .innerJoin(reviewRounds, eq(reviewRounds.id, reviewAssignments.roundId))
    .where(and(eq(reviewRounds.projectId, round.projectId), or(eq(reviewAssignments.roundId, round.id), eq(reviewAssignments.status, 'conflict'))))
    .orderBy(sql`${reviewAssignments.roundId} = ${round.id}`);
}

const INSERT_BATCH = 5000;

/**
 * New assignments, a batch per statement through arrays (row-by-row values cost seconds for
 * thousands on PGlite); pairs assigned meanwhile are left as they are.
 */
export async function insertAssignments(tx: Executor, roundId: number, pairs: { applicationId: number; expertId: number }[], assignedBy: number): Promise<number> {
  let created = 0;
  for (let i = 0; i < pairs.length; i += INSERT_BATCH) {
    const batch = pairs.slice(i, i + INSERT_BATCH);
    const applicationIds = `{${batch.map((p) => p.applicationId).join(',')}}`;
    const expertIds = `{${batch.map((p) => p.expertId).join(',')}}`;
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into ${reviewAssignments} (round_id, application_id, expert_id, assigned_by)
        select ${roundId}::int, pair.application_id, pair.expert_id, ${assignedBy}::int
        from unnest(${applicationIds}::int[], ${expertIds}::int[]) as pair(application_id, expert_id)
        on conflict do nothing
        returning id`),
    );
    created += rows.length;
  }
  return created;
}

/** Non-conflict assignments of the round per expert. */
export async function loadsOfRound(db: Executor, roundId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ expertId: reviewAssignments.expertId, n: count() })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.roundId, roundId), ne(reviewAssignments.status, 'conflict')))
    .groupBy(reviewAssignments.expertId);
  return new Map(rows.map((r) => [r.expertId, r.n]));
}

// ---------------------------------------------------------------------------------------------
// Progress and ranking.

export async function progressOfRound(db: Database, roundId: number) {
  return db
    .select({
      expertId: reviewAssignments.expertId,
      expertName: experts.name,
      account: staff.account,
      status: reviewAssignments.status,
      n: count(),
    })
    .from(reviewAssignments)
    .innerJoin(experts, eq(experts.id, reviewAssignments.expertId))
    .leftJoin(staff, and(eq(staff.expertId, experts.id), eq(staff.role, 'expert')))
    .where(eq(reviewAssignments.roundId, roundId))
    .groupBy(reviewAssignments.expertId, experts.name, staff.account, reviewAssignments.status)
    .orderBy(asc(experts.name), asc(reviewAssignments.expertId));
}

export interface RankingSource {
  applicationId: number;
  serialNumber: string | null;
  applicationTitle: string;
  applicantName: string;
  status: (typeof applications.$inferSelect)['status'];
  assigned: number;
  /** Totals of the submitted reviews. */
  totals: number[];
  recommendations: ReviewRecommendation[];
}

/**
 * Every application of the call sent to staff (not withdrawn, not deleted), with its round's
 * assignments grouped by the database, read apart (a join on the grouped subquery was planned as
 * a nested loop: seconds on a call of thousands).
 */
export async function rankingSource(db: Database, projectId: number, roundId: number | null): Promise<RankingSource[]> {
  const [rows, reviews] = await Promise.all([
    db
      .select({
        applicationId: applications.id,
        serialNumber: applications.serialNumber,
        applicationTitle,
        applicantName: users.name,
        account: users.account,
        status: applications.status,
      })
      .from(applications)
      .innerJoin(projects, eq(projects.id, applications.projectId))
      .innerJoin(users, eq(users.id, applications.userId))
      .where(and(eq(applications.projectId, projectId), SENT_TO_STAFF, isNull(applications.deletedAt), ne(applications.status, 'withdrawn'))),
    roundId === null
      ? []
      : db
          .select({
            applicationId: reviewAssignments.applicationId,
            assigned: sql<number>`(count(*) filter (where ${reviewAssignments.status} <> 'conflict'))::int`,
            totals: sql<string | null>`string_agg(${reviewAssignments.total}::text, ',') filter (where ${reviewAssignments.status} = 'submitted' and ${reviewAssignments.total} is not null)`,
            recommendations: sql<string | null>`string_agg(${reviewAssignments.recommendation}, ',') filter (where ${reviewAssignments.status} = 'submitted' and ${reviewAssignments.recommendation} is not null)`,
          })
          .from(reviewAssignments)
          .where(eq(reviewAssignments.roundId, roundId))
          .groupBy(reviewAssignments.applicationId),
  ]);
  const byApplication = new Map<number, RankingSource>(
    rows.map((r) => [
      r.applicationId,
      { applicationId: r.applicationId, serialNumber: r.serialNumber, applicationTitle: r.applicationTitle, applicantName: r.applicantName || r.account, status: r.status, assigned: 0, totals: [], recommendations: [] },
    ]),
  );
  for (const r of reviews) {
    const row = byApplication.get(r.applicationId);
    if (!row) continue;
    row.assigned = r.assigned;
    row.totals = r.totals ? r.totals.split(',').map(Number) : [];
    row.recommendations = r.recommendations ? (r.recommendations.split(',') as ReviewRecommendation[]) : [];
  }
  return [...byApplication.values()];
}

// ---------------------------------------------------------------------------------------------
// Import: what serial numbers and expert accounts of a sheet stand for.

/** Sent applications of the call by serial number (not deleted). */
export async function applicationIdsBySerial(db: Executor, projectId: number, serials: string[]): Promise<Map<string, number>> {
  if (serials.length === 0) return new Map();
  const rows = await db
    .select({ id: applications.id, serialNumber: applications.serialNumber })
    .from(applications)
    .where(and(eq(applications.projectId, projectId), SENT_TO_STAFF, isNull(applications.deletedAt), inArray(applications.serialNumber, serials)));
  return new Map(rows.map((r) => [r.serialNumber as string, r.id]));
}

/** Experts by their review account (disabled ones too: assigning reports them). */
export async function expertIdsByAccount(db: Executor, accounts: string[]): Promise<Map<string, number>> {
  if (accounts.length === 0) return new Map();
  const rows = await db
    .select({ account: staff.account, expertId: staff.expertId })
    .from(staff)
    .where(and(eq(staff.role, 'expert'), isNotNull(staff.expertId), inArray(staff.account, accounts)));
  return new Map(rows.map((r) => [r.account, r.expertId as number]));
}
