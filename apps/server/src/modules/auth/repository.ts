import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { sessions, users, verificationCodes } from '../../db/schema';

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<{ id: number; account: string } | undefined> {
  const [user] = await db.insert(users).values(values).onConflictDoNothing({ target: users.account }).returning({ id: users.id, account: users.account });
  return user;
}

export async function userByAccount(
  db: Database,
  account: string,
): Promise<{ id: number; account: string; passwordHash: string; totpEnabledAt: Date | null } | undefined> {
  const [user] = await db
    .select({ id: users.id, account: users.account, passwordHash: users.passwordHash, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.account, account))
    .limit(1);
  return user;
}

export async function passwordHashOf(db: Database, userId: number): Promise<string | undefined> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.passwordHash;
}

/** A stronger hash of the same password, stored on login. */
export async function rehashPassword(db: Database, account: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.account, account));
}

export async function setPassword(tx: Executor, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** When a code was last sent to the account after `since`, if one was. */
export async function codeSentSince(db: Database, account: string, since: Date): Promise<Date | undefined> {
  const [recent] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.account, account), gt(verificationCodes.createdAt, since)))
    .limit(1);
  return recent?.createdAt;
}

export async function insertCode(db: Database, values: typeof verificationCodes.$inferInsert): Promise<void> {
  await db.insert(verificationCodes).values(values);
}

/** The account's newest code that is neither used nor expired. */
export async function latestLiveCode(db: Database, account: string): Promise<typeof verificationCodes.$inferSelect | undefined> {
  const [code] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.account, account), isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, new Date())))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return code;
}

/** Count one try at the code; false once `max` tries were made. */
export async function takeCodeAttempt(db: Database, codeId: number, max: number): Promise<boolean> {
  const [tried] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, codeId), lt(verificationCodes.attempts, max)))
    .returning({ attempts: verificationCodes.attempts });
  return Boolean(tried);
}

/** Mark the code used; false when another request used it first. */
export async function useCode(tx: Executor, codeId: number): Promise<boolean> {
  const used = await tx
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return used.length > 0;
}
