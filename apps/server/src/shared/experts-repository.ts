// Experts of the library as the review needs them: their declared interests (enterprises of the
// library) and their review accounts. Used by the console's expert pages and the expert workspace.
import type { ExpertAccount } from '@flagship/api-client';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { enterprises, experts, reviewAssignments, staff, staffInvitations } from '../db/schema';
import { invalidFields } from '../http/errors';
import { iso } from '../lib/dates';

// --- Declared interests: enterprises of the library an expert works for or with. ---

/** Refuse ids that are not in the enterprise library; the ids without repeats. */
export async function checkInterestEnterprises(db: Executor, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = new Set((await db.select({ id: enterprises.id }).from(enterprises).where(inArray(enterprises.id, unique))).map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw invalidFields({ interestEnterpriseIds: `企业 ${missing.join('、')} 不在企业库中` });
  }
  return unique;
}

/** The library enterprises among `ids`, with their names, in the order given (deleted ones left out). */
export async function interestEnterprisesOf(db: Executor, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: enterprises.id, name: enterprises.name }).from(enterprises).where(inArray(enterprises.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// --- Review accounts. ---

const accountColumns = {
  staffId: staff.id,
  expertId: staff.expertId,
  account: staff.account,
  disabled: staff.disabled,
};

/** Each expert's account among `expertIds`, by expert. */
export async function expertAccountsOf(db: Executor, expertIds: readonly number[]): Promise<Map<number, ExpertAccount>> {
  if (expertIds.length === 0) return new Map();
  const members = await db.select(accountColumns).from(staff).where(inArray(staff.expertId, [...expertIds]));
  if (members.length === 0) return new Map();
  const invitations = await db
    .select({ staffId: staffInvitations.staffId, createdAt: staffInvitations.createdAt, acceptedAt: staffInvitations.acceptedAt })
    .from(staffInvitations)
    .where(inArray(staffInvitations.staffId, members.map((m) => m.staffId)))
    .orderBy(desc(staffInvitations.id));
  const accounts = new Map<number, ExpertAccount>();
  for (const m of members) {
    const mine = invitations.filter((i) => i.staffId === m.staffId);
    accounts.set(m.expertId!, {
      staffId: m.staffId,
      account: m.account,
      disabled: m.disabled,
      accepted: mine.some((i) => i.acceptedAt !== null),
      invitedAt: iso(mine[0]?.createdAt ?? new Date()),
    });
  }
  return accounts;
}

export async function expertAccountOf(db: Executor, expertId: number): Promise<ExpertAccount | null> {
  return (await expertAccountsOf(db, [expertId])).get(expertId) ?? null;
}

/** The expert's name, held until the transaction ends (an invitation and a deletion wait for each other). */
export async function lockExpert(tx: Executor, expertId: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await tx.select({ id: experts.id, name: experts.name }).from(experts).where(eq(experts.id, expertId)).for('update').limit(1);
  return row;
}

/** What keeps an expert in the library: a review account, and assignments. */
export async function expertTies(tx: Executor, expertId: number): Promise<{ account: boolean; assignments: number }> {
  const [[member], [assigned]] = await Promise.all([
    tx.select({ id: staff.id }).from(staff).where(eq(staff.expertId, expertId)).limit(1),
    tx.select({ n: count() }).from(reviewAssignments).where(eq(reviewAssignments.expertId, expertId)),
  ]);
  return { account: member !== undefined, assignments: assigned?.n ?? 0 };
}
