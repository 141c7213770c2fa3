import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withKeptStatements } from './pglite-statements';

const keptNames = async (db: PGlite) => (await db.query<{ name: string }>(`select name from pg_prepared_statements order by name`)).rows.map((r) => r.name);

describe('withKeptStatements', () => {
  let raw: PGlite;
  let db: PGlite;

  beforeAll(async () => {
    raw = await PGlite.create();
    await raw.exec(`create table t (id int primary key, title text not null, data jsonb, at timestamptz, tags text[], amount numeric)`);
    await raw.exec(`insert into t select g, '标题' || g, jsonb_build_object('n', g), '2026-11-28T01:02:03.004Z'::timestamptz + g * interval '1 hour', array['a', 'b'], g * 1.5 from generate_series(1, 20) g`);
    db = withKeptStatements(raw, 3);
  });
  afterAll(async () => {
    await raw.close();
  });

  it('answers exactly as PGlite does, in object and array rows, with the parsers and serializers asked for', async () => {
    const text = 'select id, title, data, at, tags, amount from t where id = any($1) and at > $2 order by id';
    const params = [[3, 4, 5], new Date('2026-11-28T04:00:00Z')];
    for (const options of [undefined, { rowMode: 'array' as const }, { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } }]) {
      const expected = await raw.query(text, params, options);
      // Twice: prepared on the first run, kept on the second.
      for (let i = 0; i < 2; i++) {
        const got = await db.query(text, params, options);
        expect(got.rows).toEqual(expected.rows);
        expect(got.fields).toEqual(expected.fields);
      }
    }
    const write = await db.query('update t set title = $2 where id = $1', [1, '改名']);
    expect(write.affectedRows).toBe(1);
    expect(write.rows).toEqual([]);
    expect((await db.query<{ title: string }>('update t set title = $2 where id = $1 returning title', [2, null]).catch((e: Error) => e)) instanceof Error).toBe(true);
  });

  it('parses each text once, keeps at most its bound, and closes the least recently run', async () => {
    await raw.exec('deallocate all');
    const texts = ['select 1 as a where $1::int > 0', 'select 2 as a where $1::int > 0', 'select 3 as a where $1::int > 0', 'select 4 as a where $1::int > 0'];
    for (const text of texts.slice(0, 3)) await db.query(text, [1]);
    const three = await keptNames(raw);
    expect(three).toHaveLength(3);
    // Run again: kept, nothing new named.
    await db.query(texts[0] as string, [1]);
    expect(await keptNames(raw)).toEqual(three);
    // A fourth closes the least recently run, the second text.
    await db.query(texts[3] as string, [1]);
    const statements = (await raw.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);
    expect(statements.sort()).toEqual([texts[0], texts[2], texts[3]].sort());
  });

  it('sends what is not a row statement as PGlite does, and forgets every kept plan after a change of schema', async () => {
    await db.query('select id, title from t where id = $1', [1]);
    await db.query('select * from t where id = $1', [1]);
    expect((await keptNames(raw)).length).toBeGreaterThan(0);
    await db.query('alter table t add column extra text');
    expect(await keptNames(raw)).toEqual([]);
    const row = (await db.query<Record<string, unknown>>('select * from t where id = $1', [1])).rows[0];
    expect(row).toHaveProperty('extra', null);
    await db.query('alter table t drop column extra');
  });

  it('names the statement in its errors, and goes on after them, in and out of transactions', async () => {
    const error = (await db.query('insert into t (id, title) values ($1, $2)', [1, 'again']).catch((e: unknown) => e)) as { code?: string; query?: string; params?: unknown[] };
    expect(error.code).toBe('23505');
    expect(error.query).toBe('insert into t (id, title) values ($1, $2)');
    expect(error.params).toEqual([1, 'again']);
    expect((await db.query('select count(*)::int as n from t where id > $1', [0])).rows).toEqual([{ n: 20 }]);
    // A syntax error is not kept.
    await expect(db.query('select from where $1', [1])).rejects.toMatchObject({ code: '42601' });
    // In a transaction: the error rolls it back; statements prepared in it stay kept.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, title) values ($1, $2)', [100, '新']);
        await tx.query('insert into t (id, title) values ($1, $2)', [1, 'again']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select count(*)::int as n from t where id > $1', [0])).rows).toEqual([{ n: 20 }]);
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, title) values ($1, $2)', [100, '新']);
    });
    expect((await db.query('select count(*)::int as n from t where id > $1', [0])).rows).toEqual([{ n: 21 }]);
    await db.query('delete from t where id = $1', [100]);
  });

  it('runs a statement sent during a transaction after it, as PGlite does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into t (id, title) values ($1, $2)', [200, '事务中']);
      inserted();
      await held;
    });
    await insertedNow;
    const outside = db.query<{ n: number }>('select count(*)::int as n from t where id = $1', [200]);
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 1 }]);
    await db.query('delete from t where id = $1', [200]);
  });
});
