import { ERRNO_MESSAGES, Errno, type ErrnoValue } from '@flagship/api-client';

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
