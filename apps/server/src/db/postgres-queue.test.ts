// postgres.js's connection queues are patched (patches/postgres@3.4.9.patch, docs/decisions.md
// "postgres.js's connection queues patched"): a queue that shift never empties (a pool's busy and
// open connections, each shifted and pushed back on every query) kept a slot for every query it
// had served, and `remove` scanned them all. These tests run the installed queue itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

// The ES module build, which the server loads; `resolve` names the CommonJS entry (cjs/src/index.js).
const source = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..', 'src', 'queue.js');

describe("postgres.js's patched connection queue", () => {
  let Queue: <T>(initial?: T[]) => Queue<T>;

  beforeAll(async () => {
    Queue = ((await import(pathToFileURL(source).href)) as { default: typeof Queue }).default;
  });

  it('is the one installed: it drops the slots it has shifted, and remove looks only at what is queued', () => {
    const text = readFileSync(source, 'utf8');
    expect(text).toContain('xs.indexOf(x, index)');
    expect(text).toContain('xs = xs.slice(index)');
  });

  it('keeps its order, its length and its removals through many times its size in shifts and pushes', () => {
    const connections = ['a', 'b', 'c', 'd'];
    const queue = Queue<string>();
    for (const c of connections) queue.push(c);
    // As a pool turns its connections over: the first one out, back at the end after its query.
    for (let i = 0; i < 10_000; i += 1) {
      const c = queue.shift() as string;
      expect(c).toBe(connections[i % 4]);
      expect(queue.length).toBe(3);
      expect(queue.remove(c)).toBeNull();
      queue.push(c);
    }
    expect(queue.length).toBe(4);
    expect(queue.remove('c')).toBe('c');
    expect(queue.remove('c')).toBeNull();
    expect([queue.shift(), queue.shift(), queue.shift(), queue.shift()]).toEqual(['a', 'b', 'd', undefined]);
    expect(queue.length).toBe(0);
    queue.push('e');
    expect([queue.length, queue.shift(), queue.length]).toEqual([1, 'e', 0]);
  });

  it('removes from anywhere in a long queue, before and after its slots are dropped', () => {
    const queue = Queue<number>(Array.from({ length: 100 }, (_, i) => i));
    for (let i = 0; i < 60; i += 1) queue.shift();
    expect(queue.length).toBe(40);
    expect(queue.remove(30)).toBeNull();
    expect(queue.remove(75)).toBe(75);
    expect(queue.remove(60)).toBe(60);
    expect(queue.remove(99)).toBe(99);
    const rest: (number | undefined)[] = [];
    while (queue.length > 0) rest.push(queue.shift());
    expect(rest).toEqual(Array.from({ length: 40 }, (_, i) => 60 + i).filter((n) => ![60, 75, 99].includes(n)));
  });
});
