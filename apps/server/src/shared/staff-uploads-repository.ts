import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { uploads } from '../db/schema';
import { badRequest } from '../http/errors';
import { fileUrl, uploadIdOfUrl } from '../lib/file-url';
import { richTextUploads, sanitizeRichText } from '../lib/sanitize';

/**
 * Staff uploads that become part of public content (covers, photos, attachments) are marked
 * public. Only uploads made by staff qualify: an applicant's private file never becomes public.
 */
async function publishStaffUploads(tx: Executor, ids: number[], field: string, label: string, imagesOnly: boolean): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await tx
    .select({ id: uploads.id, mime: uploads.mime })
    .from(uploads)
    .where(and(inArray(uploads.id, unique), isNotNull(uploads.ownerStaffId)))
    // Held until the content is written: the sweep of unused uploads skips them meanwhile.
    .for('key share');
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const id of unique) {
    const row = found.get(id);
    if (!row) throw badRequest(`${label}：文件 ${id} 不存在或不是工作人员上传的`, { [field]: '文件不存在或不是工作人员上传的' });
    if (imagesOnly && !row.mime.startsWith('image/')) throw badRequest(`${label}：只能使用图片`, { [field]: '只能使用图片' });
  }
  await tx.update(uploads).set({ public: true }).where(inArray(uploads.id, unique));
}

/**
 * An image reference as stored: an upload id (or its URL) becomes its URL, and the upload public.
 * Images come only from this site's uploads (the CSP loads no other), so any other URL is refused.
 */
export async function resolveImage(tx: Executor, ref: number | string | null, field: string, label: string): Promise<string | null> {
  if (ref === null || ref === '') return null;
  const id = typeof ref === 'number' ? ref : uploadIdOfUrl(ref);
  if (id === null || !Number.isSafeInteger(id)) throw badRequest(`${label}：只能使用本站上传的图片`, { [field]: '只能使用本站上传的图片' });
  await publishStaffUploads(tx, [id], field, label, true);
  return fileUrl(id);
}

/** Attachments pointing at uploads on this site must be staff uploads; those become public. */
export async function checkAttachments(tx: Executor, attachments: { name: string; url: string; size: number }[]): Promise<void> {
  const ids = attachments.flatMap((a) => {
    const id = uploadIdOfUrl(a.url);
    return id === null ? [] : [id];
  });
  await publishStaffUploads(tx, ids, 'attachments', '附件', false);
}

/**
 * Staff rich text on its way in: sanitised (images only from this site's uploads), and the images
 * it shows must be staff uploads, which become public so that every visitor can see them.
 */
export async function publicRichText(tx: Executor, html: string, field: string, label: string): Promise<string> {
  const clean = sanitizeRichText(html);
  await publishStaffUploads(tx, richTextUploads(clean), field, label, true);
  return clean;
}
