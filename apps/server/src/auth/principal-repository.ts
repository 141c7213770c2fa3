import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { prepared } from '../db/prepared';
import { sessions, settings, staff, staffSessions, users } from '../db/schema';
import type { Principal, StaffRole } from './principal';
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
    .select({ sessionId: sessions.id, userId: users.id, account: users.account })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('user_session'),
);

/** Who holds this token: the applicant or staff member of a live session, or null. */
export async function findPrincipal(db: Database, token: string): Promise<Principal | null> {
  const values = { tokenHash: hashToken(token), now: new Date() };
  if (token.startsWith(STAFF_TOKEN_PREFIX)) {
    const [row] = await staffSession(db).execute(values);
    return row
      ? { kind: 'staff', staffId: row.staffId, account: row.account, role: row.role as StaffRole, sessionId: row.sessionId, verifiedAt: row.verifiedAt, enrolmentOnly: row.enrolmentOnly }
      : null;
  }
  const [row] = await userSession(db).execute(values);
  return row ? { kind: 'user', userId: row.userId, account: row.account, sessionId: row.sessionId } : null;
}
