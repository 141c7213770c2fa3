import type { Transport } from '@flagship/api-client';

/**
 * The request a page is being rendered for on the server (see entry-server.tsx): its cookies and
 * the server's own API. Always undefined in the browser.
 */
export interface RequestScope {
  cookie: string | undefined;
  /** Answers the SDK's calls from the server itself, without a network round trip. */
  transport: Transport;
}

let current: () => RequestScope | undefined = () => undefined;

/** Set once by the server entry: where the current request's scope lives. */
export function setRequestScopeSource(source: () => RequestScope | undefined): void {
  current = source;
}

export function requestScope(): RequestScope {
  const scope = current();
  if (!scope) throw new Error('No request is being rendered');
  return scope;
}

export function requestCookieHeader(): string | undefined {
  return current()?.cookie;
}
