import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { settings } from '../../../db/schema';

type SettingsValues = Partial<Omit<typeof settings.$inferInsert, 'id'>>;

/** The stored hash of the site's access password (whether or not the gate is on), or null. */
export async function storedAccessPasswordHash(db: Executor, { lock = false } = {}): Promise<string | null> {
  const query = db.select({ hash: settings.accessPasswordHash }).from(settings);
  const [row] = await (lock ? query.for('update') : query).limit(1);
  return row?.hash ?? null;
}

export async function updateSettings(tx: Executor, values: SettingsValues): Promise<void> {
  await tx.update(settings).set(values).where(eq(settings.id, 1));
}

/** Staff's retention periods (null: keep drafts; the server's default grace). */
export async function retentionSettings(db: Executor): Promise<{ draftRetentionDays: number | null; orphanUploadGraceHours: number | null }> {
  const [row] = await db.select({ draftRetentionDays: settings.draftRetentionDays, orphanUploadGraceHours: settings.orphanUploadGraceHours }).from(settings).limit(1);
  return row ?? { draftRetentionDays: null, orphanUploadGraceHours: null };
}
