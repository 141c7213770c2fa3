import { describe, expect, it } from 'vitest';
import { narrowOffset, offsetOf } from './server-clock';

const at = (iso: string) => Date.parse(iso);

describe('server clock', () => {
  it('bounds the offset by the header second and the round trip', () => {
    // The browser is 1 h behind; the answer took 200 ms.
    const sent = at('2026-11-23T15:00:00.100Z');
    const bounds = narrowOffset(undefined, 'Mon, 23 Nov 2026 16:00:00 GMT', sent, sent + 200);
    expect(bounds).toEqual({ low: 3_600_000 - 300, high: 3_600_000 + 900 });
    expect(Math.abs(offsetOf(bounds) - 3_600_000)).toBeLessThan(1000);
  });

  it('narrows with more answers and starts over when the clocks contradict', () => {
    const first = narrowOffset(undefined, 'Mon, 23 Nov 2026 16:00:00 GMT', at('2026-11-23T16:00:00.000Z'), at('2026-11-23T16:00:00.100Z'));
    const second = narrowOffset(first, 'Mon, 23 Nov 2026 16:00:05 GMT', at('2026-11-23T16:00:05.800Z'), at('2026-11-23T16:00:05.900Z'));
    expect(second).toEqual({ low: -100, high: 200 });
    // The browser's clock was set 10 minutes ahead.
    const third = narrowOffset(second, 'Mon, 23 Nov 2026 16:01:00 GMT', at('2026-11-23T16:11:00.000Z'), at('2026-11-23T16:11:00.100Z'));
    expect(third).toEqual({ low: -600_100, high: -599_000 });
  });

  it('ignores answers without a usable date', () => {
    expect(narrowOffset(undefined, null, 0, 10)).toBeUndefined();
    expect(narrowOffset({ low: 1, high: 2 }, 'not a date', 0, 10)).toEqual({ low: 1, high: 2 });
  });

  it('counts from the browser until an answer is seen', () => {
    expect(offsetOf(undefined)).toBe(0);
  });
});
