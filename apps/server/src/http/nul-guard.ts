import type { FastifyInstance } from 'fastify';
import { invalidFields } from './errors';

// PostgreSQL text and jsonb cannot hold U+0000: refused here, once for every endpoint, instead of
// failing as a 500 wherever such a string reaches the database.

const RULE = '不能包含空字符（U+0000）';

/** The path (`data.team.0.name`) of the first string holding U+0000 (or the object with such a key); '' for the value itself. */
export function findNul(value: unknown): string | undefined {
  // A loop, not recursion: a deeply nested body must not overflow the stack here.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) return path;
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      // A bad key is reported at its container: the key itself is no name to show.
      if (entries.some(([key]) => key.includes('\0'))) return path;
      for (const [key, child] of entries.reverse()) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

export function installNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['params', req.params], ['query', req.query], ['body', req.body]] as const) {
      const path = findNul(value);
      if (path !== undefined) throw invalidFields({ [path || part]: RULE });
    }
  });
}
