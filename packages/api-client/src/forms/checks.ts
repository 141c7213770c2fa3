import { z } from 'zod';

// Identity numbers and contact details used by form fields and other schemas.

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK_CHARS = '10X98765432';

/** Check character of an 18-character resident ID number (GB 11643-1999) from its first 17 digits. */
export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('身份证号码的前 17 位应为数字');
  const sum = ID_CARD_WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17.charAt(i)), 0);
  return ID_CARD_CHECK_CHARS.charAt(sum % 11);
}

/** `YYYYMMDD`, a real calendar date from 1900 up to today. */
function isValidBirthDate(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && date.getTime() <= Date.now();
}

/** An 18-character PRC resident ID number: birth date and check character (an upper-case X for 10). */
export function isValidIdCardNumber(s: string): boolean {
  if (!/^\d{17}[\dX]$/.test(s)) return false;
  return isValidBirthDate(s.slice(6, 14)) && idCardCheckChar(s.slice(0, 17)) === s.charAt(17);
}

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Check character of a unified social credit code (GB 32100-2015) from its first 17 characters. */
export function creditCodeCheckChar(first17: string): string {
  if (first17.length !== 17) throw new RangeError('统一社会信用代码的前 17 位长度不正确');
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARS.indexOf(first17.charAt(i));
    if (value < 0) throw new RangeError(`统一社会信用代码含有无效字符「${first17.charAt(i)}」`);
    sum += value * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CODE_CHARS.charAt((31 - (sum % 31)) % 31);
}

/** An 18-character unified social credit code in upper case (no I, O, S, V, Z) with a correct check character. */
export function isValidCreditCode(s: string): boolean {
  if (!/^[0-9A-HJ-NP-RTUW-Y]{18}$/.test(s)) return false;
  return creditCodeCheckChar(s.slice(0, 17)) === s.charAt(17);
}

/** A mainland China mobile number: 11 digits starting 13–19. */
export function isValidMobile(s: string): boolean {
  return /^1[3-9]\d{9}$/.test(s);
}

const emailSchema = z.email();

export function isValidEmail(s: string): boolean {
  return emailSchema.safeParse(s).success;
}
