import { useSyncExternalStore } from 'react';

// Re-authentication before sensitive actions (issue 16): the server answers 403 with
// data { reauth: true }; the console opens ReauthModal (components/reauth-modal.tsx), and the
// member repeats the action once they have proved themselves.

let open = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  open = value;
  for (const listener of listeners) listener();
};

/** The answer's data says the caller must prove themselves again. */
export function needsReauth(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { reauth?: unknown }).reauth === true;
}

export function askReauth(): void {
  set(true);
}

export function closeReauth(): void {
  set(false);
}

/** Whether the modal is open. */
export function useReauthOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}

