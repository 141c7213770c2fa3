import { api } from './api';
import { dropAllUnsaved } from './unsaved-drafts';

/** Ends the session on this device; the user's unsaved form text leaves it too. */
export function forgetSession(): void {
  const info = api.session.getUserInfo();
  if (info) dropAllUnsaved(info.id ?? info.account);
  api.session.clear();
}

/** Every logout of the portal: the server ends the session whatever it answers, then this device forgets it. */
export async function logOut(): Promise<void> {
  await api.auth.logout(undefined, { silent: true }).catch(() => {});
  forgetSession();
}
