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

export function showError(message: string, title = '出错了'): void {
  notifications.show({ color: 'red', title, message: message || 'Error', autoClose: ERROR_TOAST_MS });
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
 * On the server its calls go to the server itself, without toasts.
 */
export const api = import.meta.env.SSR
  ? createApiClient({ baseUrl: 'http://portal.internal', linkBaseUrl: '', session, fetch: (input, init) => requestScope().fetch(input, init) })
  : createApiClient({ baseUrl: '', session, policy: errorPolicy, fetch: clockedFetch });
