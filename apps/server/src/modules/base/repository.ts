import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { regions } from '../../db/schema';
import { rowsOf } from '../../lib/rows';

export function regionList(db: Database) {
  return db
    .select({ id: regions.id, parentId: regions.parentId, name: regions.name, level: regions.level, sort: regions.sort })
    .from(regions)
    .orderBy(asc(regions.level), asc(regions.sort), asc(regions.id));
}

/** A round trip to the database: throws when it is down. */
export async function pingDatabase(db: Database): Promise<void> {
  rowsOf(await db.execute(sql`select 1`));
}
