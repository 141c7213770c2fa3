import { describe, expect, it } from 'vitest';
import { cronMatcher } from './jobs-cron';

describe('cron expressions of the in-process queue', () => {
  it('reads minutes, hours, lists, ranges and steps in Beijing time', () => {
    const daily = cronMatcher('0 9 * * *');
    // 09:00 in Beijing is 01:00 UTC.
    expect(daily(new Date('2026-11-23T01:00:30Z'))).toBe(true);
    expect(daily(new Date('2026-11-23T09:00:00Z'))).toBe(false);
    const everyTen = cronMatcher('*/10 * * * *');
    expect([0, 10, 20, 50].every((m) => everyTen(new Date(Date.UTC(2026, 10, 23, 3, m))))).toBe(true);
    expect(everyTen(new Date(Date.UTC(2026, 10, 23, 3, 5)))).toBe(false);
    // Weekdays 1-5 at 08:30; 2026-11-22 is a Sunday (both 0 and 7 name it).
    const workdays = cronMatcher('30 8 * * 1-5');
    expect(workdays(new Date('2026-11-23T00:30:00Z'))).toBe(true);
    expect(workdays(new Date('2026-11-22T00:30:00Z'))).toBe(false);
    expect(cronMatcher('30 8 * * 7')(new Date('2026-11-22T00:30:00Z'))).toBe(true);
    expect(cronMatcher('0 0 1,15 * *')(new Date('2026-11-14T16:00:00Z'))).toBe(true);
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['* * * *', '61 * * * *', '*/0 * * * *', 'a * * * *', '5-1 * * * *']) expect(() => cronMatcher(bad), bad).toThrow();
  });
});
