import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { knownDevices, loginBrakes } from '../db/schema';

export interface BrakeCount {
  failures: number;
  lastFailureAt: Date;
  blockedUntil: Date | null;
}

/**
 * Count one attempt at `target` from `device` under the row's lock, so parallel attempts are
 * counted one by one: `next` gets the count so far and says what it becomes, or null to leave it
 * (the attempt is refused). The count before and after.
 */
export async function countAttempt(
  db: Database,
  target: string,
  device: string,
  next: (current: BrakeCount) => BrakeCount | null,
): Promise<{ before: BrakeCount; after: BrakeCount | null }> {
  return db.transaction(async (tx) => {
    await tx.insert(loginBrakes).values({ target, device, failures: 0, lastFailureAt: new Date(0) }).onConflictDoNothing();
    const [row] = await tx
      .select({ failures: loginBrakes.failures, lastFailureAt: loginBrakes.lastFailureAt, blockedUntil: loginBrakes.blockedUntil })
      .from(loginBrakes)
      .where(and(eq(loginBrakes.target, target), eq(loginBrakes.device, device)))
      .for('update');
    const before = row ?? { failures: 0, lastFailureAt: new Date(0), blockedUntil: null };
    const after = next(before);
    if (after) await tx.update(loginBrakes).set(after).where(and(eq(loginBrakes.target, target), eq(loginBrakes.device, device)));
    return { before, after };
  });
}

/** Forget the count of `target` from `device`. */
export async function clearAttempts(db: Executor, target: string, device: string): Promise<void> {
  await db.delete(loginBrakes).where(and(eq(loginBrakes.target, target), eq(loginBrakes.device, device)));
}

/** Forget every count of `target` and every browser known for it, but `keepDevice`'s. */
export async function clearTarget(db: Executor, target: string, keepDevice?: string, { keepCount = false } = {}): Promise<void> {
  if (!keepCount) await db.delete(loginBrakes).where(eq(loginBrakes.target, target));
  await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.target, target), keepDevice === undefined ? undefined : ne(knownDevices.tokenHash, keepDevice)));
}

/** Whether the browser with this device token hash signed in to `target` and is still remembered. */
export async function isKnownDevice(db: Database, tokenHash: string, target: string): Promise<boolean> {
  const [row] = await db
    .select({ target: knownDevices.target })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.target, target), gt(knownDevices.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

/**
 * The browser signed in to `target` and gets a new device token: what it was known for under the
 * old one (if any), and its counts, move to the new one; `target` is remembered until `expiresAt`.
 */
export async function rememberDevice(db: Database, oldHash: string | undefined, newHash: string, target: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (oldHash) {
      await tx.update(knownDevices).set({ tokenHash: newHash }).where(eq(knownDevices.tokenHash, oldHash));
      await tx.update(loginBrakes).set({ device: newHash }).where(eq(loginBrakes.device, oldHash));
    }
    await tx
      .insert(knownDevices)
      .values({ tokenHash: newHash, target, expiresAt })
      .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.target], set: { expiresAt } });
  });
}

/** Delete counts quiet since `before` and devices no longer remembered. */
export async function pruneBrakes(db: Database, before: Date): Promise<void> {
  await db.delete(loginBrakes).where(lt(loginBrakes.lastFailureAt, before));
  await db.delete(knownDevices).where(lt(knownDevices.expiresAt, new Date()));
}
