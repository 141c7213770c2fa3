import { REVIEWER_ENDPOINTS } from '@flagship/api-client';
import { requireAdmin } from '../../auth/staff';
import type { AppContext } from '../../context';
import type { Handler, Handlers } from '../../http/endpoints';
import { consoleContentHandlers } from './content';
import { consoleProjectHandlers } from './projects';
import { consoleReviewHandlers } from './review';
import { sessionHandlers } from './session';

const reviewerMay = new Set<string>(REVIEWER_ENDPOINTS);

/**
 * The staff console. Authentication (a staff session) comes from the declarations; the role is
 * checked here, once for all: what REVIEWER_ENDPOINTS does not list needs an admin.
 */
export function consoleHandlers(ctx: AppContext): Handlers['console'] {
  const handlers: Handlers['console'] = {
    ...sessionHandlers(ctx),
    ...consoleProjectHandlers(ctx),
    ...consoleContentHandlers(ctx),
    ...consoleReviewHandlers(ctx),
  };
  const guarded = Object.entries(handlers).map(([name, handler]) => {
    if (reviewerMay.has(name)) return [name, handler];
    const adminOnly: Handler<never> = (c) => {
      requireAdmin((c as { principal: Parameters<typeof requireAdmin>[0] }).principal);
      return (handler as Handler<never>)(c);
    };
    return [name, adminOnly];
  });
  return Object.fromEntries(guarded) as Handlers['console'];
}
