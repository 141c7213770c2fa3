import { Errno } from '@flagship/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { VirusScanner } from '../../lib/virus-scan';
import type { Handlers } from '../../http/endpoints';
import { AppError } from '../../http/errors';
import { categoryList } from '../../shared/taxonomy-repository';
import { pingDatabase, regionList } from './repository';

const startedAt = Date.now();

async function virusScanStatus(scanner: VirusScanner | null, log: FastifyBaseLogger): Promise<'ok' | 'down' | 'off'> {
  if (!scanner) return 'off';
  try {
    await scanner.ping();
    return 'ok';
  } catch (error) {
    log.warn({ err: error }, 'virus scanner is down');
    return 'down';
  }
}

export function baseHandlers({ db, config, virusScanner }: AppContext, version: string): Handlers['base'] {
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
      const virusScan = await virusScanStatus(virusScanner, req.log);
      return {
        status: virusScan === 'down' ? ('degraded' as const) : ('ok' as const),
        database: 'ok' as const,
        virusScan,
        driver: config.databaseUrl ? ('postgres' as const) : ('pglite' as const),
        uptime: Math.round((Date.now() - startedAt) / 1000),
        version,
      };
    },
  };
}
