import type { ApiError, ContractError, TransportError } from './errors';

/** Timings of the error policy: request time-out, toast duration, reset after 1001. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const SESSION_RESET_DELAY_MS = 1_000;
export const ERROR_TOAST_MS = 5_000;

/**
 * What the app does when a call fails. The SDK shows nothing itself: it calls these
 * and rejects the call's promise.
 */
export interface ErrorPolicy {
  /** errno numeric and not 200 (1001 and 1004 included): show `message` (errmsg, or 'Error'). */
  onError(message: string, error: ApiError): void;
  /** Network failure, time-out, or a body that is not an envelope. */
  onTransportError(message: string, error: TransportError): void;
  /** `data` did not match its schema: a bug to report. */
  onContractError(error: ContractError): void;
  /** errno 1004: the site is closed behind an access password. */
  onAccessPasswordRequired(error: ApiError): void;
  /** After a 1001 and the delay, once the session is cleared. */
  reload(): void;
  /** How long after a 1001 the session is cleared. */
  sessionResetDelayMs: number;
}

export const defaultPolicy: ErrorPolicy = {
  onError: () => {},
  onTransportError: () => {},
  onContractError: (error) => console.error(error),
  onAccessPasswordRequired: () => {},
  reload: () => {
    if (typeof location !== 'undefined') location.reload();
  },
  sessionResetDelayMs: SESSION_RESET_DELAY_MS,
};
