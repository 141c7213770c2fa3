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
    keepUnsaved({ user: 1, projectId: 6, formId: 6 }, draft, store);
    keepUnsaved({ user: 1, projectId: 6, formId: 7 }, draft, store);
    keepUnsaved({ user: 2, projectId: 6, formId: 6 }, { ...draft, version: 9 }, store);
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store)).toEqual(draft);
    expect(readUnsaved({ user: 2, projectId: 6, formId: 6 }, store)?.version).toBe(9);
    dropUnsaved({ user: 1, projectId: 6, formId: 7 }, store);
    expect(readUnsaved({ user: 1, projectId: 6, formId: 7 }, store)).toBeUndefined();
    dropAllUnsaved(1, store);
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store)).toBeUndefined();
    expect(readUnsaved({ user: 2, projectId: 6, formId: 6 }, store)).toBeDefined();
  });

  it('ignores what it cannot read', () => {
    const store = memoryStorage();
    store.setItem('flagship-unsaved:1:6:6', '{not json');
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store)).toBeUndefined();
    store.setItem('flagship-unsaved:1:6:6', JSON.stringify({ values: {} }));
    expect(readUnsaved({ user: 1, projectId: 6, formId: 6 }, store)).toBeUndefined();
  });
});
