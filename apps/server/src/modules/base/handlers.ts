import { Errno } from '@flagship/api-client';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { categories, regions } from '../../db/schema';
import type { Handlers } from '../../http/endpoints';
import { AppError } from '../../http/errors';
import { rowsOf } from '../../lib/rows';

const startedAt = Date.now();

export function baseHandlers({ db, config }: AppContext, version: string): Handlers['base'] {
  return {
    regions: async () =>
      db
        .select({ id: regions.id, parentId: regions.parentId, name: regions.name, level: regions.level, sort: regions.sort })
        .from(regions)
        .orderBy(asc(regions.level), asc(regions.sort), asc(regions.id)),

    categories: async ({ query }) =>
      db
        .select({ id: categories.id, kind: categories.kind, name: categories.name, sort: categories.sort })
        .from(categories)
        .where(query.kind ? eq(categories.kind, query.kind) : undefined)
        .orderBy(asc(categories.kind), asc(categories.sort), asc(categories.id)),

    health: async ({ req }) => {
      try {
        rowsOf(await db.execute(sql`select 1`));
      } catch (error) {
        req.log.error({ err: error }, 'database is down');
        throw new AppError(Errno.UNAVAILABLE, '数据库暂不可用');
      }
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        driver: config.databaseUrl ? ('postgres' as const) : ('pglite' as const),
        uptime: Math.round((Date.now() - startedAt) / 1000),
        version,
      };
    },
  };
}
