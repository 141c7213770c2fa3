import { createApiClient, createCookieSessionStore, ERROR_TOAST_MS, type ErrorPolicy } from '@flagship/api-client';
import { notifications } from '@mantine/notifications';

/** The session (token and user info cookies, 8 h), named after this front end. */
export const session = createCookieSessionStore({ name: 'flagship-portal' });

type Navigate = (to: string) => void;
// The router registers itself once it exists; before that a full page load does the job.
let navigateTo: Navigate = (to) => window.location.assign(to);
export function setNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export function showError(message: string, title = '出错了'): void {
  notifications.show({ color: 'red', title, message: message || 'Error', autoClose: ERROR_TOAST_MS });
}

/** Spec §8 wired to Mantine notifications; the SDK adds the 1001 reset and reload. */
export const errorPolicy = {
  onError: (message: string) => showError(message),
  onTransportError: (message: string) => showError(message),
  onAccessPasswordRequired: () => {
    if (window.location.pathname === '/password') return;
    const back = `${window.location.pathname}${window.location.search}`;
    navigateTo(`/password?redirect=${encodeURIComponent(back)}`);
  },
} satisfies Partial<ErrorPolicy>;

/** The one SDK client of the portal; same origin. */
export const api = createApiClient({ baseUrl: '', session, policy: errorPolicy });
