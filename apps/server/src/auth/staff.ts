import { Errno, staffAccountSchema, type StaffRole } from '@flagship/api-client';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { hashPassword } from '../db/password';
import { auditLogs, staff, STAFF_ROLES } from '../db/schema';
import { AppError, forbidden } from '../http/errors';
import { isCommonPassword } from '../lib/common-passwords';
import type { Principal } from './principal';

export type StaffPrincipal = Extract<Principal, { kind: 'staff' }>;

/** Staff sessions last as long as applicant sessions: 8 hours. */
export const STAFF_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export function asStaff(principal: Principal | null): StaffPrincipal {
  if (principal?.kind !== 'staff') throw forbidden('仅限工作人员访问');
  return principal;
}

export function requireAdmin(principal: Principal | null): StaffPrincipal {
  const member = asStaff(principal);
  if (member.role !== 'admin') throw forbidden('无权执行此操作：仅管理员可用');
  return member;
}

/**
 * One line of the audit trail: who (the staff member), what (action), which object, when (now)
 * and from where (the request's address). Call it with the transaction that does the action.
 */
export async function audit(
  tx: Executor,
  who: StaffPrincipal,
  req: FastifyRequest,
  action: string,
  object: { type: string; id?: string | number | null },
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(auditLogs).values({
    actorKind: 'staff',
    actorId: who.staffId,
    action,
    objectType: object.type,
    objectId: object.id == null ? null : String(object.id),
    detail,
    ip: req.ip,
  });
}

/** Why a staff password is too weak, or null: 8+ characters of three kinds, not a common one. */
export function staffPasswordProblem(password: string, account: string): string | null {
  if (password.length < 8) return '密码长度至少 8 位';
  if (password.length > 64) return '密码长度不能超过 64 位';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (kinds < 3) return '密码须包含大写字母、小写字母、数字和符号中的至少三类';
  if (isCommonPassword(password, account) || password.toLowerCase().includes(account.toLowerCase())) {
    return '密码过于常见或包含账号，请换一个更难猜的密码';
  }
  return null;
}

export interface NewStaff {
  account: string;
  password: string;
  role: string;
  name?: string;
}

/** Create a staff account; refuses bad accounts, unknown roles, weak passwords and duplicates. */
export async function createStaff(db: Executor, input: NewStaff): Promise<{ id: number; account: string; role: StaffRole }> {
  const account = staffAccountSchema.safeParse(input.account);
  if (!account.success) throw new AppError(Errno.INVALID_INPUT, `账号：${account.error.issues[0]?.message ?? '格式不正确'}`);
  if (!(STAFF_ROLES as readonly string[]).includes(input.role)) {
    throw new AppError(Errno.INVALID_INPUT, `角色：应为 ${STAFF_ROLES.join(' 或 ')}`);
  }
  const problem = staffPasswordProblem(input.password, account.data);
  if (problem) throw new AppError(Errno.INVALID_INPUT, `密码：${problem}`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({ account: account.data, passwordHash, name: input.name ?? '', role: input.role as StaffRole })
      .onConflictDoNothing({ target: staff.account })
      .returning({ id: staff.id, account: staff.account, role: staff.role });
    if (!row) throw new AppError(Errno.CONFLICT, `账号 ${account.data} 已存在`);
    await tx.insert(auditLogs).values({ actorKind: 'system', action: 'staff.create', objectType: 'staff', objectId: String(row.id), detail: { account: row.account, role: row.role } });
    return row;
  });
}
