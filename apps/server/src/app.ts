import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { Errno } from '@flagship/api-client';
import helmet from 'helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from './auth/authenticate';
import type { AppContext } from './context';
import type { Database } from './db/client';
import type { Config } from './env';
import { registerEndpoints, type Handlers, type InProcessReads } from './http/endpoints';
import { clientErrorHandler, installErrorHandler, sendEnvelope } from './http/error-handler';
import { installStringGuard } from './http/string-guard';
import { installApiReference } from './http/openapi';
import { loadPortalRenderer, NOT_FOUND_PATH, portalPages, portalPaths } from './http/portal-pages';
import { requestForLog } from './http/request-log';
import { startDownloadJobs } from './shared/download-jobs-repository';
import { startOrphanUploadSweep } from './shared/orphan-uploads-repository';
import { startRetention } from './shared/retention-repository';
import { startReminders } from './shared/reminders-repository';
import type { Jobs } from './lib/jobs';
import { createJobs } from './lib/jobs-create';
import { createMailer, queuedMailer, workMail, type Mailer } from './lib/mailer';
import { storageFor } from './lib/storage';
import { clamdScanner } from './lib/virus-scan';
import { installHealthRoutes } from './plugins/health';
import { registerLoadShedding } from './plugins/load-shedding';
import { installMetrics } from './plugins/metrics';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { installSiteGate } from './plugins/site-gate';
import { applyHandlers } from './modules/apply/handlers';
import { authHandlers } from './modules/auth/handlers';
import { baseHandlers } from './modules/base/handlers';
import { consoleContentHandlers } from './modules/console/content/handlers';
import { publishingHandlers } from './modules/console/publishing/handlers';
import { applicationReviewHandlers } from './modules/console/application-review/handlers';
import { expertAccountHandlers } from './modules/console/expert-accounts/handlers';
import { startReviewReminders } from './modules/console/expert-accounts/review-reminders-repository';
import { expertWorkspaceHandlers } from './modules/console/expert-workspace/handlers';
import { reviewRoundHandlers } from './modules/console/review-round/handlers';
import { resultAnnouncementHandlers } from './modules/console/result-announcements/handlers';
import { startStaffJobs } from './modules/console/application-review/staff-jobs';
import { authenticationReviewHandlers } from './modules/console/authentication-review/handlers';
import { dashboardHandlers } from './modules/console/dashboard/handlers';
import { sessionHandlers } from './modules/console/session/handlers';
import { twoFactorHandlers } from './modules/console/two-factor/handlers';
import { settingsHandlers } from './modules/console/settings/handlers';
import { accountDeletionHandlers } from './modules/console/account-deletions/handlers';
import { taxonomyHandlers } from './modules/console/taxonomy/handlers';
import { contentHandlers } from './modules/content/handlers';
import { resultsPublicHandlers } from './modules/results/handlers';
import { enterpriseHandlers } from './modules/enterprise/handlers';
import { fileHandlers } from './modules/files/handlers';
import { projectHandlers } from './modules/project/handlers';
import { userHandlers } from './modules/user/handlers';

// Zod's Chinese messages for every rule that has no message of its own.
z.config(z.locales.zhCN());

export const VERSION = '0.1.0';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the test that holds routes and declarations together. */
    routeTable: { method: string; url: string }[];
    /** The job queue (started when the app is ready, stopped when it closes); tests wait on it. */
    jobs: Jobs;
    /**
     * Answers the reads of pages rendered on the server without a request through Fastify (see
     * `inProcessTransport`). `buildApp` sets it; a test may take it away to see pages rendered
     * through `app.inject` alone.
     */
    inProcessReads?: InProcessReads;
  }
}

export interface BuildOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replace the mail transport (tests read the outbox instead). */
  mailer?: Mailer;
  /** Replace the job queue (default: pg-boss with DATABASE_URL, else in-process). */
  jobs?: Jobs;
}

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export async function buildApp({ config, db, logger, mailer, jobs: givenJobs }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel, ...(typeof logger === 'object' ? logger : {}), serializers: { req: requestForLog } },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Malformed or over-long URLs are refused by the router before any handler: answer them in the envelope too.
    frameworkErrors: (error, _req, reply) => {
      void sendEnvelope(reply, Errno.INVALID_INPUT, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址参数过长' : '请求地址格式不正确', { fields: {} });
    },
    clientErrorHandler,
  });
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installStringGuard(app);

  const jobs = givenJobs ?? createJobs({ databaseUrl: config.databaseUrl, concurrency: config.jobConcurrency, log: app.log, ssl: config.database.ssl });
  app.decorate('jobs', jobs);
  // Before any route, so every answer is counted.
  installMetrics(app, { db, queueDepth: () => jobs.depth() });
  const mailTransport = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const ctx: AppContext = {
    config,
    db,
    log: app.log,
    storage: storageFor(config),
    virusScanner: config.clamdAddress ? clamdScanner(config.clamdAddress) : null,
    // Messages go through the queue (retried with back-off); the transport sends them from there.
    mailer: queuedMailer(jobs),
    jobs,
  };

  // Security headers from helmet, built once: @fastify/helmet built helmet's middleware again on
  // every request (a tenth of the server's CPU on the bare route in the profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // TinyMCE and Mantine set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images and media only from this site (rich text shows only own uploads); data: and blob: for
        // the editor's skin and its images before they are uploaded.
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...config.allowedOrigins],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || config.allowedOrigins.includes(origin)),
    credentials: true,
    allowedHeaders: ['content-type', 'authkey', 'if-none-match'],
    exposedHeaders: ['etag', 'content-disposition', 'x-captcha-answer', 'retry-after'],
  });
  // After helmet and CORS, so a shed answer still carries their headers.
  await registerLoadShedding(app, config.loadShedding);
  // Compressed answers for the portal's scripts and styles and for larger JSON pages.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default (11) costs too much CPU per request; 5 compresses nearly as well.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error('rate limited'), { statusCode: 429, retryAfter: Math.ceil(context.ttl / 1000) }),
  });
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 5 } });
  const siteClosed = installSiteGate(app, db);
  installHealthRoutes(app, { db, bucket: config.storage.kind === 's3' ? config.storage : undefined, virusScanner: ctx.virusScanner });

  const handlers: Handlers = {
    auth: authHandlers(ctx),
    user: userHandlers(ctx),
    enterprise: enterpriseHandlers(ctx),
    project: projectHandlers(ctx),
    apply: applyHandlers(ctx),
    content: { ...contentHandlers(ctx), ...resultsPublicHandlers(ctx) },
    base: baseHandlers(ctx, VERSION),
    files: fileHandlers(ctx),
    // The staff console, by area. A staff session and the role are checked in `authenticate`.
    console: {
      ...sessionHandlers(ctx),
      ...twoFactorHandlers(ctx),
      ...publishingHandlers(ctx),
      ...consoleContentHandlers(ctx),
      ...taxonomyHandlers(ctx),
      ...settingsHandlers(ctx),
      ...accountDeletionHandlers(ctx),
      ...applicationReviewHandlers(ctx),
      ...authenticationReviewHandlers(ctx),
      ...dashboardHandlers(ctx),
      ...reviewRoundHandlers(ctx),
      ...expertAccountHandlers(ctx),
      ...expertWorkspaceHandlers(ctx),
      ...resultAnnouncementHandlers(ctx),
    },
  };
  // The queue starts once the app is ready (the database is migrated by then); every instance works every kind.
  app.addHook('onReady', async () => {
    await jobs.start();
    await workMail(jobs, mailTransport, app.log);
    await startDownloadJobs(ctx);
    await startReminders(ctx);
    await startReviewReminders(ctx);
    await startStaffJobs(ctx);
    await startOrphanUploadSweep(ctx);
    await startRetention(ctx);
  });
  app.addHook('onClose', async () => {
    try {
      await jobs.stop();
    } finally {
      // The app's own transport only: a mailer passed in belongs to whoever passed it.
      if (!mailer) mailTransport.close?.();
    }
  });

  const inProcessReads = registerEndpoints(app, handlers, {
    authenticate: (req, declaration) => authenticate(db, req, declaration),
    rateLimit: { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs },
    validateResponses: config.validateResponses,
    publicCacheMs: config.publicCacheMs,
    siteClosed,
  });
  app.decorate('inProcessReads', inProcessReads);
  await installApiReference(app, { version: VERSION });

  // One origin in production: the built portal (with /tinymce) at /, the staff console at /console/.
  const portalDist = fromHere('../../portal/dist');
  const consoleDist = fromHere('../../console/dist');
  const hasPortal = existsSync(`${portalDist}/index.html`);
  const hasConsole = existsSync(`${consoleDist}/index.html`);
  const renderer = hasPortal && config.renderPages ? await loadPortalRenderer(fromHere('../../portal/dist-server'), app.log) : undefined;
  const portalPage = hasPortal ? portalPages(portalDist, { app, renderer, log: app.log, cacheMs: config.publicCacheMs }) : undefined;
  const isPortalPage = hasPortal ? portalPaths(portalDist) : () => false;
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: portalDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasConsole) {
    await app.register(fastifyStatic, { root: consoleDist, prefix: '/console/', decorateReply: !hasPortal, wildcard: false, index: false });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const wantsPage = req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/admin/') && (req.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasConsole && path.startsWith('/console')) return reply.header('cache-control', 'no-cache').sendFile('index.html', consoleDist);
    // Pages may be rendered with the visitor's own data: never kept by shared caches.
    if (wantsPage && portalPage) {
      // An address that is no page of the portal gets the not-found page, and says so in its status.
      const known = isPortalPage(path);
      return portalPage(known ? req.url : NOT_FOUND_PATH, req.headers.cookie).then((html) =>
        reply.code(known ? 200 : 404).header('cache-control', 'private, no-cache').type('text/html; charset=utf-8').send(html),
      );
    }
    return sendEnvelope(reply, Errno.NOT_FOUND, '接口不存在');
  });

  return app;
}
