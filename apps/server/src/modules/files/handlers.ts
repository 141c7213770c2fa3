import { Errno, formFieldsSchema, type Upload } from '@flagship/api-client';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { sha256Hex } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { applications, applicationSubmissions, enterpriseAuthentications, forms, uploads } from '../../db/schema';
import { SENT, type Handlers } from '../../http/endpoints';
import { AppError, badRequest, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { referencedUploads } from '../../lib/download-jobs';
import { newStorageKey } from '../../lib/storage';
import { SENT_TO_STAFF } from '../../shared/console';

/** What may be uploaded, by the type sniffed from the content (never the name or the header). */
const ALLOWED: Record<string, { mime: string; extensions: string[] }> = {
  jpg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg', '.jpe', '.jfif'] },
  png: { mime: 'image/png', extensions: ['.png'] },
  apng: { mime: 'image/png', extensions: ['.png', '.apng'] },
  gif: { mime: 'image/gif', extensions: ['.gif'] },
  webp: { mime: 'image/webp', extensions: ['.webp'] },
  pdf: { mime: 'application/pdf', extensions: ['.pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['.xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['.pptx'] },
  zip: { mime: 'application/zip', extensions: ['.zip'] },
  doc: { mime: 'application/msword', extensions: ['.doc'] },
  xls: { mime: 'application/vnd.ms-excel', extensions: ['.xls'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', extensions: ['.ppt'] },
};

// Old Office files are compound files (CFB), like MSI installers: tell them apart by the
// stream each Office application writes (directory names are UTF-16LE).
const CFB_STREAMS: [string, string][] = [
  ['WordDocument', 'doc'],
  ['Workbook', 'xls'],
  ['Book', 'xls'],
  ['PowerPoint Document', 'ppt'],
];

export const UNSUPPORTED_TYPE = '不支持的文件类型';

export async function sniffType(buffer: Buffer): Promise<{ ext: string; mime: string } | undefined> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type) return undefined;
  let ext: string = type.ext;
  if (ext === 'cfb') {
    const found = CFB_STREAMS.find(([stream]) => buffer.includes(Buffer.from(stream, 'utf16le')));
    if (!found) return undefined;
    ext = found[1];
  }
  const allowed = ALLOWED[ext];
  return allowed ? { ext, mime: allowed.mime } : undefined;
}

/** The client's file name, kept only as metadata: no path, no control characters, sensible length. */
export function cleanFileName(raw: string | undefined, ext: string): string {
  let name = (raw ?? '')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .trim()
    .replace(/^\.+/, '');
  if ([...name].length > 120) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = [...name.slice(0, name.length - extension.length)].slice(0, 100).join('') + extension;
  }
  if (!name) name = 'file';
  // The name ends in an extension that fits the content, so it opens with the right program.
  const extensions = ALLOWED[ext]?.extensions ?? [];
  const lower = name.toLowerCase();
  if (!extensions.some((e) => lower.endsWith(e))) name += extensions[0] ?? '';
  return name;
}

/** `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266 / RFC 5987). */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Send bytes as a download the browser must not reinterpret. */
export function sendFile(reply: FastifyReply, body: Buffer, mime: string, name: string, disposition: 'attachment' | 'inline' = 'attachment'): typeof SENT {
  reply
    .header('content-type', mime)
    .header('content-length', String(body.length))
    .header('content-disposition', contentDisposition(disposition, name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(body);
  return SENT;
}

type UploadRow = typeof uploads.$inferSelect;

export function toUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    name: row.originalName,
    mime: row.mime,
    size: row.size,
    sha256: row.sha256,
    url: `/api/file/${row.id}`,
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
 * Whether staff may read a private upload: any upload made by staff, and an applicant's upload
 * only where staff see it (an enterprise authentication, an application sent to them, or any
 * earlier submission of it), never a file that only a draft uses.
 */
async function staffMayRead(db: Executor, row: UploadRow): Promise<boolean> {
  if (row.ownerStaffId !== null) return true;
  if (row.ownerUserId === null) return false;
  const [licence] = await db
    .select({ id: enterpriseAuthentications.id })
    .from(enterpriseAuthentications)
    .where(and(eq(enterpriseAuthentications.userId, row.ownerUserId), sql`${enterpriseAuthentications.licenseFiles} @> ${JSON.stringify([row.id])}::jsonb`))
    .limit(1);
  if (licence) return true;
  const sent = await db
    .select({ data: applications.data, fields: forms.fields })
    .from(applications)
    .innerJoin(forms, eq(forms.id, applications.formId))
    .where(and(eq(applications.userId, row.ownerUserId), SENT_TO_STAFF));
  const earlier = await db
    .select({ data: applicationSubmissions.data, fields: forms.fields })
    .from(applicationSubmissions)
    .innerJoin(applications, eq(applications.id, applicationSubmissions.applicationId))
    .innerJoin(forms, eq(forms.id, applications.formId))
    .where(eq(applications.userId, row.ownerUserId));
  return [...sent, ...earlier].some((a) => referencedUploads(formFieldsSchema.parse(a.fields), a.data).includes(row.id));
}

export function fileHandlers({ db, config, storage }: AppContext): Handlers['files'] {
  const limitMb = Math.round((config.uploadLimitBytes / 1024 / 1024) * 10) / 10;
  const tooLarge = () => new AppError(Errno.TOO_LARGE, `文件不能超过 ${limitMb} MB`);

  return {
    upload: async ({ req, principal }) => {
      if (!req.isMultipart()) throw badRequest('文件：请以 multipart/form-data 上传，字段名为 file', { file: '请选择要上传的文件' });
      const part = await req.file({ limits: { fileSize: config.uploadLimitBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest('文件：请选择要上传的文件', { file: '请选择要上传的文件' });
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      if (part.file.truncated) throw tooLarge();
      if (buffer.length === 0) throw badRequest('文件：文件内容为空', { file: '文件内容为空' });

      const type = await sniffType(buffer);
      if (!type) {
        throw badRequest(`${UNSUPPORTED_TYPE}，请上传图片（JPG、PNG、GIF、WebP）、PDF、Office 文档或 ZIP 压缩包`, { file: UNSUPPORTED_TYPE });
      }
      const storageKey = newStorageKey('uploads', type.ext);
      await storage.put(storageKey, buffer);
      try {
        const [row] = await db
          .insert(uploads)
          .values({
            ownerUserId: principal.kind === 'user' ? principal.userId : null,
            ownerStaffId: principal.kind === 'staff' ? principal.staffId : null,
            originalName: cleanFileName(part.filename, type.ext),
            storageKey,
            mime: type.mime,
            size: buffer.length,
            sha256: sha256Hex(buffer),
          })
          .returning();
        if (!row) throw new Error('Upload row was not written');
        return toUpload(row);
      } catch (error) {
        await storage.delete(storageKey).catch(() => {});
        throw error;
      }
    },

    get: async ({ params, principal, reply }) => {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, params.id)).limit(1);
      // Public uploads (covers, photos) are for every visitor; anything else needs a session,
      // and someone else's file answers exactly like a missing one.
      if (!principal && !row?.public) throw new AppError(Errno.LOGIN_REQUIRED, '请先登录');
      const allowed =
        row && (row.public || (principal?.kind === 'user' && row.ownerUserId === principal.userId) || (principal?.kind === 'staff' && (await staffMayRead(db, row))));
      if (!row || !allowed) throw notFound('文件不存在');
      const body = await storage.get(row.storageKey);
      if (!body) throw notFound('文件不存在');
      return sendFile(reply, body, row.mime, row.originalName, row.mime.startsWith('image/') ? 'inline' : 'attachment');
    },
  };
}
