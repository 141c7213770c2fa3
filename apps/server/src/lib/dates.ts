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
