// Probes for the load balancer and the orchestrator, beside the contract's GET /api/health:
// /health/live says the process is up, /health/ready that it can serve (database, bucket) and is
// not shutting down. Outside /api/ and /admin/, so the site gate and the rate limits never see them.
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { Errno } from '@flagship/api-client';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { sendEnvelope } from '../http/error-handler';
import { s3Client, type S3Settings } from '../lib/storage-s3';
import type { VirusScanner } from '../lib/virus-scan';
import { pingDatabase } from '../modules/base/repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answer "not ready" from now on: the first step of a graceful shutdown. */
    markNotReady(): void;
  }
}

export interface HealthOptions {
  db: Database;
  /** The bucket when uploads are kept in S3-compatible storage: readiness asks it too. */
  bucket?: S3Settings | undefined;
  /** ClamAV's daemon when uploads are scanned: without it every upload is refused, so it is part of ready. */
  virusScanner?: VirusScanner | null;
}

/** A check that has not answered in this long counts as failed: a probe must not hang. */
const CHECK_TIMEOUT_MS = 3_000;

const NAMES: Record<string, string> = { database: '数据库', storage: '文件存储', virusScanner: '病毒扫描' };

async function withTimeout(check: (signal: AbortSignal) => Promise<unknown>): Promise<void> {
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), { once: true });
  });
  await Promise.race([check(signal), timedOut]);
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function installHealthRoutes(app: FastifyInstance, { db, bucket, virusScanner }: HealthOptions) {
  let shuttingDown = false;
  app.decorate('markNotReady', () => {
    shuttingDown = true;
  });
  // Closing without markNotReady (tests, a second signal) is a shutdown too.
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  // A kept-alive connection (a proxy's, a browser's) would hold the closing server open until it
  // idles out: answers sent while shutting down close theirs.
  app.addHook('onSend', async (_req, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });
  // An answer whose headers went before the shutdown began (a download under way) cannot say so:
  // its connection goes idle once it ends, and Fastify closes idle connections only when close()
  // starts (fastify/fastify#7044), so it held close() for the keep-alive timeout (72 s) instead.
  app.addHook('onResponse', async () => {
    if (shuttingDown) app.server.closeIdleConnections();
  });

  const checks: Record<string, (signal: AbortSignal) => Promise<unknown>> = { database: () => pingDatabase(db) };
  if (bucket) {
    const client = s3Client(bucket);
    checks.storage = (abortSignal) => client.send(new HeadBucketCommand({ Bucket: bucket.bucket }), { abortSignal });
    app.addHook('onClose', async () => client.destroy());
  }
  if (virusScanner) checks.virusScanner = () => virusScanner.ping();

  // Live while the process answers at all: failing it during the drain would get the process
  // killed before its requests finish. Once the app closes, Fastify itself answers 503.
  app.get('/health/live', (_req, reply) => {
    noStore(reply);
    return sendEnvelope(reply, Errno.OK, 'ok', { status: 'live', uptime: Math.round(process.uptime()) });
  });

  // One round of checks at a time, shared by every probe that arrives while it runs: a flood of
  // probes (they may be reachable from outside) adds no load on the database or the bucket.
  let round: Promise<{ results: Record<string, string>; failed: string[] }> | undefined;
  const runChecks = async () => {
    const results: Record<string, string> = {};
    const failed: string[] = [];
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check);
          results[name] = 'ok';
        } catch (error) {
          // Details only in the log: the probe may be reachable from outside.
          results[name] = 'failed';
          failed.push(NAMES[name] ?? name);
          app.log.warn({ err: error, check: name }, 'not ready');
        }
      }),
    );
    return { results, failed };
  };

  app.get('/health/ready', async (_req, reply) => {
    noStore(reply);
    if (shuttingDown) return sendEnvelope(reply, Errno.UNAVAILABLE, '服务正在停止', { status: 'stopping', checks: {} });
    round ??= runChecks().finally(() => {
      round = undefined;
    });
    const { results, failed } = await round;
    if (failed.length > 0) return sendEnvelope(reply, Errno.UNAVAILABLE, `服务暂未就绪：${failed.join('、')}无应答`, { status: 'not ready', checks: results });
    return sendEnvelope(reply, Errno.OK, 'ok', { status: 'ready', checks: results });
  });
}
