import { hash, randomBytes } from 'node:crypto';

/** Staff tokens carry a prefix so one lookup finds the right table. */
export const STAFF_TOKEN_PREFIX = 'stf_';

/** 256 random bits, URL-safe. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as their SHA-256. Every request with a session hashes its token: Node's
 * one-shot `hash` does it without a `Hash` object (that object was 2 % of a read in the profile).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function sha256Hex(data: string | Buffer): string {
  return hash('sha256', data, 'hex');
}
