import { describe, expect, it } from 'vitest';
import { callPhase, formatCountdown } from './deadline';

describe('call phase', () => {
  const start = '2026-11-01T01:00:00.000Z';
  const end = '2026-11-26T09:30:00.000Z';
  const endMs = Date.parse(end);

  it('follows the clock it is given through the last hour and minutes to the close', () => {
    expect(callPhase(start, end, Date.parse(start) - 1)).toBe('upcoming');
    expect(callPhase(start, end, Date.parse(start))).toBe('open');
    expect(callPhase(start, end, endMs - 3_600_001)).toBe('open');
    expect(callPhase(start, end, endMs - 3_600_000)).toBe('lastHour');
    expect(callPhase(start, end, endMs - 600_001)).toBe('lastHour');
    expect(callPhase(start, end, endMs - 600_000)).toBe('lastMinutes');
    // The server still takes a submission at the deadline itself.
    expect(callPhase(start, end, endMs)).toBe('lastMinutes');
    expect(callPhase(start, end, endMs + 1)).toBe('closed');
  });
});

describe('countdown', () => {
  it('shows days only when there are some, and never below zero', () => {
    expect(formatCountdown(3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6_000)).toBe('3 天 04:05:06');
    expect(formatCountdown(59 * 60_000 + 59_000)).toBe('00:59:59');
    // A part of a second still left counts as a second.
    expect(formatCountdown(9_001)).toBe('00:00:10');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5_000)).toBe('00:00:00');
  });
});
