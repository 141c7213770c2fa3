import { randomBytes } from 'node:crypto';
import { Errno } from '@flagship/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { deleteCaptchasExpiredBefore, insertCaptcha, useCaptcha } from './captcha-repository';
import { sha256Hex } from './tokens';

export const CAPTCHA_COOKIE = 'fs_captcha';
const CAPTCHA_TTL_MS = 5 * 60_000;

/** A new captcha: the answer is bound to an HttpOnly cookie, lives 5 minutes and is used once. */
export async function issueCaptcha(db: Database, reply: FastifyReply, exposeAnswer: boolean) {
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f1ec' });
  const id = randomBytes(18).toString('base64url');
  const now = Date.now();
  await insertCaptcha(db, id, sha256Hex(captcha.text.toLowerCase()), new Date(now + CAPTCHA_TTL_MS));
  // Old captchas are worthless; dropping them here keeps the table small without a timer.
  await deleteCaptchasExpiredBefore(db, new Date(now - CAPTCHA_TTL_MS));
  reply.setCookie(CAPTCHA_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: CAPTCHA_TTL_MS / 1000 });
  reply.header('cache-control', 'no-store');
  if (exposeAnswer) reply.header('x-captcha-answer', captcha.text);
  return reply.type('image/svg+xml').send(captcha.data);
}

/** Consume the request's captcha; any attempt uses it up, right or wrong. */
export async function verifyCaptcha(db: Database, req: FastifyRequest, reply: FastifyReply, answer: string) {
  const id = req.cookies[CAPTCHA_COOKIE];
  if (!id) throw new AppError(Errno.CAPTCHA_INVALID, '图形验证码已过期，请点击图片刷新');
  reply.clearCookie(CAPTCHA_COOKIE, { path: '/' });
  const answerHash = await useCaptcha(db, id);
  if (!answerHash) throw new AppError(Errno.CAPTCHA_INVALID, '图形验证码已过期，请点击图片刷新');
  if (answerHash !== sha256Hex(answer.trim().toLowerCase())) {
    throw new AppError(Errno.CAPTCHA_INVALID, '图形验证码错误，请重新输入');
  }
}
