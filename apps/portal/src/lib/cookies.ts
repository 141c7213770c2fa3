import { readCookieHeader } from '@flagship/api-client';
import { requestCookieHeader } from './request-scope';

/** A few lines instead of a dependency: read and write one cookie on the whole site. */
export function getCookie(name: string): string | undefined {
  if (import.meta.env.SSR) return readCookieHeader(requestCookieHeader(), encodeURIComponent(name));
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

export function setCookie(name: string, value: string, days = 365): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}
