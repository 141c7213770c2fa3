import { Errno, isValidMobile } from '@flagship/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { AppError } from '../http/errors';
import { writeAudit } from '../shared/audit-repository';
import { loadSiteTitle } from '../shared/settings-repository';
import { clearAttempts, clearTarget, countAttempt, isKnownDevice, pruneBrakes, rememberDevice } from './login-brake-repository';
import { hashToken, newToken } from './tokens';

/**
 * The per-target brake on password guessing. Failures are counted per account (or for the site
 * gate) whatever the address; after a few, every further attempt waits a delay that doubles with
 * each failure. A browser that signed in to the account before (its device cookie, OWASP "device
 * cookies") is counted on its own, so an attacker cannot keep the owner out.
 */

/** What is guessed at: an applicant's or staff member's account, or the site's access password. */
export type BrakeTarget = { kind: 'user' | 'staff'; account: string } | { kind: 'gate' };

export const DEVICE_COOKIE = 'fs_device';
const DEVICE_TTL_MS = 90 * 24 * 3600_000;
/** A count starts again after a day without failures. */
const QUIET_MS = 24 * 3600_000;
const FIRST_DELAY_MS = 60_000;
const MAX_DELAY_MS = 15 * 60_000;
/** Failures answered before the brake: the gate's one password is shared by every visitor. */
const FREE_FAILURES = { user: 5, staff: 5, gate: 20 } as const;
const PRUNE_EVERY_MS = 60_000;

const keyOf = (target: BrakeTarget) => (target.kind === 'gate' ? 'gate' : `${target.kind}:${target.account}`);

/** The wait after the `failures`-th failure: none before the free ones are used, then 1, 2, 4 … 15 minutes. */
export function brakeDelayMs(kind: BrakeTarget['kind'], failures: number): number {
  const over = failures - FREE_FAILURES[kind];
  return over < 0 ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(over, 20));
}

export interface LoginAttempt {
  /** The password was wrong: when this put the brake on, audit it and tell the owner (applicants). */
  failed(owner?: { id: number; account: string }): Promise<void>;
  /** The password was right: forget this browser's failures and remember it as known for the target. */
  succeeded(): Promise<void>;
}

let lastPrune = 0;

/**
 * Count an attempt before its password is checked (so parallel guesses cannot slip past the
 * count), or refuse it with 429 while the brake is on. Known and unknown accounts take the same
 * path: the answer and its time tell nothing about which exists.
 */
export async function beginAttempt(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, target: BrakeTarget): Promise<LoginAttempt> {
  const { db } = ctx;
  const key = keyOf(target);
  const presented = req.cookies[DEVICE_COOKIE];
  const presentedHash = presented ? hashToken(presented) : undefined;
  const device = presentedHash && (await isKnownDevice(db, presentedHash, key)) ? presentedHash : '';

  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    pruneBrakes(db, new Date(Date.now() - QUIET_MS)).catch((error: unknown) => {
      // Old rows cost only space; the next attempt tries again.
      lastPrune = 0;
      req.log.warn({ err: error }, 'login brake prune failed');
    });
  }

  const { before, after: counted } = await countAttempt(db, key, device, (current) => {
    const now = new Date();
    if (current.blockedUntil && current.blockedUntil > now) return null;
    const failures = now.getTime() - current.lastFailureAt.getTime() > QUIET_MS ? 1 : current.failures + 1;
    const delay = brakeDelayMs(target.kind, failures);
    return { failures, lastFailureAt: now, blockedUntil: delay > 0 ? new Date(now.getTime() + delay) : null };
  });
  if (!counted) {
    const retryAfter = Math.max(1, Math.ceil(((before.blockedUntil?.getTime() ?? 0) - Date.now()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    reply.header('retry-after', String(retryAfter));
    const message = target.kind === 'gate' ? `访问密码错误次数过多，请 ${minutes} 分钟后再试` : `登录失败次数过多，请 ${minutes} 分钟后再试`;
    throw new AppError(Errno.TOO_MANY_REQUESTS, message, { retryAfter });
  }

  // Only the count of all other browsers puts the brake on the account as such.
  const engagesBrake = device === '' && counted.failures === FREE_FAILURES[target.kind];
  return {
    failed: async (owner) => {
      if (!engagesBrake) return;
      await writeAudit(db, {
        actorKind: 'system',
        action: 'login.braked',
        objectType: target.kind === 'gate' ? 'site' : target.kind,
        objectId: owner ? String(owner.id) : null,
        detail: target.kind === 'gate' ? { failures: counted.failures } : { account: target.account, failures: counted.failures },
        ip: req.ip,
      });
      if (target.kind === 'user' && owner) notifyOwner(ctx, req, owner.account);
    },
    succeeded: async () => {
      await clearAttempts(db, key, device);
      const token = newToken();
      await rememberDevice(db, presentedHash, hashToken(token), key, new Date(Date.now() + DEVICE_TTL_MS));
      reply.setCookie(DEVICE_COOKIE, token, { path: '/api/', httpOnly: true, sameSite: 'lax', maxAge: DEVICE_TTL_MS / 1000 });
    },
  };
}

/**
 * A password asked again inside an applicant's session (password change, account deletion),
 * counted in the account's brake like a sign-in: a stolen session must not guess it freely.
 */
export async function checkPasswordAgain(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  owner: { id: number; account: string },
  check: () => Promise<boolean>,
): Promise<boolean> {
  const attempt = await beginAttempt(ctx, req, reply, { kind: 'user', account: owner.account });
  const ok = await check();
  await (ok ? attempt.succeeded() : attempt.failed(owner));
  return ok;
}

/**
 * After a new password: no count stands, and no browser but `keepToken`'s stays known. With
 * `keepCount` the failures stand: an account with two-factor keeps the count of wrong codes, or
 * each password reset would buy fresh guesses at the second step.
 */
export async function resetBrake(db: Executor, target: BrakeTarget, keepToken?: string, options: { keepCount?: boolean } = {}): Promise<void> {
  await clearTarget(db, keyOf(target), keepToken === undefined ? undefined : hashToken(keepToken), options);
}

/** Queued after the answer, so neither its time nor a failing mail server shows that the account exists. */
function notifyOwner(ctx: AppContext, req: FastifyRequest, account: string) {
  void (async () => {
    try {
      const text =
        `您在${await loadSiteTitle(ctx.db)}的账号 ${account} 短时间内多次登录失败（密码错误），已被暂时限制登录。` +
        '如果不是您本人操作，请尽快通过“忘记密码”重设密码；您曾登录过的浏览器不受限制，仍可正常登录。';
      if (isValidMobile(account)) await ctx.mailer.sendSms({ to: account, text });
      else await ctx.mailer.sendMail({ to: account, subject: '登录失败提醒', text });
    } catch (error) {
      req.log.error({ err: error }, 'login warning could not be queued');
    }
  })();
}
