import { describe, expect, it } from 'vitest';
import { createMicroCache } from './micro-cache';

describe('createMicroCache', () => {
  it('answers until the entry expires', () => {
    let now = 0;
    const cache = createMicroCache(2000, 10, () => now);
    cache.set('/a', 'A');
    now = 1999;
    expect(cache.get('/a')).toBe('A');
    now = 2000;
    expect(cache.get('/a')).toBeUndefined();
  });

  it('drops the oldest entry when full, and keeps nothing with a zero TTL', () => {
    const cache = createMicroCache(1000, 2);
    cache.set('/1', '1');
    cache.set('/2', '2');
    cache.set('/3', '3');
    expect([cache.get('/1'), cache.get('/2'), cache.get('/3')]).toEqual([undefined, '2', '3']);
    const off = createMicroCache(0);
    off.set('/x', 'x');
    expect(off.get('/x')).toBeUndefined();
  });
});
