import { describe, expect, it } from 'vitest';
import { formatDeadline, formatPeriod } from './beijing-time';

describe('Beijing time', () => {
  it('says the zone with a deadline, whatever zone the value was written in', () => {
    expect(formatDeadline('2026-11-26T09:30:00Z')).toBe('2026-11-26 17:30 北京时间（UTC+8）');
    expect(formatDeadline('2026-11-26T04:30:00-05:00')).toBe('2026-11-26 17:30 北京时间（UTC+8）');
    // Past midnight in Beijing is the next day there.
    expect(formatDeadline('2026-11-26T16:30:00Z')).toBe('2026-11-27 00:30 北京时间（UTC+8）');
    expect(formatDeadline(null)).toBe('—');
  });

  it('gives a period with both times and the zone once, as the form page does', () => {
    expect(formatPeriod('2026-11-01T01:00:00Z', '2026-11-26T09:30:00Z')).toBe('2026-11-01 09:00 至 2026-11-26 17:30，北京时间（UTC+8）');
  });
});
