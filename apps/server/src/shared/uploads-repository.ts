import type { Upload } from '@flagship/api-client';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { uploads } from '../db/schema';
import { iso } from '../lib/dates';
import { fileUrl } from '../lib/file-url';

export type UploadRow = typeof uploads.$inferSelect;

export function toUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    name: row.originalName,
    mime: row.mime,
    size: row.size,
    sha256: row.sha256,
    url: fileUrl(row.id),
    createdAt: iso(row.createdAt),
  };
}

/** The applicant's own uploads among `ids`, by id; other people's and missing ones are absent. */
export async function ownUploads(db: Executor, userId: number, ids: number[]): Promise<Map<number, UploadRow>> {
  // Bounded: ids beyond the first thousand simply count as not found.
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647).slice(0, 1000);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.id, unique), eq(uploads.ownerUserId, userId)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Inside the transaction that writes references to uploads: holds them until it ends (the orphan
 * sweep skips or waits for them) and answers the ids that are gone meanwhile, swept since checked.
 */
export async function holdUploads(tx: Executor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, unique)).for('key share');
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((id) => !found.has(id));
}

/** The answer when `holdUploads` found an upload gone. */
export const SWEPT_UPLOAD = '文件已被清理，请重新上传';
