import type { UserTwoFactorStatus } from '@flagship/api-client';
import type { FastifyRequest } from 'fastify';
import { beginAttempt, checkPasswordAgain } from '../../auth/login-brake';
import { enrolmentOf, matchTotp, newRecoveryCodes, newTotpSecret, spendSecondFactor } from '../../auth/two-factor';
import { findUserTwoFactor, lockUserTwoFactor, updateUserTwoFactor, type UserTwoFactorRow } from '../../auth/user-two-factor-repository';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { verifyPassword } from '../../db/password';
import { assertOwner, type Handlers } from '../../http/endpoints';
import { badRequest, conflict, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import type { Principal } from '../../auth/principal';
import { writeAudit } from '../../shared/audit-repository';
import { notifyUser } from '../../shared/notices-repository';
import { loadSiteTitle } from '../../shared/settings-repository';

type TwoFactorHandlers = Pick<Handlers['user'], 'twoFactorStatus' | 'twoFactorStart' | 'twoFactorConfirm' | 'twoFactorDisable' | 'twoFactorRecoveryCodes'>;

const WRONG_CODE = '一次性验证码错误或已使用，请输入验证器中当前显示的验证码';
const WRONG_RECOVERY_CODE = '恢复码错误或已使用';

/** The applicant's own two-factor state: the caller must be the account in the path. */
function ownerOf(principal: Principal, id: number): number {
  assertOwner(principal.kind === 'user' && principal.userId === id);
  return id;
}

async function lockUser(tx: Executor, userId: number): Promise<UserTwoFactorRow> {
  const row = await lockUserTwoFactor(tx, userId);
  if (!row) throw notFound('用户不存在');
  return row;
}

export function userTwoFactorHandlers(ctx: AppContext): TwoFactorHandlers {
  const { db } = ctx;

  const status = async (userId: number): Promise<UserTwoFactorStatus> => {
    const row = await findUserTwoFactor(db, userId);
    if (!row) throw notFound('用户不存在');
    const enabled = row.totpEnabledAt !== null;
    return { enabled, enabledAt: row.totpEnabledAt ? iso(row.totpEnabledAt) : null, recoveryCodesLeft: enabled ? row.recoveryCodeHashes.length : 0 };
  };

  /** The owner hears of every change to their second factor (site notice, and mail or text). */
  const tell = (userId: number, req: FastifyRequest, subject: string, text: string) =>
    notifyUser(db, ctx.mailer, req.log, userId, subject, text).catch((error: unknown) => req.log.warn({ err: error }, 'two-factor notice failed'));

  const log = (executor: Executor, userId: number, ip: string, action: string, detail: Record<string, unknown> = {}) =>
    writeAudit(executor, { actorKind: 'user', actorId: userId, action, objectType: 'user', objectId: String(userId), detail, ip });

  return {
    twoFactorStatus: async ({ params, principal }) => status(ownerOf(principal, params.id)),

    twoFactorStart: async ({ params, principal, req }) => {
      const userId = ownerOf(principal, params.id);
      const secret = newTotpSecret();
      const account = await db.transaction(async (tx) => {
        const row = await lockUser(tx, userId);
        if (row.totpEnabledAt) throw conflict('两步验证已启用；如需更换验证器，请先停用再重新启用');
        // Not in use until confirmed with a code; starting again replaces it.
        await updateUserTwoFactor(tx, userId, { totpSecret: secret, totpLastStep: null });
        await log(tx, userId, req.ip, 'user.twoFactorStart');
        return row.account;
      });
      return { secret, ...(await enrolmentOf(secret, await loadSiteTitle(db), account)) };
    },

    twoFactorConfirm: async ({ params, body, principal, req, reply }) => {
      const userId = ownerOf(principal, params.id);
      // The password again, counted in the brake: whoever finds a session open must not bind their
      // own phone to the account and lock its owner out.
      const owner = { id: userId, account: principal.account };
      if (!(await checkPasswordAgain(ctx, req, reply, owner, async () => verifyPassword(body.password, (await findUserTwoFactor(db, userId))?.passwordHash ?? '')))) {
        throw badRequest('登录密码：密码不正确', { password: '密码不正确' });
      }
      const { codes, hashes } = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const row = await lockUser(tx, userId);
        if (row.totpEnabledAt) throw conflict('两步验证已启用');
        if (!row.totpSecret) throw badRequest('一次性验证码：请先开始启用两步验证（生成二维码）', { code: '请先开始启用两步验证（生成二维码）' });
        const step = await matchTotp(row.totpSecret, body.code, null);
        if (step === null) throw badRequest(`一次性验证码：${WRONG_CODE}`, { code: WRONG_CODE });
        await updateUserTwoFactor(tx, userId, { totpEnabledAt: new Date(), totpLastStep: step, recoveryCodeHashes: hashes });
        await log(tx, userId, req.ip, 'user.twoFactorEnable');
      });
      await tell(userId, req, '两步验证已启用', '您的账号已启用两步验证，今后登录时除密码外还需输入验证器中的一次性验证码。如果不是您本人操作，请立即修改密码并联系平台管理员。');
      return { recoveryCodes: codes };
    },

    twoFactorDisable: async ({ params, body, principal, req, reply }) => {
      const userId = ownerOf(principal, params.id);
      // Every proof counts in the login brake: a session left open must not guess freely.
      const attempt = await beginAttempt(ctx, req, reply, { kind: 'user', account: principal.account });
      const done = await db.transaction(async (tx) => {
        const row = await lockUser(tx, userId);
        if (!row.totpEnabledAt) throw conflict('两步验证未启用');
        if (body.password !== undefined) {
          if (!(await verifyPassword(body.password, row.passwordHash))) return false;
        } else if (!(await spendSecondFactor(row, body))) {
          return false;
        }
        await updateUserTwoFactor(tx, userId, { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] });
        await log(tx, userId, req.ip, 'user.twoFactorDisable', { with: body.password !== undefined ? 'password' : body.recoveryCode !== undefined ? 'recovery code' : 'totp' });
        return true;
      });
      if (!done) {
        await attempt.failed();
        throw body.password !== undefined
          ? badRequest('密码：密码不正确', { password: '密码不正确' })
          : body.recoveryCode !== undefined
            ? badRequest(`恢复码：${WRONG_RECOVERY_CODE}`, { recoveryCode: WRONG_RECOVERY_CODE })
            : badRequest(`一次性验证码：${WRONG_CODE}`, { code: WRONG_CODE });
      }
      await attempt.succeeded();
      await tell(userId, req, '两步验证已停用', '您的账号已停用两步验证，今后登录只需密码。如果不是您本人操作，请立即修改密码并重新启用两步验证。');
      return status(userId);
    },

    twoFactorRecoveryCodes: async ({ params, body, principal, req, reply }) => {
      const userId = ownerOf(principal, params.id);
      const attempt = await beginAttempt(ctx, req, reply, { kind: 'user', account: principal.account });
      const { codes, hashes } = newRecoveryCodes();
      const done = await db.transaction(async (tx) => {
        const row = await lockUser(tx, userId);
        if (!row.totpEnabledAt) throw conflict('请先启用两步验证');
        const spent = await spendSecondFactor(row, { code: body.code });
        if (!spent) return false;
        await updateUserTwoFactor(tx, userId, { ...spent, recoveryCodeHashes: hashes });
        await log(tx, userId, req.ip, 'user.recoveryCodesRegenerate');
        return true;
      });
      if (!done) {
        await attempt.failed();
        throw badRequest(`一次性验证码：${WRONG_CODE}`, { code: WRONG_CODE });
      }
      await attempt.succeeded();
      return { recoveryCodes: codes };
    },
  };
}
