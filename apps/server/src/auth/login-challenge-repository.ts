import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { staff, staffLoginChallenges, users, type STAFF_CHALLENGE_PURPOSES } from '../db/schema';

/**
 * Single-use, short-lived challenges (issue 16): the second step of a staff member's or an
 * applicant's sign-in, and staff WebAuthn ceremonies. One table and one set of rules for both.
 */

export type ChallengePurpose = (typeof STAFF_CHALLENGE_PURPOSES)[number];

/** Whose challenge it is: a staff member's or an applicant's. */
export type ChallengeOwner = { staffId: number } | { userId: number };

export async function insertLoginChallenge(
  db: Executor,
  values: ChallengeOwner & { tokenHash: string; expiresAt: Date; purpose?: ChallengePurpose; webauthnChallenge?: string | null },
): Promise<void> {
  // Challenges live minutes: drop the expired ones as new ones come.
  await db.delete(staffLoginChallenges).where(lt(staffLoginChallenges.expiresAt, new Date(Date.now() - 3600_000)));
  await db.insert(staffLoginChallenges).values(values);
}

const live = (tokenHash: string, purpose: ChallengePurpose) =>
  and(
    eq(staffLoginChallenges.tokenHash, tokenHash),
    eq(staffLoginChallenges.purpose, purpose),
    isNull(staffLoginChallenges.usedAt),
    gt(staffLoginChallenges.expiresAt, new Date()),
  );

/** The live, unused challenge with this hash and purpose, held until the transaction ends. */
export async function lockLoginChallenge(
  tx: Executor,
  tokenHash: string,
  purpose: ChallengePurpose = 'login',
): Promise<{ id: number; staffId: number | null; userId: number | null; webauthnChallenge: string | null } | undefined> {
  const [row] = await tx
    .select({ id: staffLoginChallenges.id, staffId: staffLoginChallenges.staffId, userId: staffLoginChallenges.userId, webauthnChallenge: staffLoginChallenges.webauthnChallenge })
    .from(staffLoginChallenges)
    .where(live(tokenHash, purpose))
    .for('update')
    .limit(1);
  return row;
}

/** The staff member of a live sign-in challenge, to count the second step against their account. */
export async function challengeOwner(db: Executor, tokenHash: string): Promise<{ staffId: number; account: string } | undefined> {
  const [row] = await db
    .select({ staffId: staff.id, account: staff.account })
    .from(staffLoginChallenges)
    .innerJoin(staff, eq(staff.id, staffLoginChallenges.staffId))
    .where(live(tokenHash, 'login'))
    .limit(1);
  return row;
}

/** The applicant of a live sign-in challenge, likewise. */
export async function userChallengeOwner(db: Executor, tokenHash: string): Promise<{ userId: number; account: string } | undefined> {
  const [row] = await db
    .select({ userId: users.id, account: users.account })
    .from(staffLoginChallenges)
    .innerJoin(users, eq(users.id, staffLoginChallenges.userId))
    .where(live(tokenHash, 'login'))
    .limit(1);
  return row;
}

export async function useLoginChallenge(tx: Executor, id: number): Promise<void> {
  await tx.update(staffLoginChallenges).set({ usedAt: new Date() }).where(eq(staffLoginChallenges.id, id));
}
