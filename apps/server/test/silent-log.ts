import type { FastifyBaseLogger } from 'fastify';

const noop = () => {};
/** A logger that says nothing, for parts built outside the app (a job queue a test makes itself). */
export const silentLog: FastifyBaseLogger = { level: 'silent', fatal: noop, error: noop, warn: noop, info: noop, debug: noop, trace: noop, silent: noop, child: () => silentLog };
