import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { countRateLimitHit, pruneRateLimits } from './rate-limit-repository';

/** How often one process deletes the counters of windows that have ended. */
const PRUNE_EVERY_MS = 60_000;

/**
 * What @fastify/rate-limit really passes to `child`: the route's limit options with the route
 * under `routeInfo` (its typings say the route options themselves, which have no `path`).
 */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Rate-limit counters in the database, so that every server process behind a load balancer
 * counts the same requests. Each route counts on its own: the key starts with its method and URL.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let lastPrune = 0;
  const prune = () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    pruneRateLimits(db).catch(() => {
      // A failed clean-up costs nothing but space; the next one tries again.
      lastPrune = 0;
    });
  };

  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the root store with its options; children get their route's prefix.
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const id = `${this.prefix}${key}`;
      const windowMs = Math.max(1, Math.round(timeWindow));
      prune();
      countRateLimitHit(db, id, windowMs)
        .then((row) => {
          callback(null, { current: Number(row?.count ?? 1), ttl: Math.max(0, Number(row?.ttl ?? windowMs)) });
        })
        .catch((error: Error) => callback(error));
    }

    child(options: object): FastifyRateLimitStore {
      const { method, url } = (options as ChildOptions).routeInfo ?? {};
      if (!url) throw new Error('A rate limit needs a route to count for');
      // Fastify answers HEAD with the GET route: both count against the same budget.
      const methods = [method ?? ''].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
      return new DatabaseStore(undefined, `${[...new Set(methods)].join(',')} ${url}:`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
