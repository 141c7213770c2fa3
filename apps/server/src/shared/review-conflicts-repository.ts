// What the conflict rules read: the call's applications with their applicants' names and
// enterprises, the experts with their accounts and interests, and who applies to the call. Read
// once for a whole assignment, or for one pair when an expert declares.
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { applications, enterpriseAuthentications, enterprises, experts, staff, users } from '../db/schema';
import { callAccounts, conflictOf, prepareApplication, prepareExpert } from './review-conflicts';
import { SENT_TO_STAFF } from './sent-to-staff-repository';

export interface AssignableApplication {
  id: number;
  status: string;
  userId: number;
  /** Enterprise names and the applicant's own name: compared with experts' organisations. */
  names: string[];
  enterpriseIds: number[];
}

/** Sent applications of a call (all of them, or those among `ids`), not deleted. */
export async function applicationsForAssignment(db: Executor, projectId: number, ids: number[] | undefined): Promise<AssignableApplication[]> {
  const rows = await db
    .select({ id: applications.id, status: applications.status, userId: applications.userId, name: users.name })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(and(eq(applications.projectId, projectId), SENT_TO_STAFF, isNull(applications.deletedAt), ids ? inArray(applications.id, ids) : undefined))
    .orderBy(asc(applications.id));
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const names = new Map<number, string[]>();
  const enterpriseIds = new Map<number, number[]>();
  const add = <T>(map: Map<number, T[]>, key: number | null, value: T) => {
    if (key === null) return;
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  if (userIds.length > 0) {
    const [library, authentications] = await Promise.all([
      db.select({ id: enterprises.id, userId: enterprises.userId, name: enterprises.name }).from(enterprises).where(inArray(enterprises.userId, userIds)),
      db
        .select({ userId: enterpriseAuthentications.userId, name: enterpriseAuthentications.enterpriseName })
        .from(enterpriseAuthentications)
        .where(inArray(enterpriseAuthentications.userId, userIds)),
    ]);
    for (const e of library) {
      add(names, e.userId, e.name);
      add(enterpriseIds, e.userId, e.id);
    }
    for (const a of authentications) add(names, a.userId, a.name);
  }
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    userId: r.userId,
    names: [r.name, ...(names.get(r.userId) ?? [])],
    enterpriseIds: enterpriseIds.get(r.userId) ?? [],
  }));
}

/** Everyone with an application in the call (drafts too): an expert among them is an applicant. */
export function applicantsOfCall(db: Executor, projectId: number): Promise<{ account: string; email: string; mobile: string }[]> {
  return db
    .selectDistinct({ account: users.account, email: users.email, mobile: users.mobile })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(and(eq(applications.projectId, projectId), isNull(applications.deletedAt)));
}

export interface AssignableExpert {
  id: number;
  name: string;
  organisation: string;
  declaredInterests: string;
  interestEnterpriseIds: number[];
  specialities: string[];
  categoryId: number | null;
  /** The enabled review account, or null without one (or when disabled). */
  account: string | null;
}

/** Experts of the library (all with an enabled review account, or those among `ids`). */
export async function expertsForAssignment(db: Executor, ids: number[] | undefined): Promise<AssignableExpert[]> {
  const rows = await db
    .select({
      id: experts.id,
      name: experts.name,
      organisation: experts.organisation,
      declaredInterests: experts.declaredInterests,
      interestEnterpriseIds: experts.interestEnterpriseIds,
      specialities: experts.specialities,
      categoryId: experts.categoryId,
      account: staff.account,
      disabled: staff.disabled,
    })
    .from(experts)
    .leftJoin(staff, and(eq(staff.expertId, experts.id), eq(staff.role, 'expert')))
    .where(ids ? inArray(experts.id, ids) : and(isNotNull(staff.id), eq(staff.disabled, false)))
    .orderBy(asc(experts.id));
  return rows.map(({ disabled, account, ...e }) => ({ ...e, account: account && !disabled ? account : null }));
}

/** The automatic conflict between one expert and one application now (interests change), or null. */
export async function conflictNow(db: Executor, pair: { projectId: number; applicationId: number; expertId: number }): Promise<string | null> {
  const [[application], [expert], applicants] = await Promise.all([
    applicationsForAssignment(db, pair.projectId, [pair.applicationId]),
    expertsForAssignment(db, [pair.expertId]),
    applicantsOfCall(db, pair.projectId),
  ]);
  if (!application || !expert) return null;
  return conflictOf(prepareExpert(expert), prepareApplication(application), callAccounts(applicants));
}
