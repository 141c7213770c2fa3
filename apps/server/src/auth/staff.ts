import { Errno, STAFF_ROLES, staffAccountSchema, weakPasswordMessage, type StaffRole } from '@flagship/api-client';
import type { Executor } from '../db/client';
import { hashPassword } from '../db/password';
import { AppError } from '../http/errors';
import { checkPasswordStrength } from '../lib/password-strength';
import { writeAudit } from '../shared/audit-repository';
import { resetBrake } from './login-brake';
import { deleteAllPasskeys } from './staff-two-factor-repository';
import { insertStaff, lockOtherEnabledAdmins, lockStaffByAccount, revokeStaffSessions, updateStaffRow } from './staff-repository';

/** Why a staff password is too weak, or null: 8+ characters of three kinds, hard to guess (zxcvbn). */
export function staffPasswordProblem(password: string, account: string, aboutOwner: string[] = []): string | null {
  if (password.length < 8) return '密码长度至少 8 位';
  if (password.length > 64) return '密码长度不能超过 64 位';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (kinds < 3) return '密码须包含大写字母、小写字母、数字和符号中的至少三类';
  if (password.toLowerCase().includes(account.toLowerCase())) return '密码不能包含账号';
  const strength = checkPasswordStrength(password, [account, ...aboutOwner]);
  return strength.ok ? null : `密码${weakPasswordMessage(strength)}`;
}

export interface NewStaff {
  account: string;
  password: string;
  role: string;
  name?: string;
}

/** A staff account as typed by an operator, normalised (lower case), or refused. */
function parseAccount(raw: string): string {
  const account = staffAccountSchema.safeParse(raw);
  if (!account.success) throw new AppError(Errno.INVALID_INPUT, `账号：${account.error.issues[0]?.message ?? '格式不正确'}`);
  return account.data;
}

/** Roles an operator gives: an expert's account comes from the console's invitation, tied to the library entry. */
const OPERATOR_ROLES = STAFF_ROLES.filter((role) => role !== 'expert');

function checkRole(role: string): StaffRole {
  if (!(OPERATOR_ROLES as readonly string[]).includes(role)) {
    throw new AppError(Errno.INVALID_INPUT, `角色：应为 ${OPERATOR_ROLES.join(' 或 ')}（评审专家的账号在控制台专家库中邀请开通）`);
  }
  return role as StaffRole;
}

async function checkedHash(password: string, account: string): Promise<string> {
  const problem = staffPasswordProblem(password, account);
  if (problem) throw new AppError(Errno.INVALID_INPUT, `密码：${problem}`);
  return hashPassword(password);
}

/** Create a staff account; refuses bad accounts, unknown roles, weak passwords and duplicates. */
export async function createStaff(db: Executor, input: NewStaff): Promise<{ id: number; account: string; role: StaffRole }> {
  const account = parseAccount(input.account);
  const role = checkRole(input.role);
  const passwordHash = await checkedHash(input.password, account);
  return db.transaction(async (tx) => {
    const row = await insertStaff(tx, { account, passwordHash, name: input.name ?? '', role });
    if (!row) throw new AppError(Errno.CONFLICT, `账号 ${account} 已存在`);
    await writeAudit(tx, { actorKind: 'system', action: 'staff.create', objectType: 'staff', objectId: String(row.id), detail: { account: row.account, role: row.role } });
    return row;
  });
}

export interface StaffChanges {
  account: string;
  password?: string;
  role?: string;
  name?: string;
  disabled?: boolean;
  /** Turn two-factor sign-in off: TOTP, recovery codes and passkeys (the member lost the phone and the recovery codes). */
  resetTwoFactor?: boolean;
}

/**
 * Change a staff account (password, role, name, disabled). A new password or disabling ends the
 * member's sessions; the last enabled admin can be neither demoted nor disabled.
 */
export async function updateStaff(
  db: Executor,
  input: StaffChanges,
): Promise<{ id: number; account: string; role: StaffRole; disabled: boolean; endedSessions: number }> {
  const account = parseAccount(input.account);
  const role = input.role === undefined ? undefined : checkRole(input.role);
  const passwordHash = input.password === undefined ? undefined : await checkedHash(input.password, account);
  return db.transaction(async (tx) => {
    const member = await lockStaffByAccount(tx, account);
    if (!member) throw new AppError(Errno.NOT_FOUND, `账号 ${account} 不存在`);
    if (member.role === 'expert' && role !== undefined) throw new AppError(Errno.CONFLICT, `${account} 是评审专家的账号，角色不能更改`);
    const next = { role: role ?? (member.role as StaffRole), disabled: input.disabled ?? member.disabled };
    if (member.role === 'admin' && !member.disabled && (next.role !== 'admin' || next.disabled)) {
      // Lock every enabled admin, so two changes at once cannot each leave only the other one.
      if ((await lockOtherEnabledAdmins(tx, member.id)) === 0) throw new AppError(Errno.CONFLICT, `${account} 是最后一个可用的管理员，不能停用或改为审核员`);
    }
    await updateStaffRow(tx, member.id, {
      ...next,
      ...(passwordHash ? { passwordHash } : {}),
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.resetTwoFactor ? { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] } : {}),
    });
    if (input.resetTwoFactor) await deleteAllPasskeys(tx, member.id);
    // A new password, a disabled account or a second factor taken away must not leave a session open.
    const endedSessions = passwordHash || next.disabled || input.resetTwoFactor ? await revokeStaffSessions(tx, member.id) : 0;
    // A new password set by an operator also lifts a brake on the account (how to let its owner in at once).
    if (passwordHash) await resetBrake(tx, { kind: 'staff', account });
    const changed = (['password', 'role', 'name', 'disabled', 'resetTwoFactor'] as const).filter((key) => (key === 'resetTwoFactor' ? input.resetTwoFactor === true : input[key] !== undefined));
    await writeAudit(tx, {
      actorKind: 'system',
      action: 'staff.update',
      objectType: 'staff',
      objectId: String(member.id),
      detail: { account, changed, role: next.role, disabled: next.disabled, endedSessions },
    });
    return { id: member.id, account, ...next, endedSessions };
  });
}
