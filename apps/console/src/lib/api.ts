import { createApiClient, createCookieSessionStore, ERROR_TOAST_MS } from '@flagship/api-client';
import { notifications } from '@mantine/notifications';
import { askReauth, needsReauth } from './reauth';

/** The staff session (token and user-info cookies, 8 h), apart from the portal's. */
export const session = createCookieSessionStore({ name: 'flagship-console' });

export function showError(message: string): void {
  notifications.show({ color: 'red', title: '出错了', message: message || 'Error', autoClose: ERROR_TOAST_MS });
}

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', title: '操作成功', message, autoClose: 3000 });
}

/** The one SDK client of the console; same origin as the API. */
export const api = createApiClient({
  baseUrl: '',
  session,
  policy: {
    // A sensitive action after 10 minutes: ask for the password or a TOTP code (issue 16).
    onError: (message, error) => (needsReauth(error.data) ? askReauth() : showError(message)),
    onTransportError: (message) => showError(message),
    // Staff sessions pass the site's access-password gate; nothing to do here.
    onAccessPasswordRequired: () => {},
  },
});
