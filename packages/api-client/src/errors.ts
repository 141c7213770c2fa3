import { Errno, type ValidationErrorData } from './envelope';

/** The server answered with an envelope whose errno is not 200. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    readonly errno: number,
    readonly errmsg: string,
    readonly data: unknown = null,
    readonly status?: number,
  ) {
    super(errmsg || 'Error');
  }

  /** Field errors of a 400 answer (path → message); empty for other errors. */
  get fields(): Record<string, string> {
    const data = this.data as Partial<ValidationErrorData> | null;
    return data && typeof data.fields === 'object' && data.fields ? data.fields : {};
  }
}

/** errno 1001: a token was sent but is unknown, expired or revoked. */
export class SessionInvalidError extends ApiError {
  override readonly name = 'SessionInvalidError';
  constructor(errmsg: string, data: unknown = null, status?: number) {
    super(Errno.SESSION_INVALID, errmsg, data, status);
  }
}

/** No usable answer: network failure, time-out, or a body that is not an envelope. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly kind: 'network' | 'timeout' | 'invalid-response',
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The envelope's `data` does not match the endpoint's schema: a bug on one side, never passed on. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(
    readonly endpoint: string,
    readonly issues: readonly { path: readonly PropertyKey[]; message: string }[],
  ) {
    super(`Response of ${endpoint} does not match its schema: ${issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`);
  }
}
