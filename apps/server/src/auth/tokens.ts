import { createHash, randomBytes } from 'node:crypto';

/** Staff tokens carry a prefix so one lookup finds the right table. */
export const STAFF_TOKEN_PREFIX = 'stf_';

/** 256 random bits, URL-safe. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
