import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, usePasswordCost, verifyLogin, verifyPassword } from './password';

describe('password hashing', () => {
  // The suite's setup lowers the cost (test/setup.ts); these tests hold production's.
  beforeAll(() => usePasswordCost('standard'));
  afterAll(() => usePasswordCost('test'));

  it('hashes with scrypt N=2^17, r=8, p=1 into scrypt$N$r$p$salt$hash and verifies', async () => {
    const stored = await hashPassword('Flagship@2026');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(hash ?? '', 'base64')).toHaveLength(64);
    expect(await verifyPassword('Flagship@2026', stored)).toBe(true);
    expect(await verifyPassword('flagship@2026', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('hashes at the test cost only when told, and such a hash is replaced once the standard cost is back', async () => {
    usePasswordCost('test');
    const cheap = await hashPassword('Flagship@2026');
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '2048', '8', '1']);
    expect(await verifyPassword('Flagship@2026', cheap)).toBe(true);
    expect(await verifyLogin('Flagship@2026', cheap, async () => {})).toBe(true);
    expect(needsRehash(cheap)).toBe(false);
    usePasswordCost('standard');
    expect(needsRehash(cheap)).toBe(true);
    const replaced: string[] = [];
    expect(await verifyLogin('Flagship@2026', cheap, async (hash) => void replaced.push(hash))).toBe(true);
    expect(replaced[0]?.split('$')[1]).toBe('131072');
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('同一个密码'), hashPassword('同一个密码')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('同一个密码', a)).toBe(true);
    expect(await verifyPassword('同一个密码', b)).toBe(true);
  });

  it('verifies hashes made with other (valid) parameters and flags them for rehashing', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('secret', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('secret', stored)).toBe(true);
    expect(await verifyPassword('Secret', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('answers false, without throwing, for malformed or absurd stored values', async () => {
    for (const stored of [
      null,
      undefined,
      '',
      'plain',
      'bcrypt$10$abc',
      'scrypt$131072$8$1$c2FsdA==',
      'scrypt$100000$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA==',
      'scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA==',
      'scrypt$131072$8$1$$aGFzaGhhc2hoYXNoaGFzaA==',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('verifyLogin: false for an unknown account, and a weak match is rehashed once', async () => {
    const replaced: string[] = [];
    const replace = async (hash: string) => void replaced.push(hash);
    expect(await verifyLogin('secret', undefined, replace)).toBe(false);
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const weak = `scrypt$1024$8$1$${salt.toString('base64')}$${scryptSync('secret', salt, 64, { N: 1024, r: 8, p: 1 }).toString('base64')}`;
    expect(await verifyLogin('wrong', weak, replace)).toBe(false);
    expect(replaced).toEqual([]);
    expect(await verifyLogin('secret', weak, replace)).toBe(true);
    expect(replaced).toHaveLength(1);
    expect(needsRehash(replaced[0] as string)).toBe(false);
    expect(await verifyLogin('secret', replaced[0], replace)).toBe(true);
    expect(replaced).toHaveLength(1);
    // A rehash that cannot be stored is reported, and the correct password still logs in.
    const failures: unknown[] = [];
    const broken = async () => Promise.reject(new Error('database gone'));
    expect(await verifyLogin('secret', weak, broken, (error) => failures.push(error))).toBe(true);
    expect(failures).toHaveLength(1);
  });
});

