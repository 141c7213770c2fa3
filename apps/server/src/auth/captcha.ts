import { randomBytes } from 'node:crypto';
import { Errno, type PowChallenge } from '@flagship/api-client';
import { createChallenge, randomInt, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyReply, FastifyRequest } from 'fastify';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { countLiveCaptchas, deleteCaptchasExpiredBefore, insertCaptcha, useCaptcha } from './captcha-repository';
import { sha256Hex } from './tokens';

export const CAPTCHA_COOKIE = 'fs_captcha';
const CAPTCHA_TTL_MS = 5 * 60_000;

/**
 * Proof-of-work cost: the browser tries counters until it reaches a random one in
 * [POW_BASE × level, 2 × POW_BASE × level). POW_BASE is well under a second on a phone; the
 * level doubles for every POW_FREE captchas one address took within the TTL, up to POW_MAX_LEVEL
 * (a few seconds on a phone), so a bot answering fast pays more and more.
 */
const POW_BASE = 10_000;
const POW_FREE = 5;
const POW_MAX_LEVEL = 16;
/** Marks a proof-of-work row: its answer_hash holds the challenge's own HMAC key, not a hash. */
const POW_MARK = 'pow:';

/** Captcha ids start with a digest of the caller's address, so its recent captchas can be counted. */
const addressPrefix = (req: FastifyRequest) => `${sha256Hex(req.ip).slice(0, 12)}.`;

async function newCaptchaId(db: Database, req: FastifyRequest) {
  const now = Date.now();
  // Old captchas are worthless; dropping them here keeps the table small without a timer.
  await deleteCaptchasExpiredBefore(db, new Date(now - CAPTCHA_TTL_MS));
  return { id: addressPrefix(req) + randomBytes(18).toString('base64url'), expiresAt: new Date(now + CAPTCHA_TTL_MS) };
}

/** The image captcha, the fallback for SDK clients: the answer is bound to an HttpOnly cookie, lives 5 minutes and is used once. */
export async function issueCaptcha(db: Database, req: FastifyRequest, reply: FastifyReply, exposeAnswer: boolean) {
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f1ec' });
  const { id, expiresAt } = await newCaptchaId(db, req);
  await insertCaptcha(db, id, sha256Hex(captcha.text.toLowerCase()), expiresAt);
  reply.setCookie(CAPTCHA_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: CAPTCHA_TTL_MS / 1000 });
  reply.header('cache-control', 'no-store');
  if (exposeAnswer) reply.header('x-captcha-answer', captcha.text);
  return reply.type('image/svg+xml').send(captcha.data);
}

/** The level of the next proof-of-work for this caller: 1, 2, 4 … POW_MAX_LEVEL. */
export async function powLevel(db: Database, req: FastifyRequest): Promise<number> {
  const recent = await countLiveCaptchas(db, addressPrefix(req));
  return Math.min(POW_MAX_LEVEL, 2 ** Math.floor(recent / POW_FREE));
}

/**
 * A proof-of-work challenge, stored like a captcha (same lifetime, used once). Each is signed
 * with a key of its own kept in its row, so no server secret is needed and any instance verifies.
 */
export async function issueChallenge(db: Database, req: FastifyRequest, reply: FastifyReply): Promise<PowChallenge> {
  const level = await powLevel(db, req);
  const { id, expiresAt } = await newCaptchaId(db, req);
  const key = randomBytes(32).toString('base64url');
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(POW_BASE * level, 2 * POW_BASE * level),
    deriveKey,
    expiresAt,
    data: { id, level },
    hmacSignatureSecret: key,
  });
  await insertCaptcha(db, id, POW_MARK + key, expiresAt);
  reply.header('cache-control', 'no-store');
  return challenge;
}

const powFailed = (message: string) =>
  new AppError(Errno.CAPTCHA_INVALID, message, { fields: { captcha: message } });

/** Consume the proof-of-work in `payload` (the widget's base64 JSON); any attempt uses it up. */
async function verifyPow(db: Database, payload: string) {
  let parsed: Payload;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
  } catch {
    throw powFailed('人机验证结果无法识别，请重新验证');
  }
  const id = parsed?.challenge?.parameters?.data?.id;
  if (typeof id !== 'string' || typeof parsed.solution !== 'object' || parsed.solution === null) {
    throw powFailed('人机验证结果无法识别，请重新验证');
  }
  const stored = await useCaptcha(db, id);
  if (!stored?.startsWith(POW_MARK)) throw powFailed('人机验证已过期或已使用，请重新验证');
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: stored.slice(POW_MARK.length),
  }).catch(() => ({ verified: false, expired: false }));
  if (result.expired) throw powFailed('人机验证已过期，请重新验证');
  if (!result.verified) throw powFailed('人机验证未通过，请重新验证');
}

/** Image answers are a few characters; a proof-of-work payload is hundreds. */
const IMAGE_ANSWER_MAX = 10;

/** Consume the request's captcha (an image answer or a solved proof-of-work); any attempt uses it up, right or wrong. */
export async function verifyCaptcha(db: Database, req: FastifyRequest, reply: FastifyReply, answer: string) {
  if (answer.length > IMAGE_ANSWER_MAX) return verifyPow(db, answer);
  const id = req.cookies[CAPTCHA_COOKIE];
  if (!id) throw new AppError(Errno.CAPTCHA_INVALID, '图形验证码已过期，请点击图片刷新');
  reply.clearCookie(CAPTCHA_COOKIE, { path: '/' });
  const answerHash = await useCaptcha(db, id);
  if (!answerHash || answerHash.startsWith(POW_MARK)) throw new AppError(Errno.CAPTCHA_INVALID, '图形验证码已过期，请点击图片刷新');
  if (answerHash !== sha256Hex(answer.trim().toLowerCase())) {
    throw new AppError(Errno.CAPTCHA_INVALID, '图形验证码错误，请重新输入');
  }
}
