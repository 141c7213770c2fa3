import { Errno, type EndpointDeclaration } from '@flagship/api-client';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { sessions, staff, staffSessions, users } from '../db/schema';
import { AppError } from '../http/errors';
import type { Principal, StaffRole } from './principal';
import { requireAdmin } from './staff';
import { hashToken, STAFF_TOKEN_PREFIX } from './tokens';

/** The token of a request: the authKey header, or `authkey` in the query of a link (export, files). */
function tokenOf(req: FastifyRequest, declaration: EndpointDeclaration): string | undefined {
  const header = req.headers.authkey;
  if (typeof header === 'string' && header) return header;
  if (declaration.response === 'link' || declaration.response === 'json-or-link') {
    const query = req.query as { authkey?: unknown } | undefined;
    if (typeof query?.authkey === 'string' && query.authkey) return query.authkey;
  }
  return undefined;
}

export async function findPrincipal(db: Database, token: string): Promise<Principal | null> {
  const tokenHash = hashToken(token);
  const now = new Date();
  if (token.startsWith(STAFF_TOKEN_PREFIX)) {
    const [row] = await db
      .select({ sessionId: staffSessions.id, staffId: staff.id, account: staff.account, role: staff.role })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now), eq(staff.disabled, false)))
      .limit(1);
    return row ? { kind: 'staff', staffId: row.staffId, account: row.account, role: row.role as StaffRole, sessionId: row.sessionId } : null;
  }
  const [row] = await db
    .select({ sessionId: sessions.id, userId: users.id, account: users.account })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ? { kind: 'user', userId: row.userId, account: row.account, sessionId: row.sessionId } : null;
}

/**
 * Resolve the caller as the declaration's `auth` asks: public endpoints ignore tokens (no lookup
 * on the hot paths); elsewhere a missing token is 401 where one is needed and a bad one is 1001;
 * staff endpoints also check the role.
 */
export async function authenticate(db: Database, req: FastifyRequest, declaration: EndpointDeclaration): Promise<Principal | null> {
  if (declaration.auth === 'public') return null;
  const token = tokenOf(req, declaration);
  if (!token) {
    if (declaration.auth === 'optional') return null;
    throw new AppError(Errno.LOGIN_REQUIRED, '请先登录');
  }
  const principal = await findPrincipal(db, token);
  if (!principal) throw new AppError(Errno.SESSION_INVALID, '登录已失效，请重新登录');
  if (declaration.auth === 'user' && principal.kind !== 'user') throw new AppError(Errno.FORBIDDEN, '请使用申报账号登录');
  if (declaration.auth === 'staff') {
    if (principal.kind !== 'staff') throw new AppError(Errno.FORBIDDEN, '仅限工作人员访问');
    if (!(declaration.roles ?? ['admin']).includes(principal.role)) requireAdmin(principal);
  }
  return principal;
}
