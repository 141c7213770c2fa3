import type { TwoFactorStatus } from '@flagship/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { beginAttempt } from '../../../auth/login-brake';
import type { StaffPrincipal } from '../../../auth/principal';
import { authenticationOptions, CEREMONY_TTL_MS, challengeOf, registrationOptions, spendPasskey, verifyRegistration } from '../../../auth/passkeys';
import { hashToken } from '../../../auth/tokens';
import { enrolmentOf, matchTotp, newRecoveryCodes, newTotpSecret, spendSecondFactor } from '../../../auth/two-factor';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { verifyLogin } from '../../../db/password';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { iso } from '../../../lib/dates';
import { audit } from '../../../shared/audit-repository';
import { loadSiteTitle } from '../../../shared/settings-repository';
import {
  deletePasskey,
  findTwoFactor,
  insertPasskey,
  listPasskeys,
  loadStaffTwoFactorRequired,
  lockTwoFactor,
  markSessionVerified,
  setStaffPasswordHashById,
  updateTwoFactor,
  type TwoFactorRow,
} from '../../../auth/staff-two-factor-repository';
import { insertLoginChallenge, lockLoginChallenge, useLoginChallenge } from '../../../auth/login-challenge-repository';

type TwoFactorHandlers = Pick<
  Handlers['console'],
  | 'twoFactorStatus'
  | 'twoFactorStart'
  | 'twoFactorConfirm'
  | 'twoFactorDisable'
  | 'twoFactorRecoveryCodes'
  | 'passkeyRegisterOptions'
  | 'passkeyRegister'
  | 'passkeyDelete'
  | 'reauthPasskeyOptions'
  | 'reauth'
>;

const WRONG_CODE = '一次性验证码错误或已使用，请输入验证器中当前显示的验证码';
const WRONG_PASSKEY = '通行密钥验证未通过（质询已失效或已使用，或该通行密钥已移除），请重试';

async function lockMember(tx: Executor, staffId: number): Promise<TwoFactorRow> {
  const row = await lockTwoFactor(tx, staffId);
  if (!row) throw notFound('工作人员不存在');
  return row;
}

export function twoFactorHandlers(ctx: AppContext): TwoFactorHandlers {
  const { db, config } = ctx;

  const status = async (principal: StaffPrincipal): Promise<TwoFactorStatus> => {
    const row = await findTwoFactor(db, principal.staffId);
    if (!row) throw notFound('工作人员不存在');
    const required = await loadStaffTwoFactorRequired(db);
    const passkeys = await listPasskeys(db, principal.staffId);
    const enabled = row.totpEnabledAt !== null;
    return {
      enabled,
      enabledAt: row.totpEnabledAt ? iso(row.totpEnabledAt) : null,
      recoveryCodesLeft: enabled ? row.recoveryCodeHashes.length : 0,
      required,
      passkeys: passkeys.map((passkey) => ({ id: passkey.id, name: passkey.name, createdAt: iso(passkey.createdAt), lastUsedAt: passkey.lastUsedAt ? iso(passkey.lastUsedAt) : null })),
      enrolmentOnly: required && !enabled && passkeys.length === 0,
    };
  };

  /** A WebAuthn challenge for the signed-in member, single-use and short-lived, kept under its own hash. */
  const newCeremony = async (principal: StaffPrincipal, purpose: 'passkeyRegister' | 'passkeyReauth', challenge: string) => {
    await insertLoginChallenge(db, {
      tokenHash: hashToken(challenge),
      staffId: principal.staffId,
      expiresAt: new Date(Date.now() + CEREMONY_TTL_MS),
      purpose,
      webauthnChallenge: challenge,
    });
  };

  /** The member's live challenge the browser signed, spent now whatever the answer (null: none, or someone else's). */
  const spendCeremony = async (tx: Executor, principal: StaffPrincipal, purpose: 'passkeyRegister' | 'passkeyReauth', credential: { response: { clientDataJSON: string } }) => {
    const signed = challengeOf(credential as Parameters<typeof challengeOf>[0]);
    const row = signed ? await lockLoginChallenge(tx, hashToken(signed), purpose) : undefined;
    if (!row || row.staffId !== principal.staffId || !row.webauthnChallenge) return null;
    await useLoginChallenge(tx, row.id);
    return row.webauthnChallenge;
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

    passkeyRegisterOptions: async ({ principal }) => {
      const member = await findTwoFactor(db, principal.staffId);
      if (!member) throw notFound('工作人员不存在');
      const options = await registrationOptions(config, member, await loadSiteTitle(db), await listPasskeys(db, principal.staffId));
      await newCeremony(principal, 'passkeyRegister', options.challenge);
      return options;
    },

    passkeyRegister: async ({ body, principal, req }) => {
      const saved = await db.transaction(async (tx) => {
        const expected = await spendCeremony(tx, principal, 'passkeyRegister', body.credential);
        const created = expected && (await verifyRegistration(config, body.credential, expected));
        if (!created) return 'refused' as const;
        if (!(await insertPasskey(tx, { staffId: principal.staffId, name: body.name, ...created }))) return 'duplicate' as const;
        await audit(tx, principal, req, 'staff.passkeyAdd', { type: 'staff', id: principal.staffId }, { name: body.name });
        return 'saved' as const;
      });
      if (saved === 'duplicate') throw conflict('该通行密钥已添加过');
      if (saved === 'refused') throw badRequest('通行密钥：注册未通过校验（质询已失效或已使用），请重新添加', { credential: '注册未通过校验，请重新添加' });
      // Adding a passkey proves nothing about who holds the session: it does not renew the proof.
      return status(principal);
    },

    passkeyDelete: async ({ params, principal, req }) => {
      await db.transaction(async (tx) => {
        const removed = await deletePasskey(tx, principal.staffId, params.id);
        if (!removed) throw notFound('通行密钥不存在或已移除');
        await audit(tx, principal, req, 'staff.passkeyRemove', { type: 'staff', id: principal.staffId }, { name: removed.name });
      });
      return status(principal);
    },

    reauthPasskeyOptions: async ({ principal }) => {
      const passkeys = await listPasskeys(db, principal.staffId);
      if (passkeys.length === 0) throw badRequest('通行密钥：未添加通行密钥，请改用密码或一次性验证码', { passkey: '未添加通行密钥' });
      const options = await authenticationOptions(config, passkeys);
      await newCeremony(principal, 'passkeyReauth', options.challenge);
      return options;
    },

    reauth: async ({ body, principal, req, reply }) => {
      let ok: boolean;
      let attempt;
      if (body.password !== undefined) {
        ({ attempt, ok } = await checkPassword(principal, req, reply, body.password));
      } else if (body.passkey !== undefined) {
        const credential = body.passkey;
        attempt = await beginAttempt(ctx, req, reply, { kind: 'staff', account: principal.account });
        ok = await db.transaction(async (tx) => {
          const expected = await spendCeremony(tx, principal, 'passkeyReauth', credential);
          return expected !== null && (await spendPasskey(tx, config, principal.staffId, credential, expected)) !== null;
        });
      } else {
        attempt = await beginAttempt(ctx, req, reply, { kind: 'staff', account: principal.account });
        ok = await db.transaction(async (tx) => {
          const row = await lockMember(tx, principal.staffId);
          if (!row.totpEnabledAt) throw badRequest('未启用两步验证，请输入密码', { code: '未启用两步验证，请输入密码' });
          const spent = await spendSecondFactor(row, { ...(body.code !== undefined ? { code: body.code } : {}) });
          if (spent) await updateTwoFactor(tx, principal.staffId, spent);
          return spent !== null;
        });
      }
      if (!ok) {
        await attempt.failed();
        throw body.password !== undefined
          ? badRequest('密码错误', { password: '密码错误' })
          : body.passkey !== undefined
            ? badRequest(`通行密钥：${WRONG_PASSKEY}`, { passkey: WRONG_PASSKEY })
            : badRequest(`一次性验证码：${WRONG_CODE}`, { code: WRONG_CODE });
      }
      await attempt.succeeded();
      const verifiedAt = await markSessionVerified(db, principal.sessionId);
      await audit(db, principal, req, 'staff.reauth', { type: 'staff', id: principal.staffId }, { with: body.password !== undefined ? 'password' : body.passkey !== undefined ? 'passkey' : 'totp' });
      return { verifiedAt: iso(verifiedAt) };
    },
  };
}
