import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { keptUntilChanged, SESSIONS_CHANGED } from '../db/kept-until-changed';
import { perDatabase } from '../db/per-database';
import { prepared } from '../db/prepared';
import { sessions, settings, staff, staffSessions, users } from '../db/schema';
import type { Principal, StaffRole, UserPrincipal } from './principal';
import { staffHasSecondFactor } from './staff-two-factor-repository';
import { hashToken, STAFF_TOKEN_PREFIX } from './tokens';

const staffSession = prepared((db) =>
  db
    .select({
      sessionId: staffSessions.id,
      staffId: staff.id,
      account: staff.account,
      role: staff.role,
      verifiedAt: staffSessions.verifiedAt,
      // Read on every call, so switching the requirement on applies to open sessions too.
      enrolmentOnly: sql<boolean>`(not ${staffHasSecondFactor} and coalesce((select ${settings.staffTwoFactorRequired} from ${settings} limit 1), false))`,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sql.placeholder('tokenHash')), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, sql.placeholder('now')), eq(staff.disabled, false)))
    .limit(1)
    .prepare('staff_session'),
);

const userSession = prepared((db) =>
  db
    .select({ sessionId: sessions.id, userId: users.id, account: users.account, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('user_session'),
);

/**
 * Applicants' live sessions, kept by each instance until it is ended or its account renamed
 * (announced on SESSIONS_CHANGED, naming the sessions) or the session expires: in the deadline hour every request of
 * every applicant carries one, and looking it up was one statement of the two to four a read
 * sends. A token that names no live session is never kept. Staff sessions are read every time:
 * their second-factor state and re-authentication change without a session changing.
 */
const MAX_SESSIONS = 50_000;
const MAX_SESSION_AGE_MS = 30_000;
const userSessionsOf = perDatabase((db: Database) =>
  keptUntilChanged<UserPrincipal | null>(db, { channel: SESSIONS_CHANGED, maxEntries: MAX_SESSIONS, maxAgeMs: MAX_SESSION_AGE_MS, what: 'sessions', named: true }),
);

/** End a session; the hashes of the tokens ended (for `forgetSessions`). */
export async function revokeSession(db: Executor, sessionId: number): Promise<string[]> {
  const ended = await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)).returning({ tokenHash: sessions.tokenHash });
  return ended.map((s) => s.tokenHash);
}

/** End the user's open sessions, all of them or all but `keep`; the hashes of the tokens ended (for `forgetSessions`). */
export async function revokeSessions(tx: Executor, userId: number, keep?: number): Promise<string[]> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), keep === undefined ? undefined : ne(sessions.id, keep), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.map((s) => s.tokenHash);
}

/** After this instance ends sessions (their token hashes): no request it answers from now on finds them, even before the notice comes. */
export function forgetSessions(db: Database, tokenHashes: readonly string[]): void {
  userSessionsOf(db).forget(tokenHashes);
}

/** How many applicant sessions this instance has read from the database (the tests pin it). */
export function userSessionLoads(db: Database): number {
  return userSessionsOf(db).loads;
}

/** Who holds this token: the applicant or staff member of a live session, or null. */
export async function findPrincipal(db: Database, token: string): Promise<Principal | null> {
  const values = { tokenHash: hashToken(token), now: new Date() };
  if (!token.startsWith(STAFF_TOKEN_PREFIX)) {
    return userSessionsOf(db).get(values.tokenHash, async () => {
      const [row] = await userSession(db).execute(values);
      return row
        ? { value: { kind: 'user', userId: row.userId, account: row.account, sessionId: row.sessionId }, until: row.expiresAt.getTime() }
        : { value: null, until: 0 };
    });
  }
  const [row] = await staffSession(db).execute(values);
  return row
    ? { kind: 'staff', staffId: row.staffId, account: row.account, role: row.role as StaffRole, sessionId: row.sessionId, verifiedAt: row.verifiedAt, enrolmentOnly: row.enrolmentOnly }
    : null;
}
