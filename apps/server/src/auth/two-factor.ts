import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@flagship/api-client';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { sha256Hex } from './tokens';

/**
 * Two-factor sign-in for staff and applicants (issue 16): TOTP per RFC 6238 (SHA-1, 6 digits, 30 s,
 * as every authenticator app expects) and single-use recovery codes kept only as hashes.
 */

/** The two-factor columns of a `staff` or `users` row. */
export interface SecondFactorState {
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
  recoveryCodeHashes: string[];
}

/** What a spent proof changes in the row. */
export type SecondFactorChanges = { totpLastStep: number } | { recoveryCodeHashes: string[] };

/** A code of the step before or after is accepted too: a phone's clock may be a little off. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth URI for the authenticator app and its QR code (an SVG data URL). */
export async function enrolmentOf(secret: string, issuer: string, account: string): Promise<{ otpauthUri: string; qrCode: string }> {
  const otpauthUri = generateURI({ issuer: issuer || '申报平台', label: account, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step `code` matches, or null. A step at or before `lastStep` is refused, so a code
 * seen once (over a shoulder, in a proxy log) cannot sign in again.
 */
export async function matchTotp(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, ...(lastStep === null ? {} : { afterTimeStep: lastStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws on a malformed code or secret: either way, not a match.
    return null;
  }
}

/** Ten codes of 10 characters (about 49 bits each), shown as `xxxxx-xxxxx`, and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => hashRecoveryCode(code)) };
}

/** Codes are random and long, so a plain SHA-256 is enough (no password-style stretching). */
export function hashRecoveryCode(code: string): string {
  return sha256Hex(code.replace(/[\s-]+/g, '').toLowerCase());
}

/**
 * Check a second factor against the locked row: a TOTP code (a step used before is refused) or a
 * recovery code (spent). Returns the row's changes, or null when the code is wrong.
 */
export async function spendSecondFactor(row: SecondFactorState, proof: { code?: string; recoveryCode?: string }): Promise<SecondFactorChanges | null> {
  if (!row.totpSecret || !row.totpEnabledAt) return null;
  if (proof.code !== undefined) {
    const step = await matchTotp(row.totpSecret, proof.code, row.totpLastStep);
    return step === null ? null : { totpLastStep: step };
  }
  if (proof.recoveryCode !== undefined) {
    const hash = hashRecoveryCode(proof.recoveryCode);
    if (!row.recoveryCodeHashes.includes(hash)) return null;
    return { recoveryCodeHashes: row.recoveryCodeHashes.filter((h) => h !== hash) };
  }
  return null;
}
