import type { FastifyInstance } from 'fastify';
import { invalidFields } from './errors';

// Strings PostgreSQL cannot store, refused here once for every endpoint instead of failing as a 500
// wherever one reaches the database: text and jsonb hold no U+0000, and json(b) refuses a UTF-16
// surrogate without its partner (valid in JSON as `"\ud800"`). A lone surrogate in a URL cannot get
// this far (percent-decoding yields UTF-8), but the query and params are walked all the same.

// With the `u` flag a surrogate pair is one code point: only a lone surrogate is category Cs. Made
// once: the bundler writes the literal as `new RegExp(…)`, which in place was built on every string
// of every request (a few per cent of a read on PGlite).
const LONE_SURROGATE = /\p{Cs}/u;

const RULES: { test: (text: string) => boolean; message: string }[] = [
  { test: (text) => text.includes('\0'), message: '不能包含空字符（U+0000）' },
  { test: (text) => LONE_SURROGATE.test(text), message: '不能包含无效的 Unicode 字符（孤立代理项）' },
];

const brokenRule = (text: string) => RULES.find((rule) => rule.test(text))?.message;

/**
 * The first string that breaks a rule: its path (`data.team.0.name`; '' for the value itself) and
 * the rule's message. A key breaking one is reported at its object: the key is no name to show.
 */
export function findUnstorable(value: unknown): { path: string; message: string } | undefined {
  // A loop, not recursion: a deeply nested body must not overflow the stack here.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const message = brokenRule(current);
      if (message) return { path, message };
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const message = brokenRule(key);
        if (message) return { path, message };
      }
      for (const [key, child] of entries.reverse()) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

export function installStringGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['params', req.params], ['query', req.query], ['body', req.body]] as const) {
      const found = findUnstorable(value);
      if (found) throw invalidFields({ [found.path || part]: found.message });
    }
  });
}
