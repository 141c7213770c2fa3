import { describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar,
  idCardCheckChar,
  isValidCreditCode,
  isValidEmail,
  isValidIdCardNumber,
  isValidMobile,
} from './checks';

// Independent computations of the check characters, written from the standards' other formulation.

/** GB 11643-1999: weights 2^(17-i) mod 11; check value (12 - sum mod 11) mod 11, 10 written X. */
function referenceIdCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const value = (12 - (sum % 11)) % 11;
  return value === 10 ? 'X' : String(value);
}

/** GB 32100-2015: weights 3^i mod 31. */
function referenceCreditCheck(first17: string): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += chars.indexOf(first17[i] ?? '') * (3 ** i % 31);
  return chars[(31 - (sum % 31)) % 31] ?? '';
}

function replaceAt(s: string, index: number, char: string): string {
  return s.slice(0, index) + char + s.slice(index + 1);
}

const ID_PREFIXES = [
  '11010519491231002', // the standard's own example (check X)
  '11010119900307447',
  '44030419851201123',
  '31011520000229001', // born on a leap day
  '51010719761015567',
  '65010220101111890',
];

describe('idCardCheckChar', () => {
  it('matches the standard example and the reference formula', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    for (const prefix of ID_PREFIXES) expect(idCardCheckChar(prefix)).toBe(referenceIdCheck(prefix));
  });

  it('refuses input that is not 17 digits', () => {
    expect(() => idCardCheckChar('1101051949123100')).toThrow(RangeError);
    expect(() => idCardCheckChar('1101051949123100A')).toThrow(RangeError);
  });
});

describe('isValidIdCardNumber', () => {
  const valid = ID_PREFIXES.map((prefix) => prefix + referenceIdCheck(prefix));

  it('accepts generated numbers with correct check characters', () => {
    expect(valid).toContain('11010519491231002X');
    for (const id of valid) expect(isValidIdCardNumber(id)).toBe(true);
  });

  it('rejects a wrong check character or a changed digit', () => {
    for (const id of valid) {
      const check = id.charAt(17);
      expect(isValidIdCardNumber(replaceAt(id, 17, check === '0' ? '1' : '0'))).toBe(false);
      const digit = id.charAt(16);
      expect(isValidIdCardNumber(replaceAt(id, 16, digit === '9' ? '8' : String(Number(digit) + 1)))).toBe(false);
    }
  });

  it('rejects impossible or future birth dates even with a matching check character', () => {
    for (const prefix of ['11010519990230001', '11010520230229001', '11010519991301001', '11010518991231001', '11010530000101001']) {
      expect(isValidIdCardNumber(prefix + referenceIdCheck(prefix))).toBe(false);
    }
  });

  it('rejects wrong lengths, letters and a lower-case x', () => {
    expect(isValidIdCardNumber('')).toBe(false);
    expect(isValidIdCardNumber('11010519491231002')).toBe(false);
    expect(isValidIdCardNumber('11010519491231002X1')).toBe(false);
    expect(isValidIdCardNumber('11010519491231002x')).toBe(false);
    expect(isValidIdCardNumber('A1010519491231002X')).toBe(false);
    expect(isValidIdCardNumber('110105194912310')).toBe(false); // the old 15-digit form
  });
});

describe('credit codes', () => {
  // Codes of registered companies, as printed on their business licences.
  const published = ['91110108551385082Q', '914403001922038216', '91350100M000100Y43', '91330100799655058B', '9144030071526726XG'];
  const generated = ['91110000MA01ABCD1', '12100000400000123', '52310000MJ4567890', '93440300MA5FXYW12', '11100000000000000'].map(
    (prefix) => prefix + referenceCreditCheck(prefix),
  );

  it('computes the check character like the reference formula', () => {
    for (const code of [...published, ...generated]) expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code.charAt(17));
  });

  it('accepts published and generated codes', () => {
    for (const code of [...published, ...generated]) expect(isValidCreditCode(code)).toBe(true);
  });

  it('rejects a wrong check character or a changed character', () => {
    for (const code of [...published, ...generated]) {
      expect(isValidCreditCode(replaceAt(code, 17, code.charAt(17) === 'A' ? 'B' : 'A'))).toBe(false);
      expect(isValidCreditCode(replaceAt(code, 10, code.charAt(10) === '1' ? '2' : '1'))).toBe(false);
    }
  });

  it('rejects letters outside the character set, lower case and wrong lengths', () => {
    expect(isValidCreditCode('91110108551385082')).toBe(false);
    expect(isValidCreditCode('91110108551385082QQ')).toBe(false);
    expect(isValidCreditCode('91110108551385082q')).toBe(false);
    for (const letter of ['I', 'O', 'S', 'V', 'Z']) {
      const prefix = `9111010855138508${letter}`;
      expect(isValidCreditCode(`${prefix}0`)).toBe(false);
      expect(() => creditCodeCheckChar(prefix)).toThrow(RangeError);
    }
    expect(() => creditCodeCheckChar('9111')).toThrow(RangeError);
  });
});

describe('isValidMobile', () => {
  it('accepts 11-digit mainland numbers starting 13–19', () => {
    for (const n of ['13800138000', '15912345678', '19999999999', '16600000000']) expect(isValidMobile(n)).toBe(true);
  });

  it('rejects other numbers', () => {
    for (const n of ['12800138000', '1380013800', '138001380000', '+8613800138000', '138-0013-8000', '', '10086']) {
      expect(isValidMobile(n)).toBe(false);
    }
  });
});

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const e of ['a@example.com', 'zhang.san+apply@art.org.cn', 'x_y@mail.example.cn']) expect(isValidEmail(e)).toBe(true);
  });

  it('rejects malformed ones', () => {
    for (const e of ['', 'a', 'a@', '@example.com', 'a@example', 'a b@example.com', 'a@@example.com']) {
      expect(isValidEmail(e)).toBe(false);
    }
  });
});
