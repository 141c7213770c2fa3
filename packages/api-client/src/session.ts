import Cookies from 'js-cookie';
import { z } from 'zod';
import { enterpriseAuthStatusSchema, type UserInfo } from './schemas/auth';

/** Token and user info live 8 hours, like the server's sessions. */
export const SESSION_TTL_MS = 28_800_000;
export const DEFAULT_SESSION_NAME = 'flagship-portal';

const storedUserInfoSchema = z.object({
  token: z.string().min(1),
  id: z.number().int().optional(),
  account: z.string(),
  enterprise_authentication_status: enterpriseAuthStatusSchema.nullable(),
});
/** What the user-info cookie holds: `{ token, account, enterprise_authentication_status }` (and the user id). */
export type StoredUserInfo = z.infer<typeof storedUserInfoSchema>;

export type SessionListener = (info: StoredUserInfo | undefined) => void;

export interface SessionStore {
  getToken(): string | undefined;
  getUserInfo(): StoredUserInfo | undefined;
  /** Keep what login returned. */
  set(info: UserInfo | StoredUserInfo): void;
  /** Change fields of the stored user info (e.g. a new authentication status) without renewing it. */
  update(patch: Partial<Omit<StoredUserInfo, 'token'>>): void;
  clear(): void;
  /** Called after every set, update and clear; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void;
}

function pick(info: UserInfo | StoredUserInfo): StoredUserInfo {
  return {
    token: info.token,
    id: info.id,
    account: info.account,
    enterprise_authentication_status: info.enterprise_authentication_status,
  };
}

function createListeners() {
  const listeners = new Set<SessionListener>();
  return {
    add(listener: SessionListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(info: StoredUserInfo | undefined) {
      for (const listener of [...listeners]) listener(info);
    },
  };
}

export interface CookieSessionOptions {
  /** Cookie name prefix, after the front-end project (`<name>-token`, `<name>-userinfo`). */
  name?: string;
  path?: string;
  /** Defaults to true on https pages. */
  secure?: boolean;
}

/** The session the two cookies hold, if they belong together. */
function readSession(name: string, getCookie: (name: string) => string | undefined): StoredUserInfo | undefined {
  const token = getCookie(`${name}-token`);
  const raw = getCookie(`${name}-userinfo`);
  if (!token || !raw) return undefined;
  try {
    const parsed = storedUserInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.token === token ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** One cookie's value from a request's `Cookie` header (decoded as js-cookie wrote it). */
export function readCookieHeader(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const prefix = `${name}=`;
  for (const part of header.split(/;\s*/)) {
    if (!part.startsWith(prefix)) continue;
    try {
      return decodeURIComponent(part.slice(prefix.length));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The browser's session as a server sees it, for rendering pages on the server: read-only, from
 * the request's `Cookie` header (`cookieHeader` is asked on every read, so one store can serve
 * request after request). Writes are the browser's business and do nothing here.
 */
export function createRequestSessionStore(cookieHeader: () => string | undefined, options: Pick<CookieSessionOptions, 'name'> = {}): SessionStore {
  const name = options.name ?? DEFAULT_SESSION_NAME;
  // A render reads the session on every call it makes and in several components: the header it
  // was read from last is read again only when it changes (it is all the answer depends on). Reads
  // of the same header share one user info object; nothing changes it.
  let last: { header: string | undefined; info: StoredUserInfo | undefined } | undefined;
  const read = () => {
    const header = cookieHeader();
    if (!last || last.header !== header) last = { header, info: readSession(name, (cookie) => readCookieHeader(header, cookie)) };
    return last.info;
  };
  return {
    getToken: () => read()?.token,
    getUserInfo: read,
    set: () => {},
    update: () => {},
    clear: () => {},
    subscribe: () => () => {},
  };
}

/** The browser store: one cookie for the token, one for the user info, both expiring after 8 h. */
export function createCookieSessionStore(options: CookieSessionOptions = {}): SessionStore {
  const name = options.name ?? DEFAULT_SESSION_NAME;
  const tokenCookie = `${name}-token`;
  const infoCookie = `${name}-userinfo`;
  const secure = options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
  const attributes = { path: options.path ?? '/', sameSite: 'Lax' as const, secure };
  const listeners = createListeners();

  const read = () => readSession(name, (cookie) => Cookies.get(cookie));

  const write = (info: StoredUserInfo, expires: Date) => {
    Cookies.set(tokenCookie, info.token, { ...attributes, expires });
    Cookies.set(infoCookie, JSON.stringify(info), { ...attributes, expires });
  };

  return {
    getToken: () => read()?.token,
    getUserInfo: read,
    set(info) {
      const stored = pick(info);
      // One expiry for both cookies, remembered so that update() does not extend the session.
      const expires = new Date(Date.now() + SESSION_TTL_MS);
      Cookies.set(`${name}-expires`, String(expires.getTime()), { ...attributes, expires });
      write(stored, expires);
      listeners.emit(stored);
    },
    update(patch) {
      const current = read();
      if (!current) return;
      const expiresAt = Number(Cookies.get(`${name}-expires`));
      const expires = new Date(Number.isFinite(expiresAt) && expiresAt > Date.now() ? expiresAt : Date.now() + SESSION_TTL_MS);
      const next = { ...current, ...patch, token: current.token };
      write(next, expires);
      listeners.emit(next);
    },
    clear() {
      Cookies.remove(tokenCookie, attributes);
      Cookies.remove(infoCookie, attributes);
      Cookies.remove(`${name}-expires`, attributes);
      listeners.emit(undefined);
    },
    subscribe: listeners.add,
  };
}

/** A store without cookies, for Node programs and tests; it honours the same 8 h expiry. */
export function createMemorySessionStore(now: () => number = Date.now): SessionStore {
  let current: { info: StoredUserInfo; expiresAt: number } | undefined;
  const listeners = createListeners();
  const read = () => {
    if (current && current.expiresAt <= now()) current = undefined;
    return current?.info;
  };
  return {
    getToken: () => read()?.token,
    getUserInfo: read,
    set(info) {
      current = { info: pick(info), expiresAt: now() + SESSION_TTL_MS };
      listeners.emit(current.info);
    },
    update(patch) {
      const info = read();
      if (!info || !current) return;
      current = { ...current, info: { ...info, ...patch, token: info.token } };
      listeners.emit(current.info);
    },
    clear() {
      current = undefined;
      listeners.emit(undefined);
    },
    subscribe: listeners.add,
  };
}

/** Cookies in a browser, memory elsewhere. */
export function createSessionStore(options: CookieSessionOptions = {}): SessionStore {
  return typeof document === 'undefined' ? createMemorySessionStore() : createCookieSessionStore(options);
}
