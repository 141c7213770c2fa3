import { describe, expect, it } from 'vitest';
import { perDatabase } from './per-database';

describe('perDatabase', () => {
  it('builds once per database with the first call’s arguments, and apart for another database', () => {
    const builds: string[] = [];
    const labelled = perDatabase((db: { name: string }, label?: string) => {
      builds.push(`${db.name}:${label}`);
      return { db, label };
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    const first = labelled(a, 'first');
    expect(labelled(a, 'second')).toBe(first);
    expect(labelled(a)).toBe(first);
    expect(first.label).toBe('first');
    expect(labelled(b).db).toBe(b);
    expect(builds).toEqual(['a:first', 'b:undefined']);
  });
});
