import { afterEach, describe, expect, it, vi } from 'vitest';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

// Each test is a fresh page load: the module's memory starts empty, the tab's storage stays.
const load = async () => {
  vi.resetModules();
  return import('./navigation-history');
};

describe('return path after login', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes back to the page before /login, not to an account screen', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const history = await load();
    history.recordLocation('/application?projectId=6&formId=6');
    history.recordLocation('/login');
    expect(history.returnPath()).toBe('/application?projectId=6&formId=6');
    history.recordLocation('/reg');
    history.recordLocation('/login');
    expect(history.returnPath()).toBeUndefined();
  });

  it('remembers the page across a full load of /login in the same tab', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const before = await load();
    before.recordLocation('/application?projectId=6&formId=6');
    before.recordLocation('/forget');
    const after = await load();
    // The login page asks before /login is recorded.
    expect(after.returnPath()).toBe('/application?projectId=6&formId=6');
  });

  it('works without storage', async () => {
    vi.stubGlobal('sessionStorage', undefined);
    const history = await load();
    expect(history.returnPath()).toBeUndefined();
    history.recordLocation('/project');
    expect(history.returnPath()).toBe('/project');
  });
});
