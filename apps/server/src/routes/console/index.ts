import type { AppContext } from '../../context';
import type { Handlers } from '../../http/endpoints';
import { consoleContentHandlers } from './content';
import { consoleProjectHandlers } from './projects';
import { consoleReviewHandlers } from './review';
import { sessionHandlers } from './session';

/** The staff console. A staff session and the role (reviewer or admin) are checked in `authenticate`. */
export function consoleHandlers(ctx: AppContext): Handlers['console'] {
  return {
    ...sessionHandlers(ctx),
    ...consoleProjectHandlers(ctx),
    ...consoleContentHandlers(ctx),
    ...consoleReviewHandlers(ctx),
  };
}
