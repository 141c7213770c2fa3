import type { AuditEntry, auditQuery } from '@flagship/api-client';
import { and, count, desc, eq, gte, like, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { auditLogs, staff, staffSessions, users } from '../../../db/schema';
import { iso } from '../../../lib/dates';
import { pageWindow } from '../../../lib/paging';
import { escapeLike, likePattern } from '../../../shared/like-pattern';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaffByAccount(db: Executor, account: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.account, account)).limit(1);
  return row;
}

export async function findStaff(db: Executor, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

export async function setStaffPasswordHash(db: Executor, account: string, passwordHash: string): Promise<void> {
  await db.update(staff).set({ passwordHash }).where(eq(staff.account, account));
}

/** A new staff session; returns its id. */
export async function openStaffSession(
  tx: Executor,
  session: { tokenHash: string; staffId: number; expiresAt: Date; ip: string; userAgent: string },
): Promise<number> {
  const [row] = await tx.insert(staffSessions).values(session).returning({ id: staffSessions.id });
  return row?.id ?? 0;
}

export async function revokeStaffSession(tx: Executor, sessionId: number): Promise<void> {
  await tx.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, sessionId));
}

const actorStaff = alias(staff, 'actor_staff');
const actorUser = alias(users, 'actor_user');

/** One page of the audit trail, newest first, with each actor's account. */
export async function listAudit(db: Executor, query: z.output<typeof auditQuery>): Promise<{ list: AuditEntry[]; total: number }> {
  const actor = query.actor?.toLowerCase();
  const where = and(
    actor ? or(eq(actorStaff.account, actor), eq(actorUser.account, actor)) : undefined,
    query.actorKind ? eq(auditLogs.actorKind, query.actorKind) : undefined,
    // An action ending in a dot names a family of actions (`category.`).
    query.action ? (query.action.endsWith('.') ? like(auditLogs.action, `${escapeLike(query.action)}%`) : eq(auditLogs.action, query.action)) : undefined,
    query.objectType ? eq(auditLogs.objectType, query.objectType) : undefined,
    query.objectId ? eq(auditLogs.objectId, query.objectId) : undefined,
    query.from ? gte(auditLogs.createdAt, new Date(query.from)) : undefined,
    query.to ? lte(auditLogs.createdAt, new Date(query.to)) : undefined,
    query.keyword
      ? sql`(${auditLogs.action} ilike ${likePattern(query.keyword)} or ${auditLogs.objectId} ilike ${likePattern(query.keyword)} or ${auditLogs.detail}::text ilike ${likePattern(query.keyword)})`
      : undefined,
  );
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLogs, staffAccount: actorStaff.account, userAccount: actorUser.account })
      .from(auditLogs)
      .leftJoin(actorStaff, and(eq(auditLogs.actorKind, 'staff'), eq(actorStaff.id, auditLogs.actorId)))
      .leftJoin(actorUser, and(eq(auditLogs.actorKind, 'user'), eq(actorUser.id, auditLogs.actorId)))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit)
      .offset(offset),
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
  };
}
