import { and, count, eq, gt, isNull, like, lt } from 'drizzle-orm';
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

/** How many live captchas have ids starting with `prefix`, used or not. */
export async function countLiveCaptchas(db: Database, prefix: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(captchas)
    .where(and(like(captchas.id, `${prefix}%`), gt(captchas.expiresAt, new Date())));
  return row?.n ?? 0;
}
