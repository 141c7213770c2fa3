import { CURRENT_ROUND } from '../../../shared/review-rounds-repository';
import { ENTERPRISE_AUTH_STATUS, type AssignmentStatus } from '@flagship/api-client';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { applications, enterpriseAuthentications, enterprises, experts, projects, reviewAssignments, reviewRounds, staff, users } from '../../../db/schema';
import { pageWindow } from '../../../lib/paging';
import { SENT_TO_STAFF } from '../../../shared/sent-to-staff-repository';

export type AssignmentRow = typeof reviewAssignments.$inferSelect;
export type RoundRow = typeof reviewRounds.$inferSelect;

/** The library entry an expert account reviews as; undefined for any other account. */
export async function expertIdOf(db: Executor, staffId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ expertId: staff.expertId })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.role, 'expert')))
    .limit(1);
  return row?.expertId ?? undefined;
}

/** The application's project name (the `projectName` answer), or null. */
const projectNameAnswer = sql<string | null>`nullif(btrim(${applications.data}->>'projectName'), '')`;

const assignmentSelect = (db: Executor) =>
  db
    .select({
      assignment: reviewAssignments,
      round: reviewRounds,
      projectTitle: projects.title,
      projectName: projectNameAnswer,
      userId: applications.userId,
    })
    .from(reviewAssignments)
    .innerJoin(reviewRounds, eq(reviewRounds.id, reviewAssignments.roundId))
    .innerJoin(projects, eq(projects.id, reviewRounds.projectId))
    .innerJoin(applications, eq(applications.id, reviewAssignments.applicationId));

export type MyAssignmentRow = Awaited<ReturnType<ReturnType<typeof assignmentSelect>['where']>>[number];

/**
 * Only assignments of the call's current round, on applications still with staff: a deleted or
 * withdrawn one is gone for the expert too.
 */
const visibleTo = (expertId: number): SQL =>
  and(eq(reviewAssignments.expertId, expertId), SENT_TO_STAFF, isNull(applications.deletedAt), ne(applications.status, 'withdrawn'), CURRENT_ROUND) as SQL;

/** The expert's assignments: work still to do first, by the nearest deadline. */
export async function listMyAssignments(db: Executor, expertId: number, query: { status?: AssignmentStatus; page: number; pageSize: number }) {
  const where = and(visibleTo(expertId), query.status ? eq(reviewAssignments.status, query.status) : undefined);
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    assignmentSelect(db)
      .where(where)
      .orderBy(sql`${reviewAssignments.status} in ('assigned', 'declared') desc`, asc(reviewRounds.reviewEndsAt), asc(reviewAssignments.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(reviewAssignments)
      .innerJoin(reviewRounds, eq(reviewRounds.id, reviewAssignments.roundId))
      .innerJoin(applications, eq(applications.id, reviewAssignments.applicationId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One of the expert's assignments; someone else's is undefined, like a missing one. */
export async function findMyAssignment(db: Executor, expertId: number, id: number): Promise<MyAssignmentRow | undefined> {
  const [row] = await assignmentSelect(db)
    .where(and(eq(reviewAssignments.id, id), visibleTo(expertId)))
    .limit(1);
  return row;
}

/** The assignment row held until the transaction ends (saves of one review queue up here). */
export async function lockAssignment(tx: Executor, id: number): Promise<AssignmentRow | undefined> {
  const [row] = await tx.select().from(reviewAssignments).where(eq(reviewAssignments.id, id)).for('update').limit(1);
  return row;
}

export async function updateAssignment(tx: Executor, id: number, values: Partial<typeof reviewAssignments.$inferInsert>): Promise<void> {
  await tx.update(reviewAssignments).set(values).where(eq(reviewAssignments.id, id));
}

/** The other experts' submitted reviews of the same application in the same round, in the order they came in. */
export function peerReviews(db: Executor, own: AssignmentRow): Promise<AssignmentRow[]> {
  return db
    .select()
    .from(reviewAssignments)
    .where(
      and(
        eq(reviewAssignments.roundId, own.roundId),
        eq(reviewAssignments.applicationId, own.applicationId),
        ne(reviewAssignments.id, own.id),
        eq(reviewAssignments.status, 'submitted'),
      ),
    )
    .orderBy(asc(reviewAssignments.submittedAt), asc(reviewAssignments.id));
}

export interface Applicant {
  /** How staff know the applicant: the enterprise, else the person, else the account. */
  displayName: string;
  /** Every name, account and contact of the applicant that may turn up in text. */
  identityTerms: string[];
}

/** The applicants of `userIds`, by user id (three queries whatever their number). */
export async function applicantsOf(db: Executor, userIds: readonly number[]): Promise<Map<number, Applicant>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [people, libraryEntries, authentications] = await Promise.all([
    db.select({ id: users.id, account: users.account, name: users.name, email: users.email, mobile: users.mobile }).from(users).where(inArray(users.id, ids)),
    db
      .select({ userId: enterprises.userId, name: enterprises.name, legal: enterprises.legalRepresentative, address: enterprises.address })
      .from(enterprises)
      .where(inArray(enterprises.userId, ids))
      .orderBy(asc(enterprises.id)),
    db
      .select({
        userId: enterpriseAuthentications.userId,
        name: enterpriseAuthentications.enterpriseName,
        status: enterpriseAuthentications.status,
        legal: enterpriseAuthentications.legalRepresentative,
        contact: enterpriseAuthentications.contactName,
        phone: enterpriseAuthentications.contactPhone,
        address: enterpriseAuthentications.address,
        creditCode: enterpriseAuthentications.creditCode,
      })
      .from(enterpriseAuthentications)
      .where(inArray(enterpriseAuthentications.userId, ids))
      .orderBy(desc(enterpriseAuthentications.id)),
  ]);
  const applicants = new Map<number, Applicant>();
  for (const user of people) {
    const entries = libraryEntries.filter((e) => e.userId === user.id);
    const auths = authentications.filter((a) => a.userId === user.id);
    const authenticated = auths.find((a) => a.status === ENTERPRISE_AUTH_STATUS.SUCCESS);
    const terms = [
      user.account,
      user.name,
      user.email,
      user.mobile,
      ...entries.flatMap((e) => [e.name, e.legal, e.address]),
      ...auths.flatMap((a) => [a.name, a.legal, a.contact, a.phone, a.address, a.creditCode]),
    ].filter((t) => t.trim() !== '');
    applicants.set(user.id, { displayName: entries[0]?.name || authenticated?.name || user.name || user.account, identityTerms: [...new Set(terms)] });
  }
  return applicants;
}

export async function findExpert(db: Executor, expertId: number) {
  const [row] = await db
    .select({
      name: experts.name,
      title: experts.title,
      organisation: experts.organisation,
      specialities: experts.specialities,
      declaredInterests: experts.declaredInterests,
      interestEnterpriseIds: experts.interestEnterpriseIds,
    })
    .from(experts)
    .where(eq(experts.id, expertId))
    .limit(1);
  return row;
}

/** Enterprises of the library among `ids`, by id. */
export async function enterpriseNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: enterprises.id, name: enterprises.name })
    .from(enterprises)
    .where(inArray(enterprises.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function updateInterests(db: Executor, expertId: number, values: { declaredInterests: string; interestEnterpriseIds: number[] }): Promise<void> {
  await db
    .update(experts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(experts.id, expertId));
}
