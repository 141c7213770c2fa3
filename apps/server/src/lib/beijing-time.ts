// The programme runs on Beijing time (Asia/Shanghai) whatever the machine's time zone: windows,
// receipts and serial-number years read the same on every server. China keeps UTC+8 all year
// (no daylight saving since 1991), so a fixed offset is exact.
export const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The calendar date of an instant in Beijing time, as `[year, monthIndex, day]`. */
export function beijingDate(at: Date): [number, number, number] {
  const shifted = new Date(at.getTime() + BEIJING_OFFSET_MS);
  return [shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()];
}

/** The Beijing year of an instant. */
export function beijingYear(at: Date): number {
  return beijingDate(at)[0];
}

/** `2026-03-01 09:00` in Beijing time. */
export function beijingTime(at: Date): string {
  return new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
