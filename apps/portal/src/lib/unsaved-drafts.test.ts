import { describe, expect, it } from 'vitest';
import { dropAllUnsaved, dropUnsaved, keepUnsaved, readUnsaved } from './unsaved-drafts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

describe('unsaved drafts', () => {
  const draft = { values: { name: '钱塘潮' }, version: 3, at: '2026-11-23T08:00:00.000Z' };

  it('keeps one per user and form, and drops a user’s all at logout', () => {
    const store = memoryStorage();
    // Read an hour after the copies were kept: the test's own clock, not the day it runs.
    const now = Date.parse('2026-11-23T09:00:00.000Z');
    keepUnsaved({ user: 1, projectId: 6, formId: 6 }, draft, store);
    keepUnsaved({ user: 1, projectId: 6, formId: 7 }, draft, store);
    keepUnsaved({ user: 2, projectId: 6, formId: 6 }, { ...draft, version: 9 }, store);
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store, now)).toEqual(draft);
    expect(readUnsaved({ user: 2, projectId: 6, formId: 6 }, store, now)?.version).toBe(9);
    dropUnsaved({ user: 1, projectId: 6, formId: 7 }, store);
    expect(readUnsaved({ user: 1, projectId: 6, formId: 7 }, store, now)).toBeUndefined();
    dropAllUnsaved(1, store);
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store, now)).toBeUndefined();
    expect(readUnsaved({ user: 2, projectId: 6, formId: 6 }, store, now)).toBeDefined();
  });

  it('ignores what it cannot read', () => {
    const store = memoryStorage();
    store.setItem('flagship-unsaved:1:6:6', '{not json');
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store)).toBeUndefined();
    store.setItem('flagship-unsaved:1:6:6', JSON.stringify({ values: {} }));
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store)).toBeUndefined();
  });

  it('forgets copies older than 7 days, and deletes them when reading', () => {
    const store = memoryStorage();
    const now = Date.parse('2026-11-30T07:59:00.000Z');
    keepUnsaved({ user: 1, projectId: 6, formId: 6 }, draft, store);
    keepUnsaved({ user: 2, projectId: 6, formId: 6 }, { ...draft, at: '2026-11-20T08:00:00.000Z' }, store);
    keepUnsaved({ user: 2, projectId: 6, formId: 7 }, { ...draft, at: 'not a time' }, store);
    // Six days and 23 hours: still offered; every older copy on the device is gone.
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store, now)).toEqual(draft);
    expect(store.length).toBe(1);
    // A minute past 7 days: gone too.
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store, now + 2 * 60_000)).toBeUndefined();
    expect(store.length).toBe(0);
  });
});
