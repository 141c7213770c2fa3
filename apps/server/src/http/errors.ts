import { ERRNO_MESSAGES, Errno, fieldLabel, type ErrnoValue } from '@flagship/api-client';

/** An expected failure, answered as an envelope with this errno; never logged as a server error. */
export class AppError extends Error {
  constructor(
    readonly errno: ErrnoValue,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? ERRNO_MESSAGES[errno]);
  }
}

export const badRequest = (message: string, fields: Record<string, string> = {}) => new AppError(Errno.INVALID_INPUT, message, { fields });
export const forbidden = (message?: string) => new AppError(Errno.FORBIDDEN, message);
export const notFound = (message?: string) => new AppError(Errno.NOT_FOUND, message);
export const conflict = (message?: string) => new AppError(Errno.CONFLICT, message);

/** 400 naming the first failing field (path → message) by its Chinese label; every one in `data.fields`. */
export function invalidFields(fields: Record<string, string>): AppError {
  const entries = Object.entries(fields);
  const [path, message] = entries[0] ?? ['request', '输入有误'];
  const more = entries.length > 1 ? `（另有 ${entries.length - 1} 项有误）` : '';
  const label = path === 'body' ? '请求内容' : fieldLabel(path);
  return new AppError(Errno.INVALID_INPUT, `${label}：${message}${more}`, { fields });
}
