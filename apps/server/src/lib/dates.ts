/** Timestamps leave the server as ISO 8601 strings. */
export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  if (!date) return null;
  // V8's toISOString takes about 400 ns, and a list of ten applications shows thirty timestamps:
  // the same text from the date's parts takes a third of that (the tests check it is the same).
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  const ms = date.getUTCMilliseconds();
  return `${year}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/**
 * `iso()` of a timestamp the database wrote in UTC (`… at time zone 'UTC'`: `2026-11-04
 * 00:09:47.262`, no zone, none to six digits of fraction), reshaped as text. A list's timestamps
 * made into Dates and written out again were a sixth of its main thread (docs/performance.md,
 * twenty-third round); the milliseconds are cut, not rounded, as a Date made from the text cuts them.
 */
export function isoOfUtcText(text: string): string {
  // Anything but a four-digit year of our era and whole seconds with an optional fraction goes through a Date.
  if (text.length < 19 || text.length === 20 || text.length > 26 || text.charCodeAt(4) !== 45 || text.charCodeAt(10) !== 32 || (text.length > 19 && text.charCodeAt(19) !== 46)) {
    return iso(new Date(`${text.replace(' ', 'T')}Z`));
  }
  const fraction = text.length === 19 ? '000' : text.length >= 23 ? text.slice(20, 23) : text.slice(20).padEnd(3, '0');
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}
