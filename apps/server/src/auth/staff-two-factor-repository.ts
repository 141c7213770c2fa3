import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { settings, staff, staffLoginChallenges, staffSessions } from '../db/schema';

export type TwoFactorRow = Pick<typeof staff.$inferSelect, 'id' | 'account' | 'passwordHash' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'recoveryCodeHashes'>;

const columns = {
  id: staff.id,
  account: staff.account,
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

export async function hasTwoFactor(db: Executor, staffId: number): Promise<boolean> {
  const [row] = await db.select({ enabledAt: staff.totpEnabledAt }).from(staff).where(eq(staff.id, staffId)).limit(1);
  return Boolean(row?.enabledAt);
}

export async function loadStaffTwoFactorRequired(db: Executor): Promise<boolean> {
  const [row] = await db.select({ required: settings.staffTwoFactorRequired }).from(settings).limit(1);
  return row?.required ?? false;
}

export async function insertLoginChallenge(db: Executor, values: { tokenHash: string; staffId: number; expiresAt: Date }): Promise<void> {
  // Challenges live minutes: drop the expired ones as new ones come.
  await db.delete(staffLoginChallenges).where(lt(staffLoginChallenges.expiresAt, new Date(Date.now() - 3600_000)));
  await db.insert(staffLoginChallenges).values(values);
}

/** The live, unused challenge with this hash, held until the transaction ends. */
export async function lockLoginChallenge(tx: Executor, tokenHash: string): Promise<{ id: number; staffId: number } | undefined> {
  const [row] = await tx
    .select({ id: staffLoginChallenges.id, staffId: staffLoginChallenges.staffId })
    .from(staffLoginChallenges)
    .where(and(eq(staffLoginChallenges.tokenHash, tokenHash), isNull(staffLoginChallenges.usedAt), gt(staffLoginChallenges.expiresAt, new Date())))
    .for('update')
    .limit(1);
  return row;
}

/** The account of a live challenge, to count the second step against it. */
export async function challengeOwner(db: Executor, tokenHash: string): Promise<{ staffId: number; account: string } | undefined> {
  const [row] = await db
    .select({ staffId: staff.id, account: staff.account })
    .from(staffLoginChallenges)
    .innerJoin(staff, eq(staff.id, staffLoginChallenges.staffId))
    .where(and(eq(staffLoginChallenges.tokenHash, tokenHash), isNull(staffLoginChallenges.usedAt), gt(staffLoginChallenges.expiresAt, new Date())))
    .limit(1);
  return row;
}

export async function useLoginChallenge(tx: Executor, id: number): Promise<void> {
  await tx.update(staffLoginChallenges).set({ usedAt: new Date() }).where(eq(staffLoginChallenges.id, id));
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
