import { useSyncExternalStore } from 'react';
import type { StoredUserInfo } from '@flagship/api-client';
import { session } from './api';

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
