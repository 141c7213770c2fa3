import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@flagship/ui';
import { fromShanghaiWallTime, toShanghaiWallTime } from './format';

describe('Beijing time', () => {
  it('shows an instant as Beijing wall time whatever its offset', () => {
    expect(formatDateTime('2026-03-01T01:00:00Z')).toBe('2026-03-01 09:00');
    expect(formatDateTime('2026-03-01T09:00:00+08:00')).toBe('2026-03-01 09:00');
    expect(formatDateTime('2026-02-28T20:30:00-05:00')).toBe('2026-03-01 09:30');
    expect(formatDateTime(null)).toBe('—');
  });

  it('round-trips a picker value through the API format', () => {
    expect(fromShanghaiWallTime('2026-03-01 09:00:00')).toBe('2026-03-01T09:00:00+08:00');
    expect(fromShanghaiWallTime('2026-03-01 09:00')).toBe('2026-03-01T09:00:00+08:00');
    expect(toShanghaiWallTime('2026-03-01T01:00:00.000Z')).toBe('2026-03-01 09:00:00');
    expect(toShanghaiWallTime(fromShanghaiWallTime('2026-12-31 23:59:59'))).toBe('2026-12-31 23:59:59');
    expect(fromShanghaiWallTime('')).toBeNull();
    expect(fromShanghaiWallTime('not a date')).toBeNull();
  });
});
