import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/** An applicant's optional two-factor sign-in (issue 16): read at sign-in (auth) and managed on /personal (user). */
export type UserTwoFactorRow = Pick<typeof users.$inferSelect, 'id' | 'account' | 'passwordHash' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'recoveryCodeHashes'>;

const columns = {
  id: users.id,
  account: users.account,
  passwordHash: users.passwordHash,
  totpSecret: users.totpSecret,
  totpEnabledAt: users.totpEnabledAt,
  totpLastStep: users.totpLastStep,
  recoveryCodeHashes: users.recoveryCodeHashes,
};

export async function findUserTwoFactor(db: Executor, userId: number): Promise<UserTwoFactorRow | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The applicant's two-factor state, held until the transaction ends (codes are single-use). */
export async function lockUserTwoFactor(tx: Executor, userId: number): Promise<UserTwoFactorRow | undefined> {
  const [row] = await tx.select(columns).from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

export async function updateUserTwoFactor(
  tx: Executor,
  userId: number,
  changes: Partial<Pick<typeof users.$inferInsert, 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'recoveryCodeHashes'>>,
): Promise<void> {
  await tx.update(users).set(changes).where(eq(users.id, userId));
}
