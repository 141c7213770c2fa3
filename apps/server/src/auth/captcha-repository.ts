import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { captchas } from '../db/schema';

export async function insertCaptcha(db: Database, id: string, answerHash: string, expiresAt: Date): Promise<void> {
  await db.insert(captchas).values({ id, answerHash, expiresAt });
}

export async function deleteCaptchasExpiredBefore(db: Database, before: Date): Promise<void> {
  await db.delete(captchas).where(lt(captchas.expiresAt, before));
}

/** Mark a live, unused captcha used; its answer's hash, or undefined when there was none. */
export async function useCaptcha(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
    .returning({ answerHash: captchas.answerHash });
  return row?.answerHash;
}
