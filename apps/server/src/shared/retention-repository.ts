// Retention staff set in 站点设置 (issue 16, PIPL): once a day, one instance, the unsent drafts of
// calls closed more than `draft_retention_days` ago are deleted with the uploads only they used,
// then the uploads nothing refers to are swept with staff's grace (orphan-uploads-repository.ts).
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { applications, applicationSubmissions, projects, settings } from '../db/schema';
import { rowsOf } from '../lib/rows';
import { writeAudit } from './audit-repository';
import { deleteUnreferencedUploads, sweepOrphanUploads, uploadsNamedBy } from './orphan-uploads-repository';

export const RETENTION_JOB = 'retention';
/** 03:20 Beijing time, when nobody is applying. */
const RETENTION_CRON = '20 3 * * *';
/** Drafts deleted per transaction. */
const BATCH = 100;

/** One batch of expired drafts, deleted with the uploads nothing else refers to; answers the drafts and the files' keys. */
async function expiredDraftBatch(db: Database, days: number): Promise<{ drafts: number; keys: string[] }> {
  return db.transaction(async (tx) => {
    const ids = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select a.id from ${applications} a join ${projects} p on p.id = a.project_id
        where a.status = 'draft' and p.apply_end < now() - make_interval(days => ${days}::int)
          and not exists (select 1 from ${applicationSubmissions} s where s.application_id = a.id)
        order by a.id limit ${BATCH} for update of a skip locked`),
    ).map((r) => Number(r.id));
    if (ids.length === 0) return { drafts: 0, keys: [] };
    const files = await uploadsNamedBy(tx, ids);
    const list = sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    );
    await tx.execute(sql`delete from ${applications} where ${applications.id} in (${list})`);
    const keys = await deleteUnreferencedUploads(tx, files);
    await writeAudit(tx, { actorKind: 'system', action: 'application.retention', objectType: 'application', detail: { drafts: ids, uploads: keys.length, days } });
    return { drafts: ids.length, keys };
  });
}

/** Apply staff's retention now: answers what went. */
export async function applyRetention(ctx: Pick<AppContext, 'db' | 'storage' | 'log' | 'config'>, signal?: AbortSignal): Promise<{ drafts: number; draftFiles: number; orphanUploads: number }> {
  const { db, storage, log } = ctx;
  const [row] = await db.select({ days: settings.draftRetentionDays }).from(settings).limit(1);
  let drafts = 0;
  let draftFiles = 0;
  if (row?.days != null) {
    for (;;) {
      if (signal?.aborted) break;
      const batch = await expiredDraftBatch(db, row.days);
      for (const key of batch.keys) {
        await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'file of an expired draft not deleted'));
      }
      drafts += batch.drafts;
      draftFiles += batch.keys.length;
      if (batch.drafts < BATCH) break;
    }
  }
  const orphanUploads = await sweepOrphanUploads(ctx, signal);
  log.info({ drafts, draftFiles, orphanUploads, draftRetentionDays: row?.days ?? null }, 'retention applied');
  return { drafts, draftFiles, orphanUploads };
}

/** Register the daily job with the queue. */
export async function startRetention(ctx: Pick<AppContext, 'db' | 'storage' | 'log' | 'config' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(RETENTION_JOB, { concurrency: 1 }, async (_data, attempt) => void (await applyRetention(ctx, attempt.signal)));
  await ctx.jobs.schedule(RETENTION_JOB, RETENTION_CRON);
}
