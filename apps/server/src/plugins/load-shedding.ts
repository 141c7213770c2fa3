import underPressure from '@fastify/under-pressure';
import { Errno } from '@flagship/api-client';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env';
import { AppError } from '../http/errors';

export const SHED_MESSAGE = '服务器繁忙，请稍后重试';

/** Answered even under pressure: a probe that failed here would take a busy instance out for good. */
const isHealthRoute = (url: string | undefined) => url === '/api/health' || (url?.startsWith('/health/') ?? false);

const LOG_EVERY_MS = 10_000;

/**
 * While the event loop lags or memory is past its limit (thresholds from the environment), new
 * requests answer 503 with Retry-After in the envelope instead of queueing behind the ones already
 * late: the load balancer or the browser tries again, possibly another instance.
 */
export async function registerLoadShedding(app: FastifyInstance, settings: Config['loadShedding']) {
  let lastLogged = 0;
  // Starting is not load: opening PGlite after a crash (its recovery) or loading the page
  // renderer blocks the loop for a second or more, and the first samples would shed the first
  // requests of a process that is idle by then. Measure from two sample intervals after listening.
  let measuring = false;
  app.addHook('onListen', async () => {
    setTimeout(() => {
      measuring = true;
    }, settings.sampleIntervalMs * 2).unref();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxHeapUsedBytes: settings.maxHeapUsedBytes,
    maxRssBytes: settings.maxRssBytes,
    sampleInterval: settings.sampleIntervalMs,
    retryAfter: settings.retryAfterSeconds,
    pressureHandler: (req, reply, type, value) => {
      if (!measuring || isHealthRoute(req.routeOptions.url)) return;
      if (Date.now() - lastLogged > LOG_EVERY_MS) {
        lastLogged = Date.now();
        req.log.warn({ type, value }, 'under pressure: shedding requests');
      }
      reply.header('retry-after', String(settings.retryAfterSeconds));
      // A rejection goes through the error handler, which answers it as an envelope.
      return Promise.reject(new AppError(Errno.UNAVAILABLE, SHED_MESSAGE, { retryAfter: settings.retryAfterSeconds }));
    },
  });
}
