import { Errno } from '@flagship/api-client';
import type { FastifyInstance } from 'fastify';
import { GATE_COOKIE, gateCookieValue } from '../auth/site-gate';
import type { Database } from '../db/client';
import { settings } from '../db/schema';
import { AppError } from '../http/errors';

// What a visitor needs before the gate opens: the settings (to know it is closed), the password
// check itself, captcha and health; staff always get through to open it.
const OPEN_PATHS = new Set(['/api/setting/index', '/api/checkAccessPassword', '/api/verify', '/api/health']);
const CACHE_MS = 5_000;

/** When settings close the site, API calls answer 1004 until the access password unlocks this browser. */
export function installSiteGate(app: FastifyInstance, db: Database) {
  let cached: { at: number; hash: string | null } | undefined;
  const gateHash = async () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      const [row] = await db.select({ enabled: settings.accessPasswordEnabled, hash: settings.accessPasswordHash }).from(settings).limit(1);
      cached = { at: Date.now(), hash: row?.enabled && row.hash ? row.hash : null };
    }
    return cached.hash;
  };

  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0] ?? '';
    if (!(path.startsWith('/api/') || path.startsWith('/admin/'))) return;
    if (OPEN_PATHS.has(path) || path.startsWith('/api/console/')) return;
    const hash = await gateHash();
    if (hash && req.cookies[GATE_COOKIE] !== gateCookieValue(hash)) {
      throw new AppError(Errno.ACCESS_PASSWORD_REQUIRED, '本站暂未开放，请输入访问密码');
    }
  });
}
