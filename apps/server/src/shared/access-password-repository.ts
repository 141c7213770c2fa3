import type { Database } from '../db/client';
import { settings } from '../db/schema';

/** The hash of the site's access password while the site is closed, null while it is open. */
export async function accessPasswordHash(db: Database): Promise<string | null> {
  const [row] = await db.select({ enabled: settings.accessPasswordEnabled, hash: settings.accessPasswordHash }).from(settings).limit(1);
  return row?.enabled && row.hash ? row.hash : null;
}
