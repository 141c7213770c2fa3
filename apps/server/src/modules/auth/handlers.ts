import { randomInt } from 'node:crypto';
import { Errno, isValidMobile, SESSION_TTL_MS, weakPasswordMessage, type UserInfo } from '@flagship/api-client';
import type { FastifyRequest } from 'fastify';
import { issueCaptcha, issueChallenge, verifyCaptcha } from '../../auth/captcha';
import { beginAttempt, checkPasswordAgain, DEVICE_COOKIE, resetBrake } from '../../auth/login-brake';
import { gateCookieValue, GATE_COOKIE } from '../../auth/site-gate';
import { insertLoginChallenge, lockLoginChallenge, useLoginChallenge, userChallengeOwner } from '../../auth/login-challenge-repository';
import { CEREMONY_TTL_MS } from '../../auth/passkeys';
import { forgetSessions, revokeSession, revokeSessions } from '../../auth/principal-repository';
import { hashToken, newToken, sha256Hex } from '../../auth/tokens';
import { spendSecondFactor } from '../../auth/two-factor';
import { lockUserTwoFactor, updateUserTwoFactor } from '../../auth/user-two-factor-repository';
import { iso } from '../../lib/dates';
import { writeAudit } from '../../shared/audit-repository';
import type { AppContext } from '../../context';
import { hashPassword, verifyLogin, verifyPassword } from '../../db/password';
import { SENT, type Handlers } from '../../http/endpoints';
import { AppError, badRequest } from '../../http/errors';
import { checkPasswordStrength } from '../../lib/password-strength';
import { accessPasswordHash } from '../../shared/access-password-repository';
import { enterpriseStatusOf } from '../../shared/enterprise-authentication-repository';
import { loadSiteTitle } from '../../shared/settings-repository';
import {
  codeSentSince,
  insertCode,
  insertSession,
  insertUser,
  latestLiveCode,
  passwordHashOf,
  rehashPassword,
  setPassword,
  takeCodeAttempt,
  useCode,
  userByAccount,
} from './repository';

const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_ATTEMPTS = 5;
const CODE_COOLDOWN_S = 60;

/** Refuse a password zxcvbn finds easy to guess, given what is known of its owner. */
function checkNewPassword(password: string, ...aboutOwner: string[]) {
  const strength = checkPasswordStrength(password, aboutOwner);
  if (!strength.ok) throw badRequest(`密码：${weakPasswordMessage(strength)}`, { password: weakPasswordMessage(strength) });
}


const EXPIRED_CHALLENGE = '登录凭据：登录已超时或验证已完成，请重新输入账号和密码';

export function authHandlers(ctx: AppContext): Handlers['auth'] {
  const { db, config } = ctx;

  const openSession = async (user: { id: number; account: string }, req: FastifyRequest): Promise<UserInfo> => {
    const token = newToken();
    await insertSession(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    });
    return { token, id: user.id, account: user.account, enterprise_authentication_status: await enterpriseStatusOf(db, user.id) };
  };

  return {
    captcha: async ({ req, reply }) => {
      await issueCaptcha(db, req, reply, config.captchaTest);
      return SENT;
    },

    register: async ({ body, req, reply }) => {
      await verifyCaptcha(db, req, reply, body.captcha);
      checkNewPassword(body.password, body.account);
      const passwordHash = await hashPassword(body.password);
      const user = await insertUser(db, {
        account: body.account,
        passwordHash,
        name: '',
        mobile: isValidMobile(body.account) ? body.account : '',
        email: isValidMobile(body.account) ? '' : body.account,
      });
      if (!user) throw new AppError(Errno.CONFLICT, '该账号已注册，请直接登录');
      return user;
    },

    login: async ({ body, req, reply }) => {
      await verifyCaptcha(db, req, reply, body.captcha);
      const attempt = await beginAttempt(ctx, req, reply, { kind: 'user', account: body.account });
      const user = await userByAccount(db, body.account);
      const ok = await verifyLogin(
        body.password,
        user?.passwordHash,
        (passwordHash) => rehashPassword(db, body.account, passwordHash),
        (error) => req.log.error({ err: error }, 'password rehash failed'),
      );
      if (!user || !ok) {
        await attempt.failed(user);
        throw badRequest('账号或密码错误', { password: '账号或密码错误' });
      }
      if (user.totpEnabledAt) {
        // As for staff: the password alone does not clear the brake, wrong codes keep counting.
        const challenge = newToken();
        const expiresAt = new Date(Date.now() + CEREMONY_TTL_MS);
        await insertLoginChallenge(db, { tokenHash: hashToken(challenge), userId: user.id, expiresAt });
        return { secondStep: 'twoFactor' as const, totp: true, passkey: null, challenge, expiresAt: iso(expiresAt), account: user.account };
      }
      await attempt.succeeded();
      return openSession(user, req);
    },

    loginSecondStep: async ({ body, req, reply }) => {
      const tokenHash = hashToken(body.challenge);
      const owner = await userChallengeOwner(db, tokenHash);
      if (!owner) throw badRequest(EXPIRED_CHALLENGE, { challenge: '已超时或已使用' });
      const attempt = await beginAttempt(ctx, req, reply, { kind: 'user', account: owner.account });
      const spent = await db.transaction(async (tx) => {
        const challenge = await lockLoginChallenge(tx, tokenHash);
        const row = challenge?.userId != null ? await lockUserTwoFactor(tx, challenge.userId) : undefined;
        if (!challenge || !row) return 'expired' as const;
        const changes = await spendSecondFactor(row, body);
        if (!changes) return 'wrong' as const;
        await updateUserTwoFactor(tx, row.id, changes);
        await useLoginChallenge(tx, challenge.id);
        return changes;
      });
      if (spent === 'expired') throw badRequest(EXPIRED_CHALLENGE, { challenge: '已超时或已使用' });
      if (spent === 'wrong') {
        await attempt.failed({ id: owner.userId, account: owner.account });
        throw body.recoveryCode !== undefined
          ? badRequest('恢复码：恢复码错误或已使用', { recoveryCode: '恢复码错误或已使用' })
          : badRequest('一次性验证码：验证码错误或已使用，请输入验证器中当前显示的验证码', { code: '一次性验证码错误或已使用' });
      }
      await attempt.succeeded();
      if ('recoveryCodeHashes' in spent) {
        await writeAudit(db, {
          actorKind: 'user',
          actorId: owner.userId,
          action: 'user.loginWithRecoveryCode',
          objectType: 'user',
          objectId: String(owner.userId),
          detail: { recoveryCodesLeft: spent.recoveryCodeHashes.length },
          ip: req.ip,
        });
      }
      return openSession({ id: owner.userId, account: owner.account }, req);
    },

    logout: async ({ principal }) => {
      forgetSessions(db, await revokeSession(db, principal.sessionId));
      return null;
    },

    editPassword: async ({ body, principal, req, reply }) => {
      const stored = await passwordHashOf(db, principal.userId);
      const owner = { id: principal.userId, account: principal.account };
      if (!(await checkPasswordAgain(ctx, req, reply, owner, async () => !!stored && verifyPassword(body.oldPassword, stored)))) {
        throw badRequest('原密码：原密码不正确', { oldPassword: '原密码不正确' });
      }
      checkNewPassword(body.password, principal.account);
      const passwordHash = await hashPassword(body.password);
      const ended = await db.transaction(async (tx) => {
        await setPassword(tx, principal.userId, passwordHash);
        await resetBrake(tx, { kind: 'user', account: principal.account }, req.cookies[DEVICE_COOKIE]);
        // Every other session ends; this one goes on, and so does this browser's standing as known.
        return revokeSessions(tx, principal.userId, principal.sessionId);
      });
      forgetSessions(db, ended);
      return null;
    },

    sendCode: async ({ query, req, reply }) => {
      const account = query.account;
      // One code a minute per account, whether or not the account exists: the answer tells nothing.
      const recent = await codeSentSince(db, account, new Date(Date.now() - CODE_COOLDOWN_S * 1000));
      if (recent) {
        const retryAfter = Math.max(1, CODE_COOLDOWN_S - Math.floor((Date.now() - recent.getTime()) / 1000));
        reply.header('retry-after', String(retryAfter));
        throw new AppError(Errno.TOO_MANY_REQUESTS, `验证码已发送，请 ${retryAfter} 秒后再试`, { retryAfter });
      }
      const user = await userByAccount(db, account);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await insertCode(db, {
        account,
        // Unknown accounts get a row too (never usable: findPassword needs the user), so timing and cooldown match.
        codeHash: sha256Hex(`${account}:${code}`),
        purpose: 'findPassword',
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      if (user) {
        // Queued after the answer (ctx.mailer queues a `mail` job, sent at once and retried with back-off):
        // neither a failing mail server nor the time it takes may tell that the account exists.
        void (async () => {
          try {
            const text = `您正在找回${await loadSiteTitle(db)}的登录密码，验证码：${code}，10 分钟内有效。如非本人操作，请忽略。`;
            if (isValidMobile(account)) await ctx.mailer.sendSms({ to: account, text });
            else await ctx.mailer.sendMail({ to: account, subject: '找回密码验证码', text });
          } catch (error) {
            req.log.error({ err: error }, 'verification code could not be queued');
          }
        })();
      }
      return { cooldown: CODE_COOLDOWN_S, expiresIn: CODE_TTL_MS / 60_000 };
    },

    findPassword: async ({ body }) => {
      // Unknown accounts have codes too (sendCode stores one, never sent): every step below runs
      // and answers alike for both, so the answer cannot tell whether the account exists.
      const user = await userByAccount(db, body.account);
      const code = await latestLiveCode(db, body.account);
      if (!code) throw new AppError(Errno.CODE_INVALID, '验证码错误或已过期，请重新获取');
      // Every try takes one of the 5 in a single statement, so parallel guesses cannot share a count.
      if (!(await takeCodeAttempt(db, code.id, CODE_MAX_ATTEMPTS))) throw new AppError(Errno.CODE_INVALID, '验证码尝试次数过多，请重新获取');
      if (code.codeHash !== sha256Hex(`${body.account}:${body.code}`) || !user) {
        throw new AppError(Errno.CODE_INVALID, '验证码错误，请重新输入');
      }
      checkNewPassword(body.password, body.account);
      const passwordHash = await hashPassword(body.password);
      const ended = await db.transaction(async (tx) => {
        if (!(await useCode(tx, code.id))) throw new AppError(Errno.CODE_INVALID, '验证码已使用，请重新获取');
        await setPassword(tx, user.id, passwordHash);
        // The owner proved the account theirs: they may sign in at once, and no other browser stays
        // known. With two-factor on, the count stands: the code, not the mailbox, is the last proof.
        await resetBrake(tx, { kind: 'user', account: user.account }, undefined, { keepCount: user.totpEnabledAt !== null });
        return revokeSessions(tx, user.id);
      });
      forgetSessions(db, ended);
      return null;
    },

    checkAccessPassword: async ({ body, req, reply }) => {
      const hash = await accessPasswordHash(db);
      if (!hash) return null;
      const attempt = await beginAttempt(ctx, req, reply, { kind: 'gate' });
      if (!(await verifyPassword(body.password, hash))) {
        await attempt.failed();
        throw badRequest('访问密码：访问密码不正确', { password: '访问密码不正确' });
      }
      await attempt.succeeded();
      reply.setCookie(GATE_COOKIE, gateCookieValue(hash), { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 30 * 24 * 3600 });
      return null;
    },

    challenge: ({ req, reply }) => issueChallenge(db, req, reply),
  };
}
