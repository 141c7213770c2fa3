import { createHmac } from 'node:crypto';

export const GATE_COOKIE = 'fs_access';

/**
 * The cookie that unlocks a closed site: an HMAC keyed by the stored password hash, so every
 * server process agrees on it and changing the password locks everyone out again.
 */
export function gateCookieValue(accessPasswordHash: string): string {
  return createHmac('sha256', accessPasswordHash).update('flagship-site-access').digest('base64url');
}
