import type { TwoFactorStatus } from '@flagship/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { beginAttempt } from '../../../auth/login-brake';
import type { StaffPrincipal } from '../../../auth/principal';
import { enrolmentOf, matchTotp, newRecoveryCodes, newTotpSecret, spendSecondFactor } from '../../../auth/staff-two-factor';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { verifyLogin } from '../../../db/password';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { iso } from '../../../lib/dates';
import { audit } from '../../../shared/audit-repository';
import { loadSiteTitle } from '../../../shared/settings-repository';
import {
  findTwoFactor,
  loadStaffTwoFactorRequired,
  lockTwoFactor,
  markSessionVerified,
  setStaffPasswordHashById,
  updateTwoFactor,
  type TwoFactorRow,
} from '../../../auth/staff-two-factor-repository';

type TwoFactorHandlers = Pick<
  Handlers['console'],
  'twoFactorStatus' | 'twoFactorStart' | 'twoFactorConfirm' | 'twoFactorDisable' | 'twoFactorRecoveryCodes' | 'reauth'
>;

const WRONG_CODE = '一次性验证码错误或已使用，请输入验证器中当前显示的验证码';

async function lockMember(tx: Executor, staffId: number): Promise<TwoFactorRow> {
  const row = await lockTwoFactor(tx, staffId);
  if (!row) throw notFound('工作人员不存在');
  return row;
}

export function twoFactorHandlers(ctx: AppContext): TwoFactorHandlers {
  const { db } = ctx;

  const status = async (principal: StaffPrincipal): Promise<TwoFactorStatus> => {
    const row = await findTwoFactor(db, principal.staffId);
    if (!row) throw notFound('工作人员不存在');
    const required = await loadStaffTwoFactorRequired(db);
    const enabled = row.totpEnabledAt !== null;
    return {
      enabled,
      enabledAt: row.totpEnabledAt ? iso(row.totpEnabledAt) : null,
      recoveryCodesLeft: enabled ? row.recoveryCodeHashes.length : 0,
      required,
      enrolmentOnly: required && !enabled,
    };
  };

  /** The password, counted in the login brake like a sign-in (a stolen session must not guess it freely). */
  const checkPassword = async (principal: StaffPrincipal, req: FastifyRequest, reply: FastifyReply, password: string) => {
    const attempt = await beginAttempt(ctx, req, reply, { kind: 'staff', account: principal.account });
    const row = await findTwoFactor(db, principal.staffId);
    const ok = await verifyLogin(password, row?.passwordHash, (hash) => setStaffPasswordHashById(db, principal.staffId, hash));
    return { attempt, ok };
  };

  return {
    twoFactorStatus: async ({ principal }) => status(principal),

    twoFactorStart: async ({ principal, req }) => {
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        const row = await lockMember(tx, principal.staffId);
        if (row.totpEnabledAt) throw conflict('两步验证已启用；如需更换验证器，请先停用再重新启用');
        // Not in use until confirmed with a code; starting again replaces it.
        await updateTwoFactor(tx, principal.staffId, { totpSecret: secret, totpLastStep: null });
        await audit(tx, principal, req, 'staff.twoFactorStart', { type: 'staff', id: principal.staffId });
      });
      return { secret, ...(await enrolmentOf(secret, await loadSiteTitle(db), principal.account)) };
    },

    twoFactorConfirm: async ({ body, principal, req }) => {
      const { codes, hashes } = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const row = await lockMember(tx, principal.staffId);
        if (row.totpEnabledAt) throw conflict('两步验证已启用');
        if (!row.totpSecret) throw badRequest('请先开始启用两步验证（生成二维码）', { code: '请先开始启用两步验证（生成二维码）' });
        const step = await matchTotp(row.totpSecret, body.code, null);
        if (step === null) throw badRequest(`一次性验证码：${WRONG_CODE}`, { code: WRONG_CODE });
        await updateTwoFactor(tx, principal.staffId, { totpEnabledAt: new Date(), totpLastStep: step, recoveryCodeHashes: hashes });
        await audit(tx, principal, req, 'staff.twoFactorEnable', { type: 'staff', id: principal.staffId });
      });
      await markSessionVerified(db, principal.sessionId);
      return { recoveryCodes: codes };
    },

    twoFactorDisable: async ({ body, principal, req, reply }) => {
      const { attempt, ok } = await checkPassword(principal, req, reply, body.password);
      const done = ok
        ? await db.transaction(async (tx) => {
            const row = await lockMember(tx, principal.staffId);
            if (!row.totpEnabledAt) throw conflict('两步验证未启用');
            if (!(await spendSecondFactor(row, body))) return false;
            await updateTwoFactor(tx, principal.staffId, { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] });
            await audit(tx, principal, req, 'staff.twoFactorDisable', { type: 'staff', id: principal.staffId }, { withRecoveryCode: body.recoveryCode !== undefined });
            return true;
          })
        : false;
      if (!done) {
        await attempt.failed();
        const field = body.recoveryCode !== undefined ? 'recoveryCode' : 'code';
        throw badRequest('密码或验证码错误', ok ? { [field]: body.recoveryCode !== undefined ? '恢复码错误或已使用' : WRONG_CODE } : { password: '密码错误' });
      }
      await attempt.succeeded();
      return status(principal);
    },

    twoFactorRecoveryCodes: async ({ body, principal, req }) => {
      const { codes, hashes } = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const row = await lockMember(tx, principal.staffId);
        if (!row.totpEnabledAt) throw conflict('请先启用两步验证');
        const spent = await spendSecondFactor(row, { code: body.code });
        if (!spent) throw badRequest(`一次性验证码：${WRONG_CODE}`, { code: WRONG_CODE });
        await updateTwoFactor(tx, principal.staffId, { ...spent, recoveryCodeHashes: hashes });
        await audit(tx, principal, req, 'staff.recoveryCodesRegenerate', { type: 'staff', id: principal.staffId });
      });
      return { recoveryCodes: codes };
    },

    reauth: async ({ body, principal, req, reply }) => {
      let ok: boolean;
      let attempt;
      if (body.password !== undefined) {
        ({ attempt, ok } = await checkPassword(principal, req, reply, body.password));
      } else {
        attempt = await beginAttempt(ctx, req, reply, { kind: 'staff', account: principal.account });
        ok = await db.transaction(async (tx) => {
          const row = await lockMember(tx, principal.staffId);
          if (!row.totpEnabledAt) throw badRequest('未启用两步验证，请输入密码', { code: '未启用两步验证，请输入密码' });
          const spent = await spendSecondFactor(row, { code: body.code });
          if (spent) await updateTwoFactor(tx, principal.staffId, spent);
          return spent !== null;
        });
      }
      if (!ok) {
        await attempt.failed();
        throw body.password !== undefined ? badRequest('密码错误', { password: '密码错误' }) : badRequest(`一次性验证码：${WRONG_CODE}`, { code: WRONG_CODE });
      }
      await attempt.succeeded();
      const verifiedAt = await markSessionVerified(db, principal.sessionId);
      await audit(db, principal, req, 'staff.reauth', { type: 'staff', id: principal.staffId }, { with: body.password !== undefined ? 'password' : 'totp' });
      return { verifiedAt: iso(verifiedAt) };
    },
  };
}
