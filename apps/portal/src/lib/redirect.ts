import { PAGE_ROUTES } from '../routes';

/** Only paths on this site are followed after login or the access gate. */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (PAGE_ROUTES.some((route) => route.noRedirect && value.startsWith(route.path))) return fallback;
  return value;
}
