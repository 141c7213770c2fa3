import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { iso, isoOfUtcText } from './dates';

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

describe('isoOfUtcText', () => {
  it("writes the database's UTC text of an instant as iso() writes the Date the drivers made of its zoned text", async () => {
    // The text both ways from PostgreSQL itself (PGlite), in the programme's zone as the sessions are,
    // over the years an application can bear (the zone's summer times of 1986–1991 among them).
    const db = await PGlite.create();
    try {
      await db.exec("set time zone 'Asia/Shanghai'");
      const instants = fc.sample(fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), 400);
      const micros = instants.map((d, i) => d.getTime() * 1000 + ((i * 7919) % 1000));
      const edges = ['2026-11-04 00:00:00+00', '2026-12-31 16:00:00+00', '2026-03-01 00:09:47.999999+00', '2026-03-01 00:09:47.000001+00', '2026-03-01 00:09:47.5+00', '2026-03-01 00:09:47.05+00'];
      const { rows } = await db.query<{ zoned: string; utc: string }>(
        `select t::text as zoned, (t at time zone 'UTC')::text as utc
           from (select to_timestamp(m::float8 / 1e6) as t from unnest($1::int8[]) as m union all select e::timestamptz from unnest($2::text[]) as e) as s`,
        [micros.map(String), edges],
      );
      expect(rows).toHaveLength(micros.length + edges.length);
      for (const { zoned, utc } of rows) expect(isoOfUtcText(utc)).toBe(iso(new Date(zoned)));
    } finally {
      await db.close();
    }
  });

  it('takes every length of fraction, and a whole second', () => {
    expect(isoOfUtcText('2026-11-04 00:09:47')).toBe('2026-11-04T00:09:47.000Z');
    expect(isoOfUtcText('2026-11-04 00:09:47.2')).toBe('2026-11-04T00:09:47.200Z');
    expect(isoOfUtcText('2026-11-04 00:09:47.26')).toBe('2026-11-04T00:09:47.260Z');
    expect(isoOfUtcText('2026-11-04 00:09:47.262')).toBe('2026-11-04T00:09:47.262Z');
    expect(isoOfUtcText('2026-11-04 00:09:47.262999')).toBe('2026-11-04T00:09:47.262Z');
  });
});
