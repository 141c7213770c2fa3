// The per-account brakes on uploads: a quota on what is kept (413) and a rate over a sliding
// window (429 with Retry-After). Both are counted from the uploads table, so they hold across
// instances; the repository's owner lock makes a concurrent burst count one upload at a time.
import { Errno } from '@flagship/api-client';
import type { Config } from '../../env';
import { AppError } from '../../http/errors';
import type { UploadOwner, UploadUsage } from './repository';

/** `12.5 MB`, `39.1 KB`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  return `${Math.round((bytes / 1024) * 10) / 10} KB`;
}

function waitText(seconds: number): string {
  return seconds < 120 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
}

type Limits = Pick<Config, 'uploadQuota' | 'uploadRate'>;

/** Which counts a check needs; null when the owner has neither a quota nor a rate. */
export function usageNeeded(limits: Limits, owner: UploadOwner): { kept: boolean; windowMs: number | null } | null {
  const rated = limits.uploadRate.maxFiles !== null || limits.uploadRate.maxBytes !== null;
  const kept = quotaOf(limits, owner) !== null;
  return kept || rated ? { kept, windowMs: rated ? limits.uploadRate.windowMs : null } : null;
}

const quotaOf = (limits: Limits, owner: UploadOwner) => (owner.kind === 'user' ? limits.uploadQuota.userBytes : limits.uploadQuota.staffBytes);

/**
 * Why `incoming` more bytes may not be kept for this owner, or null when they may. Before the body
 * is read, pass 1: a quota or a window already full refuses any file.
 */
export function uploadRefusal(limits: Limits, owner: UploadOwner, usage: UploadUsage, incoming: number): AppError | null {
  const quota = quotaOf(limits, owner);
  if (quota !== null && usage.keptBytes + incoming > quota) {
    const graceHours = Math.round((usage.graceMs / 3600_000) * 10) / 10;
    return new AppError(
      Errno.TOO_LARGE,
      `上传空间已满：您已保存 ${sizeText(usage.keptBytes)} 文件，上限 ${sizeText(quota)}。未被申报、认证或页面内容使用的文件会在上传 ${graceHours} 小时后自动清理`,
    );
  }
  const { maxFiles, maxBytes, windowMs } = limits.uploadRate;
  const fits = (dropped: number, droppedBytes: number, bytes: number) =>
    (maxFiles === null || usage.recent.length - dropped + 1 <= maxFiles) && (maxBytes === null || bytes - droppedBytes + incoming <= maxBytes);
  const recentBytes = usage.recent.reduce((sum, r) => sum + r.size, 0);
  if (fits(0, 0, recentBytes)) return null;

  // The first moment the oldest uploads have left the window far enough for this one.
  let waitMs = windowMs;
  let droppedBytes = 0;
  for (const [index, upload] of usage.recent.entries()) {
    droppedBytes += upload.size;
    if (fits(index + 1, droppedBytes, recentBytes)) {
      waitMs = upload.leavesWindowInMs;
      break;
    }
  }
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.round((windowMs / 60_000) * 10) / 10;
  const allowed =
    maxFiles !== null && maxBytes !== null ? `${maxFiles} 个文件、共 ${sizeText(maxBytes)}` : maxFiles !== null ? `${maxFiles} 个文件` : sizeText(maxBytes ?? 0);
  return new AppError(Errno.TOO_MANY_REQUESTS, `上传过于频繁：${minutes} 分钟内最多上传 ${allowed}，请 ${waitText(retryAfter)}后再试`, { retryAfter });
}
