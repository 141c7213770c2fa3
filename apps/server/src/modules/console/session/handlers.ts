import { SESSION_TTL_MS, type StaffRole } from '@flagship/api-client';
import { verifyCaptcha } from '../../../auth/captcha';
import { beginAttempt } from '../../../auth/login-brake';
import { hashToken, newToken, STAFF_TOKEN_PREFIX } from '../../../auth/tokens';
import type { AppContext } from '../../../context';
import { verifyLogin } from '../../../db/password';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, notFound } from '../../../http/errors';
import { iso } from '../../../lib/dates';
import { audit, writeAudit } from '../../../shared/audit-repository';
import { findStaff, findStaffByAccount, listAudit, openStaffSession, revokeStaffSession, setStaffPasswordHash } from './repository';

type SessionHandlers = Pick<Handlers['console'], 'login' | 'logout' | 'me' | 'auditList'>;

export function sessionHandlers(ctx: AppContext): SessionHandlers {
  const { db } = ctx;
  return {
    login: async ({ body, req, reply }) => {
      await verifyCaptcha(db, req, reply, body.captcha);
      const attempt = await beginAttempt(ctx, req, reply, { kind: 'staff', account: body.account });
      const member = await findStaffByAccount(db, body.account);
      const ok = await verifyLogin(
        body.password,
        member?.passwordHash,
        (passwordHash) => setStaffPasswordHash(db, body.account, passwordHash),
        (error) => req.log.error({ err: error }, 'password rehash failed'),
      );
      if (!member || !ok || member.disabled) {
        await writeAudit(db, {
          actorKind: 'staff',
          actorId: member?.id ?? null,
          action: 'staff.loginFailed',
          objectType: 'staff',
          objectId: member ? String(member.id) : null,
          detail: { account: body.account, reason: !member ? 'unknown account' : member.disabled ? 'disabled' : 'wrong password' },
          ip: req.ip,
        });
        await attempt.failed(member);
        throw badRequest('账号或密码错误', { password: '账号或密码错误' });
      }
      await attempt.succeeded();
      const token = newToken(STAFF_TOKEN_PREFIX);
      const role = member.role as StaffRole;
      await db.transaction(async (tx) => {
        const sessionId = await openStaffSession(tx, {
          tokenHash: hashToken(token),
          staffId: member.id,
          expiresAt: new Date(Date.now() + SESSION_TTL_MS),
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
        });
        await audit(tx, { kind: 'staff', staffId: member.id, account: member.account, role, sessionId }, req, 'staff.login', {
          type: 'staff',
          id: member.id,
        });
      });
      return { token, id: member.id, account: member.account, name: member.name, role };
    },

    logout: async ({ principal, req }) => {
      await db.transaction(async (tx) => {
        await revokeStaffSession(tx, principal.sessionId);
        await audit(tx, principal, req, 'staff.logout', { type: 'staff', id: principal.staffId });
      });
      return null;
    },

    me: async ({ principal }) => {
      const row = await findStaff(db, principal.staffId);
      if (!row) throw notFound('工作人员不存在');
      return { id: row.id, account: row.account, name: row.name, role: row.role as StaffRole, createdAt: iso(row.createdAt) };
    },

    auditList: async ({ query }) => ({ ...(await listAudit(db, query)), page: query.page, pageSize: query.pageSize }),
  };
}
