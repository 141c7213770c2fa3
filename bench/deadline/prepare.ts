// A database at programme scale for the deadline-hour bench: the demo content, then `calls` open
// calls with one form each, `applicants` applicants with `perApplicant` applications each (drafts,
// submissions, decisions), and a live session for the first `sessions` applicants. Every one of
// those applicants holds a draft on the target call (the first generated one), whose deadline is
// an hour away: they are the ones who save and submit in the run.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { hashPassword } from '../../apps/server/src/db/password';
import { categories, projects, regions } from '../../apps/server/src/db/schema';
import { searchVectorSql } from '../../apps/server/src/db/search';
import { seedDatabase } from '../../apps/server/src/db/seed';
import { rowsOf } from '../../apps/server/src/lib/rows';
import { storageFor } from '../../apps/server/src/lib/storage';

export interface Scale {
  calls: number;
  applicants: number;
  perApplicant: number;
  sessions: number;
}

/** What the issue asks for on PostgreSQL; PGlite gets a tenth of it. */
export const POSTGRES_SCALE: Scale = { calls: 10_000, applicants: 100_000, perApplicant: 10, sessions: 2_400 };
export const PGLITE_SCALE: Scale = { calls: 1_000, applicants: 10_000, perApplicant: 10, sessions: 2_400 };

/** The fields of the calls' titles and summaries (what the search case looks for). */
export const CALL_WORDS = ['舞台艺术', '美术创作', '非遗传承', '数字文创', '公共文化', '青年编导', '民族器乐', '少儿戏曲', '乡村美育', '工艺美术'];

/** A realistic form without uploads, so that any applicant can submit the same data. */
export const BENCH_FIELDS = [
  { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 100 },
  { key: 'genre', kind: 'select', label: '艺术门类', required: true, options: [{ label: '戏剧', value: 'drama' }, { label: '音乐', value: 'music' }, { label: '舞蹈', value: 'dance' }] },
  { key: 'unitRegion', kind: 'region', label: '所在地区', required: true },
  { key: 'amount', kind: 'money', label: '申请金额', required: true, min: 0, max: 2_000_000 },
  { key: 'startDate', kind: 'date', label: '计划开始日期', required: true },
  { key: 'summary', kind: 'textarea', label: '项目简介', required: true, maxLength: 2000 },
  { key: 'plan', kind: 'richText', label: '实施方案', required: true, maxLength: 20_000 },
  { key: 'contactMobile', kind: 'mobile', label: '联系电话', required: true },
  { key: 'contactEmail', kind: 'email', label: '电子邮箱', required: true },
  { key: 'commitments', kind: 'checkbox', label: '承诺事项', required: true, minItems: 1, options: [{ label: '所填信息真实、准确、完整', value: 'truthful' }] },
];

export function benchData(regionId: number, n = 0): Record<string, unknown> {
  return {
    projectName: `乡村美育巡演计划（第 ${n + 1} 稿）`,
    genre: 'drama',
    unitRegion: regionId,
    amount: 180_000,
    startDate: '2027-03-01',
    summary: '以县域剧场与文化礼堂为主阵地，开展原创小剧场戏剧巡演与美育工作坊。'.repeat(8),
    plan: `<p>${'第一阶段完成剧本打磨与排练，第二阶段赴十个县市巡演，第三阶段总结评估并出版成果。'.repeat(20)}</p>`,
    contactMobile: '13800138000',
    contactEmail: 'bench@example.org',
    commitments: ['truthful'],
  };
}

export interface Prepared {
  /** The call whose deadline is an hour away, and its form. */
  target: { projectId: number; formId: number };
  /** `tokens[i]` is the session of applicant i; applicant i holds a draft (version 1) on the target call. */
  tokens: string[];
  /** Per session holder: one of their other calls with a form, and one submitted application. */
  mine: { projectId: number; formId: number; applyId: number }[];
  /** Per session holder: their user id and account, and the id of their draft on the target call. */
  holders: { userId: number; account: string; draftId: number }[];
  categoryId: number;
  regionId: number;
}

export const benchToken = (i: number) => `bench-session-${String(i).padStart(6, '0')}-${'x'.repeat(20)}`;

export async function prepareDeadline(dataDir: string, databaseUrl: string | undefined, scale: Scale): Promise<Prepared> {
  const handle = await openDatabase({ dataDir, databaseUrl });
  const db = handle.db;
  await migrateDatabase(handle);
  await seedDatabase(db, { storage: storageFor(dataDir) });
  const [category] = await db.select({ id: categories.id }).from(categories).where(sql`${categories.kind} = 'project'`).limit(1);
  const [region] = await db.select({ id: regions.id }).from(regions).where(sql`${regions.level} = 3`).limit(1);
  if (!category || !region) throw new Error('the seed gave no project category or district');
  const firstNew = Number(rowsOf<{ id: number }>(await db.execute(sql`select coalesce(max(id), 0) + 1 as id from projects`))[0]?.id ?? 0);

  // Calls, in batches (their search vectors are built in JS, as the console does).
  const now = Date.now();
  for (let start = 0; start < scale.calls; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(scale.calls, start + 500); i++) {
      const title = `${2026}年度${CALL_WORDS[i % CALL_WORDS.length]}扶持项目第${i + 1}批`;
      const summary = `面向全省${CALL_WORDS[(i * 7) % CALL_WORDS.length]}领域的创作与传播资助，编号 ${i + 1}。`;
      rows.push({
        title,
        summary,
        guide: `<p>${summary.repeat(10)}</p>`,
        categoryId: i % 3 === 0 ? category.id : null,
        regionId: region.id,
        budget: 5_000_000,
        // The first call closes in an hour; the others are open for weeks.
        applyStart: new Date(now - 30 * 86_400_000),
        applyEnd: new Date(i === 0 ? now + 3_600_000 : now + (7 + (i % 30)) * 86_400_000),
        year: 2026,
        published: true,
        searchVector: searchVectorSql(title, summary),
      });
    }
    await db.insert(projects).values(rows);
  }
  const fields = JSON.stringify(BENCH_FIELDS);
  await db.execute(sql`insert into forms (project_id, title, description, fields)
    select id, '申报书', '', ${fields}::jsonb from projects where id >= ${firstNew} order by id`);

  // Applicants and their sessions: one password hash for all (hashing 100 000 would take minutes).
  const hash = await hashPassword('Bench-Password-2026');
  await db.execute(sql`insert into users (account, password_hash, name, mobile, email)
    select 'applicant-' || g || '@bench.example', ${hash}, '申报人' || g, '', 'applicant-' || g || '@bench.example'
    from generate_series(0, ${scale.applicants - 1}) g`);
  await db.execute(sql`create table bench_users as
    select (row_number() over (order by id) - 1)::int as idx, id from users where account like 'applicant-%@bench.example'`);
  await db.execute(sql`create table bench_forms as
    select (row_number() over (order by f.id) - 1)::int as idx, f.id, f.project_id from forms f where f.project_id >= ${firstNew}`);
  await db.execute(sql`create index on bench_users (idx)`);
  await db.execute(sql`create index on bench_forms (idx)`);
  await db.execute(sql`insert into sessions (token_hash, user_id, expires_at)
    select encode(sha256(convert_to('bench-session-' || lpad(u.idx::text, 6, '0') || '-' || repeat('x', 20), 'UTF8')), 'hex'), u.id, now() + interval '8 hours'
    from bench_users u where u.idx < ${scale.sessions}`);

  // Applications: applicant u's k-th is on form 1 + (7u + 1009k) mod (calls - 1), which never
  // repeats for one applicant; the session holders' first is a draft on the target call (form 0).
  // k: 0–2 drafts, 3–6 submitted, 7 approved, 8 returned, 9 rejected.
  const data = JSON.stringify(benchData(region.id));
  const statusOf = sql`case when k.k <= 2 then 'draft' when k.k <= 6 then 'submitted' when k.k = 7 then 'approved' when k.k = 8 then 'returned' else 'rejected' end`;
  for (let from = 0; from < scale.applicants; from += 10_000) {
    const to = Math.min(scale.applicants, from + 10_000) - 1;
    await db.execute(sql`insert into applications (user_id, project_id, form_id, data, status, version, serial_number, submitted_at, receipt_hash, created_at, updated_at)
      select u.id, f.project_id, f.id, ${data}::jsonb, ${statusOf}, 1,
        case when k.k >= 3 then 'FS-2025-' || lpad((u.idx * 10 + k.k)::text, 7, '0') end,
        case when k.k >= 3 then now() - interval '3 days' end,
        case when k.k >= 3 then repeat('0', 64) end,
        now() - interval '5 days', now() - interval '5 days' + (u.idx % 1000) * interval '1 second'
      from bench_users u
      cross join generate_series(0, ${scale.perApplicant - 1}) k(k)
      join bench_forms f on f.idx = case when k.k = 0 and u.idx < ${scale.sessions} then 0 else 1 + ((u.idx * 7 + k.k * 1009) % ${scale.calls - 1}) end
      where u.idx between ${from} and ${to}`);
  }
  await db.execute(sql`analyze`);

  const mineRows = rowsOf<{ idx: number; project_id: number; form_id: number; id: number }>(
    await db.execute(sql`select u.idx, a.project_id, a.form_id, a.id
      from bench_users u join applications a on a.user_id = u.id
      where u.idx < ${scale.sessions} and a.status = 'submitted'
      order by u.idx, a.id`),
  );
  const mine: Prepared['mine'] = [];
  for (const row of mineRows) mine[row.idx] ??= { projectId: row.project_id, formId: row.form_id, applyId: row.id };
  const [target] = rowsOf<{ id: number; project_id: number }>(await db.execute(sql`select id, project_id from bench_forms where idx = 0`));
  if (!target) throw new Error('no target form');
  const holders: Prepared['holders'] = [];
  const holderRows = rowsOf<{ idx: number; user_id: number; account: string; draft_id: number }>(
    await db.execute(sql`select u.idx, u.id as user_id, users.account, a.id as draft_id
      from bench_users u join users on users.id = u.id join applications a on a.user_id = u.id and a.form_id = ${target.id}
      where u.idx < ${scale.sessions}`),
  );
  for (const row of holderRows) holders[row.idx] = { userId: row.user_id, account: row.account, draftId: row.draft_id };
  // Plain tables, not temporary ones: a pool may run each statement on another connection.
  await db.execute(sql`drop table bench_users, bench_forms`);
  const result: Prepared = {
    target: { projectId: target.project_id, formId: target.id },
    tokens: Array.from({ length: scale.sessions }, (_, i) => benchToken(i)),
    mine,
    holders,
    categoryId: category.id,
    regionId: region.id,
  };
  // Kept for a later run on the same database (`--database-url`): what was prepared, and the target
  // call's drafts as they were, since a run saves and submits them.
  await db.execute(sql`create table bench_prepared (scale jsonb not null, prepared jsonb not null)`);
  await db.execute(sql`insert into bench_prepared values (${JSON.stringify(scale)}::jsonb, ${JSON.stringify(result)}::jsonb)`);
  await db.execute(sql`create table bench_target_drafts as select * from applications where form_id = ${target.id}`);
  // Vacuumed as a reused database is, so that a first run measures what later ones do: without it,
  // autovacuum of the rows just written (and their hint bits) runs beside the run's first cases.
  // Analysed already, after the last insert.
  await db.execute(sql`vacuum`);
  await handle.close();
  return result;
}

/**
 * A database prepared by an earlier run, put back as it was prepared: the target call's drafts
 * unsaved and unsubmitted (their submission records gone; serial numbers go on from where they
 * were, which keeps them unique), and its deadline an hour away. Undefined when the database holds
 * no prepared bench.
 */
export async function reusePrepared(databaseUrl: string): Promise<{ scale: Scale; prepared: Prepared } | undefined> {
  const handle = await openDatabase({ dataDir: '', databaseUrl });
  try {
    const db = handle.db;
    const [found] = rowsOf<{ exists: boolean }>(await db.execute(sql`select to_regclass('bench_prepared') is not null as exists`));
    if (!found?.exists) return undefined;
    const [row] = rowsOf<{ scale: Scale; prepared: Prepared }>(await db.execute(sql`select scale, prepared from bench_prepared`));
    if (!row) return undefined;
    // Migrations added since it was prepared.
    await migrateDatabase(handle);
    const formId = row.prepared.target.formId;
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from application_submissions where application_id in (select id from applications where form_id = ${formId})`);
      await tx.execute(sql`update applications a set data = d.data, status = d.status, version = d.version, serial_number = d.serial_number,
          submitted_at = d.submitted_at, receipt_hash = d.receipt_hash, eligibility = d.eligibility, deleted_at = d.deleted_at, updated_at = d.updated_at
        from bench_target_drafts d where a.id = d.id`);
      // The target call closes an hour from now again, and the applicants' sessions live on.
      await tx.execute(sql`update projects set apply_end = now() + interval '1 hour' where id = ${row.prepared.target.projectId}`);
      await tx.execute(sql`update sessions set expires_at = now() + interval '8 hours'`);
    });
    await db.execute(sql`vacuum analyze applications`);
    return row;
  } finally {
    await handle.close();
  }
}
