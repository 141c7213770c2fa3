// The sweep of uploads nothing refers to: once older than the grace period, an upload that no
// application (draft, submission or any earlier submission), enterprise authentication, avatar,
// content or setting names is deleted from the table and then from storage. Hourly, one instance
// at a time; the grace is staff's setting (站点设置) or else ORPHAN_UPLOAD_GRACE_HOURS. When in doubt an upload is kept: any number in an applicant's own application data
// and any `/api/file/{id}` anywhere in the rows below counts as a reference.
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database, Executor } from '../db/client';
import {
  applications,
  applicationSubmissions,
  enterpriseAuthentications,
  enterprises,
  experts,
  forms,
  policies,
  projects,
  settings,
  uploads,
  users,
} from '../db/schema';
import { rowsOf } from '../lib/rows';
import { writeAudit } from './audit-repository';

export const ORPHAN_UPLOAD_SWEEP_JOB = 'orphan-uploads-sweep';
const SWEEP_CRON = '40 * * * *';
/** Uploads deleted per transaction. */
const BATCH = 200;

/**
 * Tables whose rows may name an upload by its address (rich text, covers, photos, logos,
 * attachments, banners, links, form help, application data). The whole row is read as text, so a
 * column added later is covered too; a new table that can hold addresses belongs here.
 */
const ROWS_WITH_ADDRESSES = [settings, enterprises, experts, policies, projects, forms, enterpriseAuthentications, applications, applicationSubmissions];

const NUMBERS = sql.raw(`'strict $.** ? (@.type() == "number")'`);

/** Every upload id something refers to (with repeats). */
function referencedIds(): SQL {
  const byAddress = ROWS_WITH_ADDRESSES.map((table) => sql`select (regexp_matches(t::text, '/api/file/([0-9]{1,10})', 'g'))[1]::bigint from ${table} t`);
  return sql.join(
    [
      sql`select ${users.avatar}::bigint from ${users} where ${users.avatar} is not null`,
      sql`select (n #>> '{}')::bigint from ${enterpriseAuthentications} e cross join lateral jsonb_path_query(e.license_files, ${NUMBERS}) n where (n #>> '{}') ~ '^[0-9]{1,10}$'`,
      // File fields hold bare ids, at any depth (table rows too); only the applicant's own uploads count.
      sql`select u.id::bigint from ${applications} a cross join lateral jsonb_path_query(a.data, ${NUMBERS}) n join ${uploads} u on u.owner_user_id = a.user_id and u.id::text = n #>> '{}'`,
      sql`select u.id::bigint from ${applicationSubmissions} s join ${applications} a on a.id = s.application_id cross join lateral jsonb_path_query(s.data, ${NUMBERS}) n join ${uploads} u on u.owner_user_id = a.user_id and u.id::text = n #>> '{}'`,
      ...byAddress,
    ],
    sql` union all `,
  );
}

const unreferenced = () => sql`not exists (select 1 from (${referencedIds()}) as referenced(id) where referenced.id = ${uploads.id})`;

interface Swept {
  id: number;
  storage_key: string;
  size: number | string;
}

/**
 * One batch: lock old unreferenced uploads (skipping any another transaction holds), then look again
 * with a fresh snapshot before deleting, so a reference committed meanwhile keeps its upload.
 */
async function sweepBatch(db: Database, graceMs: number): Promise<Swept[]> {
  return db.transaction(async (tx) => {
    const old = sql`${uploads.createdAt} < now() - make_interval(secs => ${graceMs / 1000}::float8)`;
    const locked = rowsOf<{ id: number }>(
      await tx.execute(sql`select ${uploads.id} as id from ${uploads} where ${old} and ${unreferenced()} order by ${uploads.id} limit ${BATCH} for update skip locked`),
    ).map((r) => Number(r.id));
    if (locked.length === 0) return [];
    const ids = sql.join(
      locked.map((id) => sql`${id}::int`),
      sql`, `,
    );
    const swept = rowsOf<Swept>(
      await tx.execute(sql`delete from ${uploads} where ${uploads.id} in (${ids}) and ${old} and ${unreferenced()} returning id, storage_key, size`),
    );
    // Which files went and when, for anyone who asks after one.
    if (swept.length > 0) {
      await writeAudit(tx, { actorKind: 'system', action: 'upload.sweep', objectType: 'upload', detail: { ids: swept.map((r) => Number(r.id)), bytes: swept.reduce((sum, r) => sum + Number(r.size), 0) } });
    }
    return swept;
  });
}

/**
 * Of `ids`, delete the uploads nothing refers to any more, whatever their age, inside the caller's
 * transaction (account deletion, draft retention): answers their storage keys, to delete from
 * storage once the transaction has committed.
 */
export async function deleteUnreferencedUploads(tx: Executor, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    [...new Set(ids)].map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<{ storage_key: string }>(await tx.execute(sql`delete from ${uploads} where ${uploads.id} in (${list}) and ${unreferenced()} returning storage_key`));
  return rows.map((r) => r.storage_key);
}

/** The applicant's own uploads that these applications' data name (file fields hold bare ids). */
export async function uploadsNamedBy(tx: Executor, applicationIds: readonly number[]): Promise<number[]> {
  if (applicationIds.length === 0) return [];
  const list = sql.join(
    applicationIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number }>(
    await tx.execute(
      sql`select distinct u.id from ${applications} a cross join lateral jsonb_path_query(a.data, ${NUMBERS}) n join ${uploads} u on u.owner_user_id = a.user_id and u.id::text = n #>> '{}' where a.id in (${list})`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

/** The grace staff set in the settings (hours), else ORPHAN_UPLOAD_GRACE_HOURS. */
export async function orphanUploadGraceMs(db: Executor, fallbackMs: number): Promise<number> {
  const [row] = await db.select({ hours: settings.orphanUploadGraceHours }).from(settings).limit(1);
  return row?.hours == null ? fallbackMs : row.hours * 3600_000;
}

/** Delete every upload past the grace period that nothing refers to; answers how many went. */
export async function sweepOrphanUploads({ db, storage, log, config }: Pick<AppContext, 'db' | 'storage' | 'log' | 'config'>, signal?: AbortSignal): Promise<number> {
  let deleted = 0;
  let bytes = 0;
  const grace = await orphanUploadGraceMs(db, config.orphanUploadGraceMs);
  for (;;) {
    if (signal?.aborted) break;
    const batch = await sweepBatch(db, grace);
    // The rows are gone for good; an object whose deletion fails is only wasted space.
    for (const row of batch) {
      await storage.delete(row.storage_key).catch((error: unknown) => log.warn({ err: error, key: row.storage_key }, 'orphan upload object not deleted'));
      bytes += Number(row.size);
    }
    deleted += batch.length;
    if (batch.length < BATCH) break;
  }
  if (deleted > 0) log.info({ deleted, bytes, graceHours: grace / 3600_000 }, 'orphan uploads swept');
  return deleted;
}

/** Register the hourly sweep with the queue. */
export async function startOrphanUploadSweep(ctx: Pick<AppContext, 'db' | 'storage' | 'log' | 'config' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(ORPHAN_UPLOAD_SWEEP_JOB, { concurrency: 1 }, async (_data, attempt) => void (await sweepOrphanUploads(ctx, attempt.signal)));
  await ctx.jobs.schedule(ORPHAN_UPLOAD_SWEEP_JOB, SWEEP_CRON);
}
