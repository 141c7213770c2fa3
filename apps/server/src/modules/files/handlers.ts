import { Errno, formFieldsSchema } from '@flagship/api-client';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import type { Handlers } from '../../http/endpoints';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { sendStoredFile, uploadFile } from '../../http/send-file';
import { referencedUploads } from '../../shared/applications';
import { claimedKind, cleanFileName, sniffHead, SNIFF_BYTES, type SniffedType } from '../../lib/file-types';
import { newStorageKey, type Storage } from '../../lib/storage';
import { ScannerUnavailableError, type ScanVerdict, type VirusScanner } from '../../lib/virus-scan';
import { toUpload, type UploadRow } from '../../shared/uploads-repository';
import { applicationDataSeenByStaff, insertUpload, licenceHoldsUpload, lockOwnerUploads, uploadById, uploadUsage, type UploadOwner } from './repository';
import { uploadRefusal, usageNeeded } from './upload-limits';
import { UploadReader } from './upload-reader';

const UNSUPPORTED_TYPE = '不支持的文件类型';
const CONTENT_MISMATCH = '文件内容与扩展名不符';

/**
 * Whether staff may read a private upload: any upload made by staff, and an applicant's upload
 * only where staff see it (an enterprise authentication, an application sent to them, or any
 * earlier submission of it), never a file that only a draft uses.
 */
async function staffMayRead(db: Database, row: UploadRow): Promise<boolean> {
  if (row.ownerStaffId !== null) return true;
  if (row.ownerUserId === null) return false;
  if (await licenceHoldsUpload(db, row.ownerUserId, row.id)) return true;
  const seen = await applicationDataSeenByStaff(db, row.ownerUserId);
  return seen.some((a) => referencedUploads(formFieldsSchema.parse(a.fields), a.data).includes(row.id));
}

/** Scans a stored upload: infected is refused (and logged), and so is any upload while clamd cannot tell. */
async function refuseInfected(scanner: VirusScanner, storage: Storage, key: string, log: FastifyBaseLogger, about: { owner: UploadOwner; name: string }) {
  const stored = await storage.open(key);
  if (!stored) throw new Error(`The upload just stored is missing: ${key}`);
  let verdict: ScanVerdict;
  try {
    verdict = await scanner.scan(stored.body);
  } catch (error) {
    stored.body.destroy();
    if (!(error instanceof ScannerUnavailableError)) throw error;
    log.error({ err: error }, 'virus scanner unavailable: upload refused');
    throw new AppError(Errno.UNAVAILABLE, '文件安全扫描暂不可用，请稍后再试');
  }
  if (verdict.clean) return;
  log.warn({ signature: verdict.signature, owner: about.owner, fileName: about.name }, 'infected upload refused');
  throw badRequest(`检测到病毒或恶意代码（${verdict.signature}），已拒绝上传该文件`, { file: '检测到病毒或恶意代码，已拒绝上传' });
}

/** A refusal by quota or rate, with Retry-After when it is the rate. */
function refuse(reply: FastifyReply, refusal: AppError): AppError {
  const retryAfter = (refusal.data as { retryAfter?: number } | null)?.retryAfter;
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return refusal;
}

export function fileHandlers({ db, config, storage, virusScanner }: AppContext): Handlers['files'] {
  const limitMb = Math.round((config.uploadLimitBytes / 1024 / 1024) * 10) / 10;
  const tooLarge = () => new AppError(Errno.TOO_LARGE, `文件不能超过 ${limitMb} MB`);
  // A name of an allowed type on other content: say so, not that the (named) type is refused.
  const unsupportedType = (fileName: string | undefined) => {
    const kind = claimedKind(fileName);
    if (kind) return badRequest(`${CONTENT_MISMATCH}：该文件不是有效的 ${kind}`, { file: CONTENT_MISMATCH });
    return badRequest(`${UNSUPPORTED_TYPE}，请上传图片（JPG、PNG、GIF、WebP）、PDF、Office 文档或 ZIP 压缩包`, { file: UNSUPPORTED_TYPE });
  };

  return {
    upload: async ({ req, reply, principal }) => {
      // Experts read and score; nothing of theirs is a file (and staff may read any staff upload).
      if (principal.kind === 'staff' && principal.role === 'expert') throw forbidden('评审专家不能上传文件');
      if (!req.isMultipart()) throw badRequest('文件：请以 multipart/form-data 上传，字段名为 file', { file: '请选择要上传的文件' });
      const part = await req.file({ limits: { fileSize: config.uploadLimitBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest('文件：请选择要上传的文件', { file: '请选择要上传的文件' });
      const owner: UploadOwner = principal.kind === 'user' ? { kind: 'user', id: principal.userId } : { kind: 'staff', id: principal.staffId };
      const counts = usageNeeded(config, owner);
      // A full quota or window refuses any file: say so before the bytes are stored.
      const early = counts && uploadRefusal(config, owner, await uploadUsage(db, owner, counts, config.orphanUploadGraceMs), 1);
      if (early) {
        part.file.resume();
        throw refuse(reply, early);
      }

      // The bytes go to storage as they arrive: sniffed from the first ones, hashed and counted on the way.
      const reader = new UploadReader(SNIFF_BYTES);
      part.file.once('limit', () => reader.destroy(tooLarge()));
      part.file.once('error', (error) => reader.destroy(error));
      part.file.pipe(reader);
      let storageKey: string | undefined;
      let type: SniffedType | undefined;
      try {
        const head = await reader.head;
        if (head.length === 0) throw badRequest('文件：文件内容为空', { file: '文件内容为空' });
        const sniffed = await sniffHead(head);
        if (!sniffed) throw unsupportedType(part.filename);
        reader.scanCompoundFile(sniffed === 'cfb');
        // Which Office application wrote a compound file is only known at its last byte.
        storageKey = newStorageKey('uploads', sniffed === 'cfb' ? 'bin' : sniffed.ext);
        await storage.put(storageKey, reader);
        // Busboy ends a file cut at the limit like a whole one: the 'limit' event above stops it
        // early, and this makes sure of it.
        if (part.file.truncated) throw tooLarge();
        type = sniffed === 'cfb' ? reader.compoundFileType() : sniffed;
        if (!type) throw unsupportedType(part.filename);
        // Stored but not yet an upload (no row refers to it): nobody can reach it until it is clean.
        if (virusScanner) await refuseInfected(virusScanner, storage, storageKey, req.log, { owner, name: part.filename });
      } catch (error) {
        // Refused before the last byte: let the rest of the request drain so the answer gets through.
        part.file.unpipe(reader);
        reader.destroy();
        part.file.resume();
        if (storageKey) await storage.delete(storageKey).catch(() => {});
        if (part.file.truncated) throw tooLarge();
        throw error;
      }
      const { size, sha256 } = reader.summary();
      try {
        const row = await db.transaction(async (tx) => {
          // Counted again with the exact size, one upload of this owner at a time.
          if (counts) {
            await lockOwnerUploads(tx, owner);
            const refusal = uploadRefusal(config, owner, await uploadUsage(tx, owner, counts, config.orphanUploadGraceMs), size);
            if (refusal) throw refuse(reply, refusal);
          }
          return insertUpload(tx, {
            ownerUserId: owner.kind === 'user' ? owner.id : null,
            ownerStaffId: owner.kind === 'staff' ? owner.id : null,
            originalName: cleanFileName(part.filename, type.ext),
            storageKey,
            mime: type.mime,
            size,
            sha256,
          });
        });
        return toUpload(row);
      } catch (error) {
        await storage.delete(storageKey).catch(() => {});
        throw error;
      }
    },

    get: async ({ req, params, principal, reply }) => {
      const row = await uploadById(db, params.id);
      // Public uploads (covers, photos) are for every visitor; anything else needs a session,
      // and someone else's file answers exactly like a missing one. Experts read applications'
      // files only through their own assignments (console myReviewFile).
      if (!principal && !row?.public) throw new AppError(Errno.LOGIN_REQUIRED, '请先登录');
      const allowed =
        row &&
        (row.public ||
          (principal?.kind === 'user' && row.ownerUserId === principal.userId) ||
          (principal?.kind === 'staff' && principal.role !== 'expert' && (await staffMayRead(db, row))));
      if (!row || !allowed) throw notFound('文件不存在');
      const sent = await sendStoredFile(req, reply, storage, uploadFile(row, row.originalName));
      if (!sent) throw notFound('文件不存在');
      return sent;
    },
  };
}
