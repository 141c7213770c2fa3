import type { StaffRole } from '@flagship/api-client';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { staff, staffSessions } from '../db/schema';

type StaffRow = typeof staff.$inferSelect;

/** A new staff account; undefined when the account is taken. */
export async function insertStaff(
  tx: Executor,
  values: { account: string; passwordHash: string; name: string; role: StaffRole },
): Promise<{ id: number; account: string; role: StaffRole } | undefined> {
  const [row] = await tx
    .insert(staff)
    .values(values)
    .onConflictDoNothing({ target: staff.account })
    .returning({ id: staff.id, account: staff.account, role: staff.role });
  return row && { ...row, role: row.role as StaffRole };
}

/** The staff member, held until the transaction ends. */
export async function lockStaffByAccount(tx: Executor, account: string): Promise<StaffRow | undefined> {
  const [member] = await tx.select().from(staff).where(eq(staff.account, account)).for('update').limit(1);
  return member;
}

/** How many enabled admins there are besides `staffId`, every one of them held until the transaction ends. */
export async function lockOtherEnabledAdmins(tx: Executor, staffId: number): Promise<number> {
  const others = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), eq(staff.disabled, false), ne(staff.id, staffId)))
    .for('update');
  return others.length;
}

export async function updateStaffRow(tx: Executor, staffId: number, changes: Partial<Pick<StaffRow, 'role' | 'disabled' | 'passwordHash' | 'name' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'recoveryCodeHashes'>>): Promise<void> {
  await tx.update(staff).set(changes).where(eq(staff.id, staffId));
}

/** End every open session of the staff member; how many there were. */
export async function revokeStaffSessions(tx: Executor, staffId: number): Promise<number> {
  const ended = await tx
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return ended.length;
}
