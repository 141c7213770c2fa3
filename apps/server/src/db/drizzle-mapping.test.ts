// Drizzle's row mapping is patched (patches/drizzle-orm@0.45.4.patch, docs/decisions.md "Drizzle's
// rows mapped by a plan kept per query"): what each column needs is worked out once per list of
// columns instead of for every column of every row. These are the shapes it maps: flat and nested
// fields, values through a column's decoder and through `sql` with `mapWith`, and the left join whose
// missing row makes its object null, the same prepared query run again and again.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const calls = pgTable('calls', { id: integer('id').primaryKey(), title: text('title').notNull(), opens: timestamp('opens', { withTimezone: true, mode: 'date' }) });
const forms = pgTable('forms', { id: integer('id').primaryKey(), callId: integer('call_id').notNull(), fields: jsonb('fields').$type<string[]>() });

describe("Drizzle's patched row mapping", () => {
  let client: PGlite;
  let db: PgliteDatabase;

  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle(client);
    await client.exec(`create table calls (id int primary key, title text not null, opens timestamptz);
      create table forms (id int primary key, call_id int not null, fields jsonb);
      insert into calls values (1, '第一批', '2027-03-01T08:00:00Z'), (2, '第二批', null);
      insert into forms values (10, 1, '["名称","金额"]');`);
  });
  afterAll(async () => {
    await client.close();
  });

  it('is the one installed', () => {
    const dist = dirname(createRequire(import.meta.url).resolve('drizzle-orm'));
    expect(readFileSync(join(dist, 'utils.js'), 'utf8')).toContain('mappingPlan(columns)');
  });

  it('maps flat and nested fields, decoders, mapWith and a left join without its row, each run of a prepared query alike', async () => {
    const query = db
      .select({ call: { id: calls.id, title: calls.title, opens: calls.opens }, form: forms, forms: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(calls)
      .leftJoin(forms, eq(forms.callId, calls.id))
      .orderBy(calls.id)
      .prepare('calls_with_forms');
    const expected = [
      { call: { id: 1, title: '第一批', opens: new Date('2027-03-01T08:00:00Z') }, form: { id: 10, callId: 1, fields: ['名称', '金额'] }, forms: 2 },
      { call: { id: 2, title: '第二批', opens: null }, form: null, forms: 2 },
    ];
    for (let run = 0; run < 3; run += 1) expect(await query.execute()).toEqual(expected);
    // Another list of columns over the same tables gets its own plan.
    expect(await db.select({ title: calls.title, fields: forms.fields }).from(forms).innerJoin(calls, eq(calls.id, forms.callId))).toEqual([{ title: '第一批', fields: ['名称', '金额'] }]);
  });
});
