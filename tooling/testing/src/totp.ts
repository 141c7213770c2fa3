import { createHmac } from 'node:crypto';

/**
 * The code an authenticator app shows for time step `step` (RFC 6238: HMAC-SHA1, 6 digits, 30 s),
 * computed here independently of the server's library, as a phone would. For the browser journeys
 * of two-factor sign-in (console and portal).
 */
export function totp(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * Codes for later and later time steps (the server accepts a step once per account and one step
 * ahead at most, so this waits for the clock when it must).
 */
export function totpCodes(): (secret: string) => Promise<string> {
  let nextStep = 0;
  return async (secret) => {
    const now = Math.floor(Date.now() / 30_000);
    nextStep = Math.max(nextStep + 1, now);
    if (nextStep > now + 1) await new Promise((resolve) => setTimeout(resolve, (nextStep - 1) * 30_000 - Date.now() + 500));
    return totp(secret, nextStep);
  };
}
