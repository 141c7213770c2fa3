/** Only paths on this site are followed after login or the access gate. */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login') || value.startsWith('/reg') || value.startsWith('/password')) return fallback;
  return value;
}
