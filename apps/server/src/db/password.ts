// Password hashing with scrypt from node:crypto. Stored format:
//   scrypt$N$r$p$saltBase64$hashBase64
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost: N = 2^17 (128 MB, 0.6 s on a 2-core host). Test suites lower it to 2^11 with
 * PASSWORD_HASH_TEST=1 (refused unless NODE_ENV=test, see env.ts), as Rails does for bcrypt
 * under test: hashing was half of the server suite's time. The stored hash names its cost, so
 * either kind verifies under the other.
 */
export const PASSWORD_COSTS = { standard: 131_072, test: 2048 } as const;
export type PasswordCost = keyof typeof PASSWORD_COSTS;
let N: number = PASSWORD_COSTS.standard;

/** Set by each entry point from its configuration, before anything is hashed. */
export function usePasswordCost(cost: PasswordCost): void {
  N = PASSWORD_COSTS[cost];
}

const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const MAX_MEM = 256 * 1024 * 1024;
/** Largest cost accepted when reading a stored hash (guards against absurd stored parameters). */
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hash a password: `scrypt$131072$8$1$<salt>$<hash>` (base64), at the cost in use. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

interface Parsed {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [n, r, p] = parts.slice(1, 4).map((v) => (/^\d{1,8}$/.test(v ?? '') ? Number(v) : NaN));
  if (n === undefined || r === undefined || p === undefined) return null;
  if (!Number.isInteger(n) || n < 2 || n > MAX_N || (n & (n - 1)) !== 0) return null;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const hash = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || hash.length < 16 || hash.length > 256) return null;
  return { n, r, p, salt, hash };
}

/** Whether a password matches a stored hash (constant-time comparison; false for a malformed hash). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) return false;
  const memory = 128 * parsed.n * parsed.r * parsed.p + 1024 * 1024;
  const key = await derive(password, parsed.salt, parsed.hash.length, {
    N: parsed.n,
    r: parsed.r,
    p: parsed.p,
    maxmem: Math.max(MAX_MEM, memory * 2),
  });
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** Whether a stored hash uses weaker parameters than today's and should be replaced after a login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.n < N || parsed.r !== R || parsed.p !== P || parsed.hash.length !== KEY_LENGTH;
}

// A real hash to compare against when the account does not exist, so both paths cost the same
// (made again if the cost in use changes).
let dummyHash: { n: number; hash: Promise<string> } | undefined;

/**
 * Check the password of a login. `stored` is undefined for an unknown account (answered false in
 * the same time). A match against weaker parameters than today's is rehashed and handed to `replace`.
 */
export async function verifyLogin(
  password: string,
  stored: string | undefined,
  replace: (hash: string) => Promise<unknown>,
  onRehashError: (error: unknown) => void = () => {},
): Promise<boolean> {
  if (dummyHash?.n !== N) dummyHash = { n: N, hash: hashPassword('flagship-timing-equaliser') };
  const ok = await verifyPassword(password, stored ?? (await dummyHash.hash));
  if (!stored || !ok) return false;
  // The rehash is opportunistic: a failure to store it must not fail a correct login.
  if (needsRehash(stored)) await replace(await hashPassword(password)).catch(onRehashError);
  return true;
}
