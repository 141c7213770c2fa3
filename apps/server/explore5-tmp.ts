import { PGlite } from '@electric-sql/pglite';
import { withKeptStatements } from './src/db/pglite-statements';
const raw = await PGlite.create('/work/pgl-explore/pglite');
await raw.exec('set plan_cache_mode = force_generic_plan');
const db = withKeptStatements(raw);
const u = (await db.query<{ user_id: number }>(`select user_id from sessions order by user_id limit 1 offset 500`)).rows[0]!.user_id;
const cols='"id", "project_id", "form_id", "status", "version", "serial_number", "submitted_at", "review_message", "created_at", "updated_at"';
const w='where ("applications"."user_id" = $1 and ("applications"."deleted_at" is null or "applications"."submitted_at" is not null))';
const o='order by "applications"."created_at" desc, "applications"."id" desc limit $2 offset $3';
const time = async (name: string, f: () => Promise<unknown>) => {
  for (let i = 0; i < 200; i++) await f();
  const out = [];
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) await f();
    out.push(((performance.now() - t0) / 1000).toFixed(3));
  }
  console.log(name, out.join(' '), 'ms');
};
await time('window', () => db.query(`select ${cols}, count(*) over () from applications ${w} ${o}`, [u, 10, 0]));
await time('initplan', () => db.query(`select ${cols}, (select count(*) from applications ${w}) as total from applications ${w} ${o}`, [u, 10, 0]));
await time('nocount', () => db.query(`select ${cols} from applications ${w} ${o}`, [u, 10, 0]));
await time('count', () => db.query(`select count(*) from applications ${w}`, [u]));
await time('select1', () => db.query(`select 1`, []));
await time('form', () => db.query(`select "id", "user_id", "project_id", "form_id", "data", "status", "version" from applications where user_id = $1 and deleted_at is null order by created_at desc limit 1`, [u]));
const e = await raw.query(`explain analyze select ${cols}, count(*) over () from applications where user_id = ${u} and (deleted_at is null or submitted_at is not null) order by created_at desc, id desc limit 10`);
console.log(e.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
await raw.close();
