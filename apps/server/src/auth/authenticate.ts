import { endpoints, Errno, REAUTH_WINDOW_MS, STAFF_ROLE_LABELS, type EndpointDeclaration, type StaffRole } from '@flagship/api-client';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError, forbidden } from '../http/errors';
import type { Principal, StaffPrincipal } from './principal';
import { findPrincipal } from './principal-repository';

/** A staff endpoint whose declaration names no roles is for admins. */
const ADMINS_ONLY: readonly StaffRole[] = ['admin'];

/** What a session that must first set up two-factor sign-in may call (issue 16). */
const ENROLMENT_ENDPOINTS: ReadonlySet<EndpointDeclaration> = new Set([
  endpoints.console.me,
  endpoints.console.logout,
  endpoints.console.twoFactorStatus,
  endpoints.console.twoFactorStart,
  endpoints.console.twoFactorConfirm,
  endpoints.console.passkeyRegisterOptions,
  endpoints.console.passkeyRegister,
]);

/**
 * Sensitive staff actions: staff accounts, settings, bulk decisions, exports of personal data, account deletions
 * and second factors need the caller to have proved themselves (password or TOTP) within REAUTH_WINDOW_MS.
 */
const REAUTH_ENDPOINTS: ReadonlySet<EndpointDeclaration> = new Set([
  endpoints.console.settingsUpdate,
  endpoints.console.expertInvite,
  endpoints.console.expertAccountUpdate,
  endpoints.console.reviewDecisions,
  endpoints.console.applyExportJob,
  endpoints.console.applyDownloadJob,
  endpoints.console.reviewExport,
  endpoints.console.accountDeletionCarryOut,
  endpoints.console.accountDeletionRefuse,
  // Adding or removing a second factor: a stolen session must neither plant its own
  // authenticator nor strip the account's protection.
  endpoints.console.twoFactorStart,
  endpoints.console.twoFactorConfirm,
  endpoints.console.passkeyRegisterOptions,
  endpoints.console.passkeyRegister,
  endpoints.console.passkeyDelete,
]);

/** Refuse what a staff session may not do yet: enrolment first, then a recent proof for sensitive actions. */
function checkStaffSession(principal: StaffPrincipal, declaration: EndpointDeclaration): void {
  if (principal.enrolmentOnly && !ENROLMENT_ENDPOINTS.has(declaration)) {
    throw forbidden('管理员要求工作人员启用两步验证：请先在“账号安全”中完成设置，再进行其他操作');
  }
  if (REAUTH_ENDPOINTS.has(declaration) && Date.now() - (principal.verifiedAt?.getTime() ?? 0) > REAUTH_WINDOW_MS) {
    throw new AppError(Errno.FORBIDDEN, '此操作需要再次验证身份：请输入密码或一次性验证码后重试', { reauth: true });
  }
}

/** The token of a request: the authKey header, or `authkey` in the query of a link (export, files). */
function tokenOf(req: Pick<FastifyRequest, 'headers' | 'query'>, declaration: EndpointDeclaration): string | undefined {
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
export async function authenticate(db: Database, req: Pick<FastifyRequest, 'headers' | 'query'>, declaration: EndpointDeclaration): Promise<Principal | null> {
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
    checkStaffSession(principal, declaration);
  }
  return principal;
}
