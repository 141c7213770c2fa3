import type { CategoryKind } from '@flagship/api-client';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { applications, categories, regions, uploads, users } from '../db/schema';
import { badRequest } from '../http/errors';
import type { Mailer } from '../lib/mailer';

const FILE_URL = /^\/api\/file\/(\d+)$/;

/** Staff see what was sent to them: applications submitted at least once (never bare drafts). */
export const SENT_TO_STAFF = isNotNull(applications.submittedAt);

/** `%` and `_` in a keyword are literal in LIKE. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
    .where(and(inArray(uploads.id, unique), isNotNull(uploads.ownerStaffId)));
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const id of unique) {
    const row = found.get(id);
    if (!row) throw badRequest(`${label}：文件 ${id} 不存在或不是工作人员上传的`, { [field]: '文件不存在或不是工作人员上传的' });
    if (imagesOnly && !row.mime.startsWith('image/')) throw badRequest(`${label}：只能使用图片`, { [field]: '只能使用图片' });
  }
  await tx.update(uploads).set({ public: true }).where(inArray(uploads.id, unique));
}

/** An image reference as stored: an upload id becomes its URL (and public); a URL stays. */
export async function resolveImage(tx: Executor, ref: number | string | null, field: string, label: string): Promise<string | null> {
  if (ref === null || ref === '') return null;
  const id = typeof ref === 'number' ? ref : Number(FILE_URL.exec(ref)?.[1] ?? NaN);
  if (Number.isSafeInteger(id)) {
    await publishStaffUploads(tx, [id], field, label, true);
    return `/api/file/${id}`;
  }
  return ref as string;
}

/** Attachments pointing at uploads on this site must be staff uploads; those become public. */
export async function checkAttachments(tx: Executor, attachments: { name: string; url: string; size: number }[]): Promise<void> {
  const ids = attachments.flatMap((a) => {
    const match = FILE_URL.exec(a.url);
    return match ? [Number(match[1])] : [];
  });
  await publishStaffUploads(tx, ids, 'attachments', '附件', false);
}

/** The category's name, after checking it exists and is of the right kind. */
export async function checkCategory(tx: Executor, id: number | null | undefined, kind: CategoryKind): Promise<string | null> {
  if (id == null) return null;
  const [row] = await tx.select({ name: categories.name, kind: categories.kind }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row || row.kind !== kind) throw badRequest('分类：分类不存在', { categoryId: '分类不存在' });
  return row.name;
}

export async function checkRegion(tx: Executor, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  const [row] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
  if (!row) throw badRequest('地区：地区不存在', { regionId: '地区不存在' });
}

const MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Where notices to an applicant are e-mailed: the account when it is an address, else the address on file, else nowhere. */
export function noticeEmail(user: { account: string; email: string }): string | null {
  if (EMAIL.test(user.account)) return user.account;
  return EMAIL.test(user.email) ? user.email : null;
}

/**
 * Tell an applicant something by e-mail. Without an address it becomes a text message, and no
 * SMS gateway runs here: it only reaches the outbox, so the server warns (staff see it in the console).
 */
export async function notifyUser(db: Executor, mailer: Mailer, log: FastifyBaseLogger, userId: number, subject: string, text: string): Promise<void> {
  const [user] = await db.select({ account: users.account, email: users.email, mobile: users.mobile }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  const to = noticeEmail(user);
  if (to) return mailer.sendMail({ to, subject, text });
  log.warn({ userId, subject }, 'applicant has no e-mail address: the notice is not e-mailed (text message in the outbox only)');
  const mobile = MOBILE.test(user.account) ? user.account : user.mobile;
  if (MOBILE.test(mobile)) return mailer.sendSms({ to: mobile, text: `【${subject}】${text}` });
}
