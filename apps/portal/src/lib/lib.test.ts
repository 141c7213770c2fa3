import { describe, expect, it } from 'vitest';
import { remaining } from './format';
import { safeRedirect } from './redirect';

describe('helpers', () => {
  it('follows only same-site redirects', () => {
    expect(safeRedirect('/projectDetail?id=3', '/user')).toBe('/projectDetail?id=3');
    expect(safeRedirect('//evil.example', '/user')).toBe('/user');
    expect(safeRedirect('https://evil.example', '/user')).toBe('/user');
    expect(safeRedirect('/login', '/user')).toBe('/user');
    expect(safeRedirect(null, '/user')).toBe('/user');
  });

  it('counts down in days, hours and minutes', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(remaining('2026-11-25T09:30:00Z', now)).toBe('3 天 9 小时 30 分');
    expect(remaining('2026-11-22T02:05:00Z', now)).toBe('2 小时 5 分');
    expect(remaining('2026-11-21T00:00:00Z', now)).toBeUndefined();
  });
});
