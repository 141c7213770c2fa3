import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { StoredUserInfo } from '@flagship/api-client';
import { api, session } from './api';

// useSyncExternalStore needs a stable snapshot; the store parses cookies on every read.
let snapshot = session.getUserInfo();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

session.subscribe((info) => {
  snapshot = info;
  emit();
});

/** Re-read the cookies (they expire on their own after 8 h). */
export function refreshSession(): void {
  const current = session.getUserInfo();
  if (current?.token !== snapshot?.token || current?.enterprise_authentication_status !== snapshot?.enterprise_authentication_status) {
    snapshot = current;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const getSnapshot = () => snapshot;
// A page rendered on the server shows the session its request's cookies hold, and the browser
// hydrates it with the same cookies.
const getServerSnapshot = import.meta.env.SSR ? () => session.getUserInfo() : getSnapshot;

/** The logged-in user's info, or undefined for visitors. */
export function useSession(): StoredUserInfo | undefined {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

// Staff decide on an enterprise's authentication elsewhere; the header's badge asks again at most this often.
const USER_INFO_INTERVAL_MS = 10_000;
let lastAsked = 0;

/** Ask the server for the authentication status (throttled) and keep the stored user info current. */
export function refreshUserInfo(now = Date.now()): void {
  if (!session.getToken() || now - lastAsked < USER_INFO_INTERVAL_MS) return;
  lastAsked = now;
  api.enterprise
    .checkAuthenticationStatus(undefined, { silent: true })
    .then((result) => {
      if (session.getToken() && session.getUserInfo()?.enterprise_authentication_status !== result.status) {
        session.update({ enterprise_authentication_status: result.status });
      }
    })
    .catch(() => {});
}

/**
 * On each navigation (`key`) and when the window gets the focus back, the user info is refreshed.
 * Not on the page load itself: a page the server rendered hydrates without asking anything again.
 */
export function useUserInfoRefresh(key: string): void {
  const loaded = useRef(false);
  useEffect(() => {
    refreshSession();
    if (loaded.current) refreshUserInfo();
    loaded.current = true;
  }, [key]);
  useEffect(() => {
    const onFocus = () => refreshUserInfo();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
}
