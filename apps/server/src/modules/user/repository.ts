import type { UpdateUserInput } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function userById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updateUser(db: Database, id: number, patch: UpdateUserInput): Promise<void> {
  await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The stored password hash, to confirm a deletion request. */
export async function passwordHashOf(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.passwordHash;
}
