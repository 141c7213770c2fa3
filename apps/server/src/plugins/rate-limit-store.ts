import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../lib/rows';

/**
 * Rate-limit counters in the database, so that every server process behind a load balancer
 * counts the same requests.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const id = `${this.prefix}${key}`;
      const windowMs = Math.max(1, Math.round(timeWindow));
      db.execute(sql`
        insert into rate_limits (key, count, reset_at)
        values (${id}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then now() + make_interval(secs => ${windowMs / 1000}) else rate_limits.reset_at end
        returning count, (extract(epoch from (reset_at - now())) * 1000)::int as ttl`)
        .then((result) => {
          const row = rowsOf<{ count: number; ttl: number }>(result)[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Math.max(0, Number(row?.ttl ?? windowMs)) });
        })
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: { path: string; method?: string | string[] }): FastifyRateLimitStore {
      return new DatabaseStore(`${String(routeOptions.method ?? '')} ${routeOptions.path}:`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
