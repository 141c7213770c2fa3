import { creditCodeCheckChar as contractCheckChar, isValidCreditCode as contractIsValid } from '@flagship/api-client';
import { describe, expect, it } from 'vitest';
import { beijingDay, companyCreditCode, creditCodeCheckChar, isoDate, isValidCreditCode, orgCodeCheckChar } from './helpers';

describe('credit codes (GB 32100-2015)', () => {
  it('accepts a published example and rejects a wrong check character', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100M000100I43')).toBe(false);
  });

  it('agrees with the contract package on many bodies', () => {
    const charset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      let body = '';
      for (let j = 0; j < 17; j++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        body += charset.charAt(seed % charset.length);
      }
      expect(creditCodeCheckChar(body)).toBe(contractCheckChar(body));
    }
  });

  it('builds company codes with a valid organisation-code check and credit-code check', () => {
    // GB 11714 example: 12345678 → check 8 (sum 3+14+27+40+25+48+28+16 = 201, 11 - 201 % 11 = 8).
    expect(orgCodeCheckChar('12345678')).toBe('8');
    const code = companyCreditCode('330106', 'MA2H7K3Q');
    expect(code).toHaveLength(18);
    expect(code.startsWith('91330106MA2H7K3Q')).toBe(true);
    expect(contractIsValid(code)).toBe(true);
    expect(() => companyCreditCode('33010', 'MA2H7K3Q')).toThrow();
  });
});

describe('Beijing dates', () => {
  it('places a day at a Beijing wall-clock time whatever the host time zone', () => {
    // 2026-01-31 20:00 UTC is already 1 February in Beijing.
    const now = new Date('2026-01-31T20:00:00Z');
    expect(beijingDay(now, 0, 9).toISOString()).toBe('2026-02-01T01:00:00.000Z');
    expect(beijingDay(now, 28, 17, 30).toISOString()).toBe('2026-03-01T09:30:00.000Z');
    expect(isoDate(now)).toBe('2026-02-01');
  });
});
