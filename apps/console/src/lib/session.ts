import { useSyncExternalStore } from 'react';
import type { Staff, StaffRole, StaffSessionResult } from '@flagship/api-client';
import { api, session } from './api';

// The signed-in member of staff. The cookies keep the token (8 h); the role and name come from
// the login answer or, after a reload, from GET /api/console/me.

export type StaffState =
  | { status: 'anonymous' }
  | { status: 'loading'; token: string }
  | { status: 'ready'; token: string; staff: Pick<Staff, 'id' | 'account' | 'name' | 'role'> }
  | { status: 'error'; token: string; error: unknown };

let state: StaffState = initial();
const listeners = new Set<() => void>();

function initial(): StaffState {
  const token = session.getToken();
  return token ? { status: 'loading', token } : { status: 'anonymous' };
}

function setState(next: StaffState) {
  state = next;
  listeners.forEach((listener) => listener());
}

session.subscribe((info) => {
  if (!info) setState({ status: 'anonymous' });
  else if (state.status === 'anonymous' || state.token !== info.token) setState({ status: 'loading', token: info.token });
});

let loading: Promise<void> | undefined;

/** Fetch who the stored token belongs to (once per token). */
export function loadStaff(): Promise<void> {
  const current = state;
  if (current.status !== 'loading') return Promise.resolve();
  loading ??= api.console
    .me(undefined, { silent: true })
    .then(
      (staff) => {
        if (state.status !== 'anonymous' && state.token === current.token) setState({ status: 'ready', token: current.token, staff });
      },
      (error: unknown) => {
        // A 1001 clears the session through the SDK; anything else is shown with a retry.
        if (state.status !== 'anonymous' && state.token === current.token) setState({ status: 'error', token: current.token, error });
      },
    )
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

export function retryStaff(): void {
  const token = session.getToken();
  setState(token ? { status: 'loading', token } : { status: 'anonymous' });
  void loadStaff();
}

/** Keep what the login answered: the token in the cookies, the role in memory. */
export function signIn(result: StaffSessionResult): void {
  session.set({ token: result.token, id: result.id, account: result.account, enterprise_authentication_status: null });
  setState({ status: 'ready', token: result.token, staff: { id: result.id, account: result.account, name: result.name, role: result.role } });
}

export async function signOut(): Promise<void> {
  try {
    await api.console.logout(undefined, { silent: true });
  } catch {
    // The session may already be gone on the server; the cookies are cleared either way.
  }
  session.clear();
}

/** Re-read the cookies (they expire on their own after 8 h). */
export function refreshSession(): void {
  const token = session.getToken();
  if (!token && state.status !== 'anonymous') setState({ status: 'anonymous' });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useStaffState(): StaffState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

/** The signed-in member of staff; only inside the shell (which waits for it). */
export function useStaff(): Pick<Staff, 'id' | 'account' | 'name' | 'role'> {
  const current = useStaffState();
  if (current.status !== 'ready') throw new Error('useStaff outside the signed-in shell');
  return current.staff;
}

export function isAdmin(role: StaffRole): boolean {
  return role === 'admin';
}
