// Receipt serial numbers, given on first submission by the server and by the demo seed alike.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { beijingYear } from '../lib/beijing-time';
import type { Executor } from './client';
import { applicationSerials } from './schema';

/** The year a submission at `at` counts in: serial numbers count per Beijing year. */
export const serialYear = beijingYear;

/** Serial number `last` of `year` as text, in SQL: FS-2026-000123 (at least six digits). */
export function serialNumberSql(year: number | Placeholder, last: SQL): SQL {
  return sql`'FS-' || ${year}::integer || '-' || lpad(${last}::text, greatest(6, length(${last}::text)), '0')`;
}

/** The next serial number of the year of `at`: FS-2026-000123. */
export async function nextSerial(tx: Executor, at: Date): Promise<string> {
  const year = serialYear(at);
  const [row] = await tx
    .insert(applicationSerials)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: applicationSerials.year, set: { last: sql`${applicationSerials.last} + 1` } })
    .returning({ serialNumber: serialNumberSql(year, sql`${applicationSerials.last}`) });
  if (!row) throw new Error('Serial counter was not updated');
  return row.serialNumber as string;
}
