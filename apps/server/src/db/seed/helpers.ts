// Small helpers for the demo content: dates relative to the seeding time (in Beijing time),
// identifiers with correct check characters, and HTML building.
import { BEIJING_OFFSET_MS, beijingDate } from '../../lib/beijing-time';
import { escapeHtml } from '../../lib/escape-html';

const DAY_MS = 86_400_000;

/** `days` after the Beijing calendar day of `now`, at `hour:minute` Beijing time. */
export function beijingDay(now: Date, days: number, hour = 9, minute = 0): Date {
  const [y, m, d] = beijingDate(now);
  return new Date(Date.UTC(y, m, d + days, hour, minute) - BEIJING_OFFSET_MS);
}

/** `YYYY-MM-DD` of an instant in Beijing time. */
export function isoDate(at: Date): string {
  const [y, m, d] = beijingDate(at);
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** `2026年3月18日` */
export function chineseDate(at: Date): string {
  const [y, m, d] = beijingDate(at);
  return `${y}年${m + 1}月${d}日`;
}

// --- Unified social credit codes (GB 32100-2015) and organisation codes (GB 11714-1997) ---

export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Check character of a unified social credit code from its first 17 characters. */
export function creditCodeCheckChar(first17: string): string {
  if (first17.length !== 17) throw new RangeError(`A credit code body has 17 characters, not ${first17.length}`);
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARSET.indexOf(first17.charAt(i));
    if (value < 0) throw new RangeError(`Invalid credit code character "${first17.charAt(i)}"`);
    sum += value * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CODE_CHARSET.charAt((31 - (sum % 31)) % 31);
}

export function isValidCreditCode(code: string): boolean {
  return /^[0-9A-HJ-NP-RTUW-Y]{18}$/.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code.charAt(17);
}

const ORG_CODE_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** Check character of an organisation code (its 9th character) from its first 8 characters. */
export function orgCodeCheckChar(first8: string): string {
  if (!/^[0-9A-Z]{8}$/.test(first8)) throw new RangeError(`Invalid organisation code body "${first8}"`);
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = first8.charAt(i);
    const value = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55; // A = 10
    sum += value * (ORG_CODE_WEIGHTS[i] ?? 0);
  }
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

/**
 * A unified social credit code for a company (registration authority 9 = market regulation,
 * kind 1 = enterprise) registered in `divisionCode`, with organisation-code body `orgBody`
 * (8 digits or capitals; its own check character is computed).
 */
export function companyCreditCode(divisionCode: string, orgBody: string): string {
  if (!/^\d{6}$/.test(divisionCode)) throw new RangeError(`Invalid division code "${divisionCode}"`);
  const org = orgBody + orgCodeCheckChar(orgBody);
  const first17 = `91${divisionCode}${org}`;
  // The organisation-code check may be "X"; that character is valid in credit codes too.
  return first17 + creditCodeCheckChar(first17);
}

// --- HTML ---


/** Paragraphs of plain text as `<p>` elements. */
export function paragraphs(...texts: string[]): string {
  return texts.map((t) => `<p>${escapeHtml(t)}</p>`).join('');
}

/** A heading followed by paragraphs. */
export function section(heading: string, ...texts: string[]): string {
  return `<h3>${escapeHtml(heading)}</h3>${paragraphs(...texts)}`;
}

/** A heading followed by an ordered list. */
export function numbered(heading: string, items: string[]): string {
  return `<h3>${escapeHtml(heading)}</h3><ol>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ol>`;
}

/** A heading followed by a bulleted list. */
export function bulleted(heading: string, items: string[]): string {
  return `<h3>${escapeHtml(heading)}</h3><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}
