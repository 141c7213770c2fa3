import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { uploads } from '../db/schema';

/** The size and SHA-256 recorded for the upload stored under `key`, or undefined when no upload is (a package, say). */
export async function recordedUpload(db: Executor, key: string): Promise<{ size: number; sha256: string } | undefined> {
  const [row] = await db.select({ size: uploads.size, sha256: uploads.sha256 }).from(uploads).where(eq(uploads.storageKey, key)).limit(1);
  return row;
}
