/**
 * A very short-lived cache of whole answers: under a burst of visitors (a call's last day) the
 * same public page is computed once per interval instead of once per request. Entries expire
 * after `ttlMs`; the oldest go first when it is full.
 */
export function createMicroCache(ttlMs: number, maxEntries = 1000, now: () => number = Date.now) {
  const entries = new Map<string, { body: string; expires: number }>();
  return {
    get(key: string): string | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.body;
    },
    set(key: string, body: string) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { body, expires: now() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}
