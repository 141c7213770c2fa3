// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCookieSessionStore, createMemorySessionStore, createRequestSessionStore, readCookieHeader, SESSION_TTL_MS } from './session';

const info = { token: 'abc', id: 1, account: '13800000000', enterprise_authentication_status: 0 as const };

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('cookie session store', () => {
  it('keeps the token and the user info in two cookies named after the project', () => {
    const store = createCookieSessionStore({ name: 'flagship-portal' });
    store.set({ ...info, extra: 'dropped' } as typeof info);
    expect(Cookies.get('flagship-portal-token')).toBe('abc');
    expect(JSON.parse(Cookies.get('flagship-portal-userinfo') ?? '')).toEqual(info);
    expect(store.getToken()).toBe('abc');
    expect(store.getUserInfo()).toEqual(info);
  });

  it('notifies listeners on set, update and clear', () => {
    const store = createCookieSessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(info);
    store.update({ enterprise_authentication_status: 1 });
    expect(store.getUserInfo()?.enterprise_authentication_status).toBe(1);
    store.clear();
    unsubscribe();
    store.set(info);
    expect(listener.mock.calls.map((c) => c[0]?.enterprise_authentication_status ?? 'cleared')).toEqual([0, 1, 'cleared']);
    expect(store.getToken()).toBe('abc');
  });

  it('gives both cookies an expiry 8 hours after login, which update() keeps', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const set = vi.spyOn(Cookies, 'set');
    try {
      vi.setSystemTime(new Date('2026-03-02T08:00:00+08:00'));
      const store = createCookieSessionStore({ name: 'flagship-portal' });
      const expiries = () =>
        Object.fromEntries(set.mock.calls.map(([name, , attributes]) => [name, (attributes?.expires as Date | undefined)?.toISOString()]));
      const eightHoursLater = new Date('2026-03-02T16:00:00+08:00').toISOString();

      store.set(info);
      expect(expiries()).toMatchObject({ 'flagship-portal-token': eightHoursLater, 'flagship-portal-userinfo': eightHoursLater });

      set.mockClear();
      vi.setSystemTime(new Date('2026-03-02T11:00:00+08:00'));
      store.update({ enterprise_authentication_status: 1 });
      expect(expiries()).toMatchObject({ 'flagship-portal-token': eightHoursLater, 'flagship-portal-userinfo': eightHoursLater });
    } finally {
      set.mockRestore();
      vi.useRealTimers();
    }
  });

  it('ignores a user-info cookie that does not belong to the token', () => {
    Cookies.set('flagship-portal-token', 'other');
    Cookies.set('flagship-portal-userinfo', JSON.stringify(info));
    expect(createCookieSessionStore().getUserInfo()).toBeUndefined();
  });
});

describe('request session store', () => {
  it('reads the session the browser store wrote, from a Cookie header', () => {
    createCookieSessionStore({ name: 'flagship-portal' }).set(info);
    let header: string | undefined = `theme=dark; ${document.cookie}`;
    const store = createRequestSessionStore(() => header, { name: 'flagship-portal' });
    expect(store.getUserInfo()).toEqual(info);
    expect(store.getToken()).toBe('abc');
    store.clear();
    expect(store.getToken()).toBe('abc');
    header = undefined;
    expect(store.getUserInfo()).toBeUndefined();
  });

  it('answers each request with its own session, one request after another', () => {
    const cookie = (token: string) => `flagship-portal-token=${token}; flagship-portal-userinfo=${encodeURIComponent(JSON.stringify({ ...info, token }))}`;
    let header: string | undefined = cookie('first');
    const store = createRequestSessionStore(() => header);
    expect(store.getToken()).toBe('first');
    expect(store.getToken()).toBe('first');
    header = cookie('second');
    expect(store.getUserInfo()?.token).toBe('second');
    header = cookie('first');
    expect(store.getToken()).toBe('first');
    header = 'theme=dark';
    expect(store.getToken()).toBeUndefined();
  });

  it('refuses a user info of another token or a malformed value', () => {
    const userinfo = encodeURIComponent(JSON.stringify(info));
    expect(createRequestSessionStore(() => `flagship-portal-token=other; flagship-portal-userinfo=${userinfo}`).getUserInfo()).toBeUndefined();
    expect(createRequestSessionStore(() => 'flagship-portal-token=abc; flagship-portal-userinfo=%E0%A4%A').getUserInfo()).toBeUndefined();
    expect(readCookieHeader('a=1; b=%E4%B8%AD', 'b')).toBe('中');
    expect(readCookieHeader('ab=1', 'b')).toBeUndefined();
  });
});

describe('memory session store', () => {
  it('expires after 8 hours', () => {
    let now = 1_000;
    const store = createMemorySessionStore(() => now);
    store.set(info);
    now += SESSION_TTL_MS - 1;
    expect(store.getToken()).toBe('abc');
    now += 1;
    expect(store.getToken()).toBeUndefined();
  });
});
