import { createApiClient, createCookieSessionStore, createRequestSessionStore, DEFAULT_SESSION_NAME, ERROR_TOAST_MS, type ErrorPolicy } from '@flagship/api-client';
import { notifications } from '@mantine/notifications';
import { requestCookieHeader, requestScope } from './request-scope';
import { clockedFetch } from './server-clock';

// The server's page cache tells visitors with a session by this name: one constant for both.
const SESSION_NAME = DEFAULT_SESSION_NAME;

/**
 * The session (token and user info cookies, 8 h), named after this front end; on the server, the
 * same cookies as the request being rendered carries them.
 */
export const session = import.meta.env.SSR
  ? createRequestSessionStore(requestCookieHeader, { name: SESSION_NAME })
  : createCookieSessionStore({ name: SESSION_NAME });

type Navigate = (to: string) => void;
// The router registers itself once it exists; before that a full page load does the job.
let navigateTo: Navigate = (to) => window.location.assign(to);
export function setNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

// Error toasts by the page (path) they were shown on: navigating away closes them.
const errorToasts = new Map<string, string>();

export function showError(message: string, title = '出错了'): void {
  const id = notifications.show({ color: 'red', title, message: message || 'Error', autoClose: ERROR_TOAST_MS, onClose: () => errorToasts.delete(id) });
  // Rendering on the server shows no toast that navigation could close.
  if (typeof window !== 'undefined') errorToasts.set(id, window.location.pathname);
}

/** Close the error toasts of other pages (a failed login's once logged in, say). */
export function closeErrorToastsOutside(pathname: string): void {
  for (const [id, shownOn] of errorToasts) {
    if (shownOn === pathname) continue;
    errorToasts.delete(id);
    notifications.hide(id);
  }
}

/** The SDK's error policy wired to Mantine notifications; the SDK adds the 1001 reset and reload. */
export const errorPolicy = {
  onError: (message: string) => showError(message),
  onTransportError: (message: string) => showError(message),
  onAccessPasswordRequired: () => {
    if (window.location.pathname === '/password') return;
    const back = `${window.location.pathname}${window.location.search}`;
    navigateTo(`/password?redirect=${encodeURIComponent(back)}`);
  },
} satisfies Partial<ErrorPolicy>;

/**
 * The one SDK client of the portal; same origin; its answers' Date headers set the server clock.
 * On the server its calls go to the server itself, without toasts and without a timer per call
 * (the render's own deadline aborts its loads).
 */
export const api = import.meta.env.SSR
  ? createApiClient({ baseUrl: '', session, timeout: false, transport: (request) => requestScope().transport(request) })
  : createApiClient({ baseUrl: '', session, policy: errorPolicy, fetch: clockedFetch });
