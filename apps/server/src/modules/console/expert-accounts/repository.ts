import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/client';
import { staff, staffInvitations } from '../../../db/schema';

type StaffRow = typeof staff.$inferSelect;

/** The expert's review account, held until the transaction ends. */
export async function lockExpertStaff(tx: Executor, expertId: number): Promise<StaffRow | undefined> {
  const [row] = await tx.select().from(staff).where(eq(staff.expertId, expertId)).for('update').limit(1);
  return row;
}

/** Whether a staff member other than `staffId` signs in with `account`. */
export async function accountTaken(tx: Executor, account: string, staffId: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.account, account), staffId === null ? undefined : ne(staff.id, staffId)))
    .limit(1);
  return row !== undefined;
}

/** A new expert account; undefined when the account is taken. */
export async function insertExpertStaff(tx: Executor, values: { account: string; name: string; expertId: number; passwordHash: string }): Promise<number | undefined> {
  const [row] = await tx
    .insert(staff)
    .values({ ...values, role: 'expert' })
    .onConflictDoNothing({ target: staff.account })
    .returning({ id: staff.id });
  return row?.id;
}

/** False when another member of staff holds the account (taken meanwhile: the unique index says so). */
export async function setStaffAccount(tx: Transaction, staffId: number, account: string): Promise<boolean> {
  try {
    // In a savepoint, so that the refusal leaves the caller's transaction usable.
    await tx.transaction((inner) => inner.update(staff).set({ account }).where(eq(staff.id, staffId)));
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') return false;
    throw error;
  }
}

export async function setStaffDisabled(tx: Executor, staffId: number, disabled: boolean): Promise<void> {
  await tx.update(staff).set({ disabled }).where(eq(staff.id, staffId));
}

export async function invitationAccepted(tx: Executor, staffId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.staffId, staffId), isNotNull(staffInvitations.acceptedAt)))
    .limit(1);
  return row !== undefined;
}

/** A new invitation in place of any earlier one (whose link stops working). */
export async function replaceInvitation(tx: Executor, staffId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await tx.delete(staffInvitations).where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.acceptedAt)));
  await tx.insert(staffInvitations).values({ staffId, tokenHash, expiresAt });
}

/** The open invitation of a token, with its account; undefined when unknown or already used. */
export async function findOpenInvitation(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: staffInvitations.id, expiresAt: staffInvitations.expiresAt, staffId: staff.id, account: staff.account, disabled: staff.disabled })
    .from(staffInvitations)
    .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
    .where(and(eq(staffInvitations.tokenHash, tokenHash), isNull(staffInvitations.acceptedAt), eq(staff.role, 'expert')))
    .limit(1);
  return row;
}

/** Mark an invitation used, once: false when someone else used it first. */
export async function acceptInvitation(tx: Executor, invitationId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.acceptedAt)))
    .returning({ id: staffInvitations.id });
  return rows.length > 0;
}

export async function setStaffPassword(tx: Executor, staffId: number, passwordHash: string): Promise<void> {
  await tx.update(staff).set({ passwordHash }).where(eq(staff.id, staffId));
}
