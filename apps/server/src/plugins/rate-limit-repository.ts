import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../lib/rows';

/** Delete the counters of windows that have ended. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
}

/**
 * Count one request against `key` in a single statement: a new window of `windowMs` starts when
 * there is none or the last one has ended. The count so far and the milliseconds left.
 */
export async function countRateLimitHit(db: Database, key: string, windowMs: number): Promise<{ count: number; ttl: number } | undefined> {
  const result = await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then now() + make_interval(secs => ${windowMs / 1000}) else rate_limits.reset_at end
    returning count, (extract(epoch from (reset_at - now())) * 1000)::int as ttl`);
  return rowsOf<{ count: number; ttl: number }>(result)[0];
}
