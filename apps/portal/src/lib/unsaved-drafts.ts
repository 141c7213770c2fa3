/**
 * What an applicant typed into a form and the server has not saved yet, kept in this browser's
 * local storage per user and form (an applicant has one application per form), so that a lost
 * session or a closed call does not lose it. Removed once saved or submitted, at logout, and after
 * 7 days.
 */
export interface UnsavedDraft {
  values: Record<string, unknown>;
  /** The application's version the values were typed over (0: none yet). */
  version: number;
  /** When it was kept (ISO); copies older than 7 days are deleted unread. */
  at: string;
}

const PREFIX = 'flagship-unsaved';

export interface DraftPlace {
  user: number | string;
  projectId: number;
  formId: number;
}

const keyOf = ({ user, projectId, formId }: DraftPlace) => `${PREFIX}:${user}:${projectId}:${formId}`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage refused (privacy settings): nothing is kept.
    return undefined;
  }
}

export function keepUnsaved(place: DraftPlace, draft: UnsavedDraft, store = storage()): void {
  try {
    store?.setItem(keyOf(place), JSON.stringify(draft));
  } catch {
    // Full or refused: the page still holds the text.
  }
}

// A copy is offered back for a week; after that it would only leave text on a shared computer.
const MAX_AGE_MS = 7 * 86_400_000;

function keptAt(raw: string | null): number {
  try {
    const at = (JSON.parse(raw ?? '') as Partial<UnsavedDraft> | null)?.at;
    return typeof at === 'string' ? Date.parse(at) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Deletes every copy on this device (of any user) older than a week, or unreadable. */
function dropExpired(store: Storage, now: number): void {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(`${PREFIX}:`) && !(now - keptAt(store.getItem(key)) <= MAX_AGE_MS)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

export function readUnsaved(place: DraftPlace, store = storage(), now = Date.now()): UnsavedDraft | undefined {
  if (!store) return undefined;
  dropExpired(store, now);
  const raw = store.getItem(keyOf(place));
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as Partial<UnsavedDraft>;
    if (!draft.values || typeof draft.values !== 'object' || typeof draft.version !== 'number' || typeof draft.at !== 'string') return undefined;
    return draft as UnsavedDraft;
  } catch {
    return undefined;
  }
}

export function dropUnsaved(place: DraftPlace, store = storage()): void {
  store?.removeItem(keyOf(place));
}

/** At logout: every form's unsaved text of this user leaves the device. */
export function dropAllUnsaved(user: number | string, store = storage()): void {
  if (!store) return;
  const prefix = `${PREFIX}:${user}:`;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
