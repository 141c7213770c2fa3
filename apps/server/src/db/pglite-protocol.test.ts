// PGlite's protocol reader and writer are patched (patches/@electric-sql__pglite@0.5.16.patch,
// docs/decisions.md "PGlite's protocol reader, writer and locks patched"): plain properties
// instead of private fields kept in WeakMaps, text decoded from the message where it lies instead
// of from a copy, and the writer's buffer kept between messages. Every message PGlite is sent and
// answers goes through them; these are the ways they write and read one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe("PGlite's patched protocol reader and writer", () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => {
    await db.close();
  });

  it('is the one installed: the ES module build carries the patch', () => {
    // `resolve` names the CommonJS entry; only its folder is used, to find the ES module build.
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const chunks = readFileSync(join(dist, 'index.js'), 'utf8').match(/\.\/chunk-[\w-]+\.js/g) ?? [];
    const texts = chunks.map((chunk) => readFileSync(join(dist, chunk), 'utf8'));
    const patched = texts.find((text) => text.includes('this.decoder.decode(new Uint8Array(this.view.buffer,n,t))'));
    // The writer and the parser on plain properties too.
    expect(patched).toContain('this._g.setInt32(this._b,t,this._N)');
    expect(patched).toContain('this._o.setBuffer(t,s)');
    // The locks every statement takes, awaited natively instead of through a generator (db/pglite-statements.test.ts holds their order).
    expect(texts.some((text) => text.includes('async runExclusive(t,r=1){let[_,n]=await this.acquire(r)'))).toBe(true);
  });

  it('writes every parameter as it was given, message after message: text of any width, empty, null, long, bytes', async () => {
    const values = ['', 'a', '申报', '艺术旗舰🎭', '长'.repeat(70_000), 'x'.repeat(255), 'line\nbreak "quoted" \\ back', null];
    // One statement after another, long and short in turns: the writer's buffer grows for a long one
    // and must not carry its bytes into the next.
    for (const [i, value] of [...values, ...values.toReversed()].entries()) {
      const bytes = new Uint8Array([0, 255, i, 10, 0]);
      const [row] = (
        await db.query<{ text: string | null; width: number | null; bytes: Uint8Array; n: number }>(
          'select $1::text as text, octet_length($1::text) as width, $2::bytea as bytes, $3::int as n',
          [value, bytes, i],
        )
      ).rows;
      expect(row).toEqual({ text: value, width: value === null ? null : Buffer.byteLength(value), bytes, n: i });
    }
  });

  it('reads every column of many rows as PostgreSQL wrote it: text of any width, empty, null, long, numbers, JSON', async () => {
    const values = ['', 'a', '申报', '艺术旗舰🎭', 'ü'.repeat(3), '长'.repeat(70_000), 'line\nbreak\ttab "quoted" \\ back'];
    const rows = (
      await db.query<{ n: number; text: string | null; width: number; json: unknown; big: string }>(
        `select g as n, case when g % 5 = 0 then null else ($1::text[])[1 + g % array_length($1::text[], 1)] end as text,
                octet_length(($1::text[])[1 + g % array_length($1::text[], 1)]) as width,
                jsonb_build_object('name', '第' || g || '份', 'list', jsonb_build_array(g, null, '✓')) as json, (g::bigint * 1000000007)::text as big
         from generate_series(1, 300) g order by g`,
        [values],
      )
    ).rows;
    expect(rows).toHaveLength(300);
    for (const row of rows) {
      // SQL arrays count from 1: element 1 + n % length is values[n % length].
      const sent = values[row.n % values.length] as string;
      expect(row.text).toBe(row.n % 5 === 0 ? null : sent);
      expect(row.width).toBe(Buffer.byteLength(sent));
      expect(row.json).toEqual({ name: `第${row.n}份`, list: [row.n, null, '✓'] });
      expect(row.big).toBe(String(BigInt(row.n) * 1_000_000_007n));
    }
  });

  it('reads an error, a notice and a notification, each with text beyond ASCII', async () => {
    await expect(db.query(`select 1/0 as "除法"`)).rejects.toMatchObject({ message: 'division by zero', code: '22012' });
    await expect(db.query(`do $$ begin raise exception '申报已截止：%', '第一批' using hint = '请联系项目办'; end $$`)).rejects.toMatchObject({
      message: '申报已截止：第一批',
      hint: '请联系项目办',
    });
    const notices: string[] = [];
    await db.query(`do $$ begin raise notice '草稿已保存 %', '✓'; end $$`, [], { onNotice: (notice) => void notices.push(notice.message ?? '') });
    expect(notices).toEqual(['草稿已保存 ✓']);
    const heard: string[] = [];
    const stop = await db.listen('变更', (payload) => void heard.push(payload));
    await db.query(`select pg_notify('变更', '项目 42 已更新')`);
    await expect.poll(() => heard).toEqual(['项目 42 已更新']);
    await stop();
  });
});
