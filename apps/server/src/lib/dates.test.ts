import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iso } from './dates';

describe('iso', () => {
  it('writes every date exactly as toISOString does', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(iso(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('keeps the edges: the first and last four-digit years, single-digit parts, whole seconds', () => {
    for (const text of ['1000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2026-03-04T05:06:07.008Z', '2026-11-28T12:00:00.090Z', '0999-12-31T23:59:59.999Z', '+010000-01-01T00:00:00.000Z', '-000001-01-01T00:00:00.000Z']) {
      expect(iso(new Date(text))).toBe(text);
    }
  });

  it('is null for no date and throws for an invalid one, as toISOString does', () => {
    expect(iso(null)).toBeNull();
    expect(() => iso(new Date(Number.NaN))).toThrow(RangeError);
  });
});
