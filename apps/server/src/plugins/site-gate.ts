import { Errno } from '@flagship/api-client';
import type { FastifyInstance } from 'fastify';
import { GATE_COOKIE, gateCookieValue } from '../auth/site-gate';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { accessPasswordHash } from '../shared/access-password-repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** From the endpoint's declaration (`passesSiteGate`): answered while the site is closed. */
    passesSiteGate?: boolean;
  }
}

const CACHE_MS = 5_000;

/**
 * When settings close the site, API calls answer 1004 until the access password unlocks this
 * browser. What passes is said by each declaration; an address that is no endpoint stays closed.
 * Returns what tells whether the site is closed (the access password read at most every 5 s).
 */
export function installSiteGate(app: FastifyInstance, db: Database): () => Promise<boolean> {
  let cached: { at: number; hash: string | null } | undefined;
  const gateHash = async () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      cached = { at: Date.now(), hash: await accessPasswordHash(db) };
    }
    return cached.hash;
  };

  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0] ?? '';
    if (!(path.startsWith('/api/') || path.startsWith('/admin/'))) return;
    if (req.routeOptions.config.passesSiteGate) return;
    const hash = await gateHash();
    if (hash && req.cookies[GATE_COOKIE] !== gateCookieValue(hash)) {
      throw new AppError(Errno.ACCESS_PASSWORD_REQUIRED, '本站暂未开放，请输入访问密码');
    }
  });
  return async () => Boolean(await gateHash());
}
