import { Errno } from '@flagship/api-client';
import type { AppContext } from '../../context';
import type { Handlers } from '../../http/endpoints';
import { AppError } from '../../http/errors';
import { categoryList } from '../../shared/taxonomy-repository';
import { pingDatabase, regionList } from './repository';

const startedAt = Date.now();

export function baseHandlers({ db, config }: AppContext, version: string): Handlers['base'] {
  return {
    regions: async () => regionList(db),

    categories: async ({ query }) => categoryList(db, query.kind),

    health: async ({ req }) => {
      try {
        await pingDatabase(db);
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
