import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { settings, staff, staffPasskeys, staffSessions } from '../db/schema';

export type TwoFactorRow = Pick<typeof staff.$inferSelect, 'id' | 'account' | 'name' | 'passwordHash' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'recoveryCodeHashes'>;

const columns = {
  id: staff.id,
  account: staff.account,
  name: staff.name,
  passwordHash: staff.passwordHash,
  totpSecret: staff.totpSecret,
  totpEnabledAt: staff.totpEnabledAt,
  totpLastStep: staff.totpLastStep,
  recoveryCodeHashes: staff.recoveryCodeHashes,
};

export async function findTwoFactor(db: Executor, staffId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select(columns).from(staff).where(eq(staff.id, staffId)).limit(1);
  return row;
}

/** The member's two-factor state, held until the transaction ends (codes are single-use). */
export async function lockTwoFactor(tx: Executor, staffId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await tx.select(columns).from(staff).where(eq(staff.id, staffId)).for('update').limit(1);
  return row;
}

export async function updateTwoFactor(
  tx: Executor,
  staffId: number,
  changes: Partial<Pick<typeof staff.$inferInsert, 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'recoveryCodeHashes'>>,
): Promise<void> {
  await tx.update(staff).set(changes).where(eq(staff.id, staffId));
}

/** SQL: the member (a `staff` row in the query) has a second factor, TOTP or a passkey. One definition for sign-in, sessions and settings. */
// Qualified by hand: in a one-table select Drizzle leaves columns unqualified, and the subquery would read its own id.
export const staffHasSecondFactor = sql<boolean>`(${staff.totpEnabledAt} is not null or exists (select 1 from "staff_passkeys" where "staff_passkeys"."staff_id" = "staff"."id"))`;

export async function hasTwoFactor(db: Executor, staffId: number): Promise<boolean> {
  const [row] = await db.select({ has: staffHasSecondFactor }).from(staff).where(eq(staff.id, staffId)).limit(1);
  return Boolean(row?.has);
}

export async function loadStaffTwoFactorRequired(db: Executor): Promise<boolean> {
  const [row] = await db.select({ required: settings.staffTwoFactorRequired }).from(settings).limit(1);
  return row?.required ?? false;
}

export async function markSessionVerified(db: Executor, sessionId: number): Promise<Date> {
  const [row] = await db
    .update(staffSessions)
    .set({ verifiedAt: sql`now()` })
    .where(eq(staffSessions.id, sessionId))
    .returning({ verifiedAt: staffSessions.verifiedAt });
  return row?.verifiedAt ?? new Date();
}

export async function setStaffPasswordHashById(db: Executor, staffId: number, passwordHash: string): Promise<void> {
  await db.update(staff).set({ passwordHash }).where(eq(staff.id, staffId));
}

// Passkeys (WebAuthn credentials).

export type PasskeyRow = typeof staffPasskeys.$inferSelect;

export async function listPasskeys(db: Executor, staffId: number): Promise<PasskeyRow[]> {
  return db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)).orderBy(asc(staffPasskeys.id));
}

/** The member's passkey with this credential ID, held until the transaction ends (its counter moves). */
export async function lockPasskey(tx: Executor, staffId: number, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(staffPasskeys)
    .where(and(eq(staffPasskeys.staffId, staffId), eq(staffPasskeys.credentialId, credentialId)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertPasskey(
  tx: Executor,
  values: Pick<typeof staffPasskeys.$inferInsert, 'staffId' | 'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'name'>,
): Promise<boolean> {
  const rows = await tx.insert(staffPasskeys).values(values).onConflictDoNothing().returning({ id: staffPasskeys.id });
  return rows.length > 0;
}

export async function markPasskeyUsed(tx: Executor, id: number, signCount: number): Promise<void> {
  await tx.update(staffPasskeys).set({ signCount, lastUsedAt: new Date() }).where(eq(staffPasskeys.id, id));
}

/** Removes the member's own passkey; undefined when they have none with this id. */
export async function deletePasskey(tx: Executor, staffId: number, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await tx.delete(staffPasskeys).where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staffId, staffId))).returning();
  return row;
}

export async function deleteAllPasskeys(tx: Executor, staffId: number): Promise<void> {
  await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, staffId));
}
