// Receipt serial numbers, given on first submission by the server and by the demo seed alike.
import { sql } from 'drizzle-orm';
import { beijingYear } from '../lib/beijing-time';
import type { Executor } from './client';
import { applicationSerials } from './schema';

/** Serial numbers count per Beijing year: FS-2026-000123. */
export async function nextSerial(tx: Executor, at: Date): Promise<string> {
  const year = beijingYear(at);
  const [row] = await tx
    .insert(applicationSerials)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: applicationSerials.year, set: { last: sql`${applicationSerials.last} + 1` } })
    .returning({ last: applicationSerials.last });
  if (!row) throw new Error('Serial counter was not updated');
  return `FS-${year}-${String(row.last).padStart(6, '0')}`;
}
