import type { FastifyRequest } from 'fastify';
import type { StaffPrincipal } from '../auth/principal';
import type { Executor } from '../db/client';
import { auditLogs } from '../db/schema';

/** One line of the audit trail as stored; `createdAt` is the time of writing. */
export type AuditRecord = Omit<typeof auditLogs.$inferInsert, 'id' | 'createdAt'>;

/** The one writer of the audit trail. Call it with the transaction that does the action. */
export async function writeAudit(tx: Executor, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLogs).values(entry);
}

/**
 * A staff member's action: who (the staff member), what (action), which object, when (now) and
 * from where (the request's address).
 */
export async function audit(
  tx: Executor,
  who: StaffPrincipal,
  req: FastifyRequest,
  action: string,
  object: { type: string; id?: string | number | null },
  detail: Record<string, unknown> = {},
): Promise<void> {
  await writeAudit(tx, {
    actorKind: 'staff',
    actorId: who.staffId,
    action,
    objectType: object.type,
    objectId: object.id == null ? null : String(object.id),
    detail,
    ip: req.ip,
  });
}
