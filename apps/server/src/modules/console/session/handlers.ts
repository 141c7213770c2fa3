import type { StaffRole } from '@flagship/api-client';
import { and, count, desc, eq, gte, like, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { verifyCaptcha } from '../../../auth/captcha';
import { asStaff, audit, STAFF_SESSION_TTL_MS } from '../../../auth/staff';
import { hashToken, newToken, STAFF_TOKEN_PREFIX } from '../../../auth/tokens';
import type { AppContext } from '../../../context';
import { verifyLogin } from '../../../db/password';
import { auditLogs, staff, staffSessions, users } from '../../../db/schema';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, notFound } from '../../../http/errors';
import { iso } from '../../../lib/dates';
import { pageWindow } from '../../../lib/paging';
import { likePattern } from '../../../shared/console';

type SessionHandlers = Pick<Handlers['console'], 'login' | 'logout' | 'me' | 'auditList'>;


const actorStaff = alias(staff, 'actor_staff');
const actorUser = alias(users, 'actor_user');

export function sessionHandlers({ db }: AppContext): SessionHandlers {
  return {
    login: async ({ body, req, reply }) => {
      await verifyCaptcha(db, req, reply, body.captcha);
      const [member] = await db.select().from(staff).where(eq(staff.account, body.account)).limit(1);
      const ok = await verifyLogin(
        body.password,
        member?.passwordHash,
        (passwordHash) => db.update(staff).set({ passwordHash }).where(eq(staff.account, body.account)),
        (error) => req.log.error({ err: error }, 'password rehash failed'),
      );
      if (!member || !ok || member.disabled) {
        await db.insert(auditLogs).values({
          actorKind: 'staff',
          actorId: member?.id ?? null,
          action: 'staff.loginFailed',
          objectType: 'staff',
          objectId: member ? String(member.id) : null,
          detail: { account: body.account, reason: !member ? 'unknown account' : member.disabled ? 'disabled' : 'wrong password' },
          ip: req.ip,
        });
        throw badRequest('账号或密码错误', { password: '账号或密码错误' });
      }
      const token = newToken(STAFF_TOKEN_PREFIX);
      const role = member.role as StaffRole;
      await db.transaction(async (tx) => {
        const [session] = await tx
          .insert(staffSessions)
          .values({
            tokenHash: hashToken(token),
            staffId: member.id,
            expiresAt: new Date(Date.now() + STAFF_SESSION_TTL_MS),
            ip: req.ip,
            userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
          })
          .returning({ id: staffSessions.id });
        await audit(tx, { kind: 'staff', staffId: member.id, account: member.account, role, sessionId: session?.id ?? 0 }, req, 'staff.login', {
          type: 'staff',
          id: member.id,
        });
      });
      return { token, id: member.id, account: member.account, name: member.name, role };
    },

    logout: async ({ principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        await tx.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, who.sessionId));
        await audit(tx, who, req, 'staff.logout', { type: 'staff', id: who.staffId });
      });
      return null;
    },

    me: async ({ principal }) => {
      const who = asStaff(principal);
      const [row] = await db.select().from(staff).where(eq(staff.id, who.staffId)).limit(1);
      if (!row) throw notFound('工作人员不存在');
      return { id: row.id, account: row.account, name: row.name, role: row.role as StaffRole, createdAt: iso(row.createdAt) };
    },

    auditList: async ({ query }) => {
      const where = and(
        query.actor ? or(eq(actorStaff.account, query.actor.toLowerCase()), eq(actorUser.account, query.actor.toLowerCase())) : undefined,
        query.actorKind ? eq(auditLogs.actorKind, query.actorKind) : undefined,
        query.action ? (query.action.endsWith('.') ? like(auditLogs.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : eq(auditLogs.action, query.action)) : undefined,
        query.objectType ? eq(auditLogs.objectType, query.objectType) : undefined,
        query.objectId ? eq(auditLogs.objectId, query.objectId) : undefined,
        query.from ? gte(auditLogs.createdAt, new Date(query.from)) : undefined,
        query.to ? lte(auditLogs.createdAt, new Date(query.to)) : undefined,
        query.keyword
          ? sql`(${auditLogs.action} ilike ${likePattern(query.keyword)} or ${auditLogs.objectId} ilike ${likePattern(query.keyword)} or ${auditLogs.detail}::text ilike ${likePattern(query.keyword)})`
          : undefined,
      );
      const from = () =>
        db
          .select({ entry: auditLogs, staffAccount: actorStaff.account, userAccount: actorUser.account })
          .from(auditLogs)
          .leftJoin(actorStaff, and(eq(auditLogs.actorKind, 'staff'), eq(actorStaff.id, auditLogs.actorId)))
          .leftJoin(actorUser, and(eq(auditLogs.actorKind, 'user'), eq(actorUser.id, auditLogs.actorId)))
          .where(where);
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, [total]] = await Promise.all([
        from().orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(limit).offset(offset),
        db
          .select({ n: count() })
          .from(auditLogs)
          .leftJoin(actorStaff, and(eq(auditLogs.actorKind, 'staff'), eq(actorStaff.id, auditLogs.actorId)))
          .leftJoin(actorUser, and(eq(auditLogs.actorKind, 'user'), eq(actorUser.id, auditLogs.actorId)))
          .where(where),
      ]);
      return {
        list: rows.map(({ entry, staffAccount, userAccount }) => ({
          id: entry.id,
          actorKind: entry.actorKind,
          actorId: entry.actorId,
          actorAccount: staffAccount ?? userAccount ?? null,
          action: entry.action,
          objectType: entry.objectType,
          objectId: entry.objectId,
          detail: entry.detail,
          ip: entry.ip,
          createdAt: iso(entry.createdAt),
        })),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
