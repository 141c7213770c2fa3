import { Errno, STAFF_ROLE_LABELS, type EndpointDeclaration, type StaffRole } from '@flagship/api-client';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError, forbidden } from '../http/errors';
import type { Principal } from './principal';
import { findPrincipal } from './principal-repository';

/** A staff endpoint whose declaration names no roles is for admins. */
const ADMINS_ONLY: readonly StaffRole[] = ['admin'];

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
    const roles = declaration.roles ?? ADMINS_ONLY;
    if (!roles.includes(principal.role)) throw forbidden(`无权执行此操作：仅${roles.map((r) => STAFF_ROLE_LABELS[r]).join('或')}可用`);
  }
  return principal;
}
