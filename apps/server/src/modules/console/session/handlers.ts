import { SESSION_TTL_MS, type StaffRole, type StaffSessionResult } from '@flagship/api-client';
import type { FastifyRequest } from 'fastify';
import { verifyCaptcha } from '../../../auth/captcha';
import { beginAttempt } from '../../../auth/login-brake';
import { hashToken, newToken, STAFF_TOKEN_PREFIX } from '../../../auth/tokens';
import type { AppContext } from '../../../context';
import { verifyLogin } from '../../../db/password';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, notFound } from '../../../http/errors';
import { iso } from '../../../lib/dates';
import { audit, writeAudit } from '../../../shared/audit-repository';
import { authenticationOptions, CEREMONY_TTL_MS, spendPasskey } from '../../../auth/passkeys';
import { spendSecondFactor } from '../../../auth/two-factor';
import { hasTwoFactor, listPasskeys, loadStaffTwoFactorRequired, lockTwoFactor, updateTwoFactor } from '../../../auth/staff-two-factor-repository';
import { challengeOwner, insertLoginChallenge, lockLoginChallenge, useLoginChallenge } from '../../../auth/login-challenge-repository';
import { findStaff, findStaffByAccount, listAudit, openStaffSession, revokeStaffSession, setStaffPasswordHash, type StaffRow } from './repository';

type SessionHandlers = Pick<Handlers['console'], 'login' | 'loginSecondStep' | 'logout' | 'me' | 'auditList'>;

/** The second factor a sign-in used, as the audit log names it. */
const proofOf = (body: { recoveryCode?: unknown; passkey?: unknown }) =>
  body.recoveryCode !== undefined ? 'recovery code' : body.passkey !== undefined ? 'passkey' : 'totp';

export function sessionHandlers(ctx: AppContext): SessionHandlers {
  const { db, config } = ctx;

  /** A new session for a member who has proved themselves; enrolment-only when two-factor sign-in is required and off. */
  const openSession = async (member: StaffRow, req: FastifyRequest, proof: string, detail: Record<string, unknown> = {}): Promise<StaffSessionResult> => {
    const token = newToken(STAFF_TOKEN_PREFIX);
    const role = member.role as StaffRole;
    const enrolmentOnly = (await loadStaffTwoFactorRequired(db)) && !(await hasTwoFactor(db, member.id));
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
      }, { with: proof, ...(enrolmentOnly ? { enrolmentOnly } : {}), ...detail });
    });
    return { token, id: member.id, account: member.account, name: member.name, role, enrolmentOnly };
  };

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
      const passkeys = await listPasskeys(db, member.id);
      if (member.totpEnabledAt || passkeys.length > 0) {
        // The password alone does not clear the brake: wrong codes keep counting (issue 16).
        const challenge = newToken();
        const expiresAt = new Date(Date.now() + CEREMONY_TTL_MS);
        const passkey = passkeys.length > 0 ? await authenticationOptions(config, passkeys) : null;
        await insertLoginChallenge(db, { tokenHash: hashToken(challenge), staffId: member.id, expiresAt, webauthnChallenge: passkey?.challenge ?? null });
        return { secondStep: 'twoFactor' as const, totp: member.totpEnabledAt !== null, passkey, challenge, expiresAt: iso(expiresAt), account: member.account };
      }
      await attempt.succeeded();
      return openSession(member, req, 'password');
    },

    loginSecondStep: async ({ body, req, reply }) => {
      const tokenHash = hashToken(body.challenge);
      const owner = await challengeOwner(db, tokenHash);
      if (!owner) throw badRequest('登录已超时或验证已完成，请重新输入账号和密码', { challenge: '已超时或已使用' });
      const attempt = await beginAttempt(ctx, req, reply, { kind: 'staff', account: owner.account });
      const spent = await db.transaction(async (tx) => {
        const challenge = await lockLoginChallenge(tx, tokenHash);
        const row = challenge?.staffId != null ? await lockTwoFactor(tx, challenge.staffId) : undefined;
        if (!challenge || !row) return 'expired' as const;
        if (body.passkey !== undefined) {
          const passkey = challenge.webauthnChallenge ? await spendPasskey(tx, config, row.id, body.passkey, challenge.webauthnChallenge) : null;
          if (!passkey) return 'wrong' as const;
          await useLoginChallenge(tx, challenge.id);
          return { passkey: passkey.name };
        }
        const changes = await spendSecondFactor(row, body);
        if (!changes) return 'wrong' as const;
        await updateTwoFactor(tx, row.id, changes);
        await useLoginChallenge(tx, challenge.id);
        return 'recoveryCodeHashes' in changes ? { recoveryCodesLeft: changes.recoveryCodeHashes.length } : {};
      });
      if (spent === 'expired') throw badRequest('登录已超时或验证已完成，请重新输入账号和密码', { challenge: '已超时或已使用' });
      const member = spent === 'wrong' ? undefined : await findStaff(db, owner.staffId);
      if (spent === 'wrong' || !member || member.disabled) {
        await writeAudit(db, {
          actorKind: 'staff',
          actorId: owner.staffId,
          action: 'staff.loginFailed',
          objectType: 'staff',
          objectId: String(owner.staffId),
          detail: { account: owner.account, reason: member?.disabled ? 'disabled' : `wrong ${proofOf(body)}` },
          ip: req.ip,
        });
        await attempt.failed({ id: owner.staffId, account: owner.account });
        throw body.recoveryCode !== undefined
          ? badRequest('恢复码错误或已使用', { recoveryCode: '恢复码错误或已使用' })
          : body.passkey !== undefined
            ? badRequest('通行密钥验证未通过（该通行密钥不属于此账号或已移除），请重试或改用一次性验证码', { passkey: '通行密钥验证未通过' })
            : badRequest('一次性验证码错误或已使用，请输入验证器中当前显示的验证码', { code: '一次性验证码错误或已使用' });
      }
      await attempt.succeeded();
      return openSession(member, req, proofOf(body), spent);
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
