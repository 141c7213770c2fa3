import { hash, randomUUID } from 'node:crypto';
import {
  Errno,
  endpoints,
  httpStatusForErrno,
  toRoutePath,
  type EndpointDeclaration,
  type Endpoints,
  type TransportAnswer,
} from '@flagship/api-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import type { z } from 'zod';
import type { Principal, StaffPrincipal, UserPrincipal } from '../auth/principal';
import { createMicroCache } from '../lib/micro-cache';
import { envelopeJson, internalErrorMessage } from './error-handler';
import { AppError } from './errors';
import { findUnstorable } from './string-guard';

/** Returned by a handler that has answered through `reply` itself (files, images). */
export const SENT = Symbol('sent');

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Context<E extends EndpointDeclaration> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The caller, as the declaration's `auth` requires it (null when anonymous is allowed). */
  principal: E['auth'] extends 'user' ? UserPrincipal : E['auth'] extends 'staff' ? StaffPrincipal : E['auth'] extends 'user-or-staff' ? Principal : Principal | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends EndpointDeclaration> = (ctx: Context<E>) => Promise<z.input<E['data']> | typeof SENT>;

/** One handler per declaration: the compiler refuses a missing one. */
export type Handlers = { [G in keyof Endpoints]: { [N in keyof Endpoints[G]]: Endpoints[G][N] extends EndpointDeclaration ? Handler<Endpoints[G][N]> : never } };

export interface RegisterOptions {
  authenticate(req: Pick<FastifyRequest, 'headers' | 'query'>, declaration: EndpointDeclaration): Promise<Principal | null>;
  rateLimit: { max: number; timeWindow: number };
  validateResponses: boolean;
  /** Anonymous answers of declarations with `publicCache` are reused for this long (0: never). */
  publicCacheMs: number;
  /** Whether the site is closed (its access password set): `InProcessReads` then leave every call to the routes. */
  siteClosed(): Promise<boolean>;
}

/**
 * A read of a page being rendered, answered in this process without a request going through
 * Fastify (see `registerEndpoints`); undefined when the call must go through the route instead.
 */
export type InProcessReads = (url: string, headers: { authkey?: string; 'if-none-match'?: string }) => Promise<TransportAnswer | undefined>;

/** Whether If-None-Match names this ETag (a list, weak or strong, or `*`). */
function holds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

const etagOf = (body: string) => `"${hash('sha1', body, 'base64url')}"`;

/** A JSON answer; for declarations with `etag`, 304 to a client that already holds this exact body. */
function sendJson(req: FastifyRequest, reply: FastifyReply, body: string, etag: boolean | undefined) {
  if (etag) {
    const tag = etagOf(body);
    reply.header('etag', tag).header('cache-control', 'no-cache');
    if (holds(req.headers['if-none-match'], tag)) return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

type ReadHeaders = Parameters<InProcessReads>[1];
type Read = (request: { url: string; headers: ReadHeaders; params: unknown; query: unknown }) => Promise<TransportAnswer | undefined>;

/** The error handler's answer to an `AppError`, as the SDK's transport takes it. */
const refusal = (error: AppError) => jsonAnswer(httpStatusForErrno(error.errno), envelopeJson(error.errno, error.message, error.data));

/** `sendJson`'s answer as the SDK's transport takes it. */
function jsonAnswer(status: number, body: string, etag?: string): TransportAnswer {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (etag) Object.assign(headers, { etag, 'cache-control': 'no-cache' });
  return { status, headers, body: Buffer.from(body) };
}

/**
 * Stands for `req` and `reply` in a handler answered in-process, where there are none: a handler
 * that reaches for either is answered through its route instead, so it must reach for them before
 * it writes anything (the health check's handler logs through `req.log` after its read).
 */
class NeedsRoute extends Error {}
const noRequest = new Proxy(
  {},
  {
    get() {
      throw new NeedsRoute();
    },
  },
) as FastifyRequest & FastifyReply;

/**
 * Whether a read's calls may be answered in-process: those that answer JSON to the portal's callers.
 * Rate-limited reads count each call, files and links need a reply to stream into, and staff
 * endpoints are never called by a page rendered on the server.
 */
export function answeredInProcess(declaration: EndpointDeclaration): boolean {
  return declaration.response === 'json' && !declaration.rateLimited && ['public', 'optional', 'user'].includes(declaration.auth);
}

/**
 * Register a route for every declaration of the contract, validated by its own schemas. Returns
 * what answers the reads of a page rendered on the server in-process (`InProcessReads`).
 */
export function registerEndpoints(app: FastifyInstance, handlers: Handlers, options: RegisterOptions): InProcessReads {
  const cache = createMicroCache(options.publicCacheMs);
  const principals = new WeakMap<FastifyRequest, Principal | null>();
  // The routes answered in-process, matched as Fastify matches them: its router, with its defaults
  // (`buildApp` sets no `routerOptions`; any set there must be set here too).
  const inProcess = FindMyWay();
  for (const [group, members] of Object.entries(endpoints)) {
    for (const [name, declaration] of Object.entries(members) as [string, EndpointDeclaration][]) {
      const handler = (handlers as unknown as Record<string, Record<string, Handler<EndpointDeclaration>>>)[group]?.[name];
      if (!handler) throw new Error(`No handler for endpoint ${group}.${name}`);
      const cacheable = declaration.method === 'GET' && options.publicCacheMs > 0 && declaration.publicCache === true;
      /**
       * The envelope of the handler's answer (checked against the contract when asked), or SENT.
       * Only callers without a session share answers, by address: anything personal is never cached.
       */
      const answer = async (context: Context<EndpointDeclaration>, url: string, authkey: unknown): Promise<string | typeof SENT> => {
        const sharedAs = cacheable && !authkey ? url : undefined;
        const shared = sharedAs === undefined ? undefined : cache.get(sharedAs);
        if (shared !== undefined) return shared;
        const result = await handler(context);
        if (result === SENT) return SENT;
        let data: unknown = result;
        if (options.validateResponses) {
          const parsed = declaration.data.safeParse(result);
          if (!parsed.success) {
            throw new Error(`Answer of ${group}.${name} breaks its contract: ${parsed.error.message}`);
          }
          data = parsed.data;
        }
        const body = envelopeJson(Errno.OK, 'ok', data ?? null);
        if (sharedAs !== undefined && !context.principal) cache.set(sharedAs, body);
        return body;
      };
      const route = toRoutePath(declaration.path);
      app.route({
        method: declaration.method,
        url: route,
        schema: {
          ...(declaration.params ? { params: declaration.params } : {}),
          ...(declaration.query ? { querystring: declaration.query } : {}),
          ...(declaration.body ? { body: declaration.body } : {}),
        },
        config: {
          endpoint: `${group}.${name}`,
          passesSiteGate: declaration.passesSiteGate === true,
          ...(declaration.rateLimited ? { rateLimit: options.rateLimit } : {}),
        },
        // Who is calling is settled before the body is read or validated: no token is 401 and a bad
        // one 1001, whatever the body holds.
        onRequest: async (req) => {
          principals.set(req, await options.authenticate(req, declaration));
        },
        handler: async (req, reply) => {
          const principal = principals.get(req) ?? null;
          const body = await answer({ params: req.params, query: req.query, body: req.body, principal, req, reply } as Context<EndpointDeclaration>, req.url, req.headers.authkey);
          if (body === SENT) return reply;
          return sendJson(req, reply, body, declaration.etag);
        },
      });
      if (declaration.method !== 'GET') continue;
      // Every read is routed here as Fastify routes it (`/api/user/send_code` is not `/api/user/{id}`);
      // those not answered in-process are matched only to be left to their routes.
      if (!answeredInProcess(declaration)) {
        inProcess.on('GET', route, () => {}, {});
        continue;
      }
      /**
       * The route's steps that bear on a JSON read, in its order: the caller (a refusal is answered
       * as the error handler answers it), the string guard and the schemas (a refusal goes through
       * the route, which words it), the answers shared by callers without a session, the handler
       * (a handler that reaches for `req` or `reply` goes through the route), the ETag. Helmet's and
       * CORS's headers, compression, the metrics and the request log have no one to serve
       * in-process (docs/decisions.md, "A rendered page's reads answered by their handlers").
       */
      const read: Read = async ({ url, headers, params, query }) => {
        let principal: Principal | null;
        try {
          principal = await options.authenticate({ headers, query }, declaration);
        } catch (error) {
          if (error instanceof AppError) return refusal(error);
          return undefined;
        }
        if (findUnstorable(params) || findUnstorable(query)) return undefined;
        const checkedParams = declaration.params ? declaration.params.safeParse(params) : { success: true, data: params };
        const checkedQuery = declaration.query ? declaration.query.safeParse(query) : { success: true, data: query };
        if (!checkedParams.success || !checkedQuery.success) return undefined;
        let body: string;
        try {
          const answered = await answer({ params: checkedParams.data, query: checkedQuery.data, body: undefined, principal, req: noRequest, reply: noRequest } as Context<EndpointDeclaration>, url, headers.authkey);
          if (answered === SENT) return undefined;
          body = answered;
        } catch (error) {
          if (error instanceof AppError) return refusal(error);
          if (error instanceof NeedsRoute) return undefined;
          // Answered here as the error handler answers it, not through the route: the handler may
          // have written already (a notice counts its view) and would run again.
          const id = randomUUID();
          app.log.error({ err: error, reqId: id, url }, 'internal error in a read answered in-process');
          return jsonAnswer(httpStatusForErrno(Errno.INTERNAL), envelopeJson(Errno.INTERNAL, internalErrorMessage(id)));
        }
        if (!declaration.etag) return jsonAnswer(200, body);
        const tag = etagOf(body);
        if (holds(headers['if-none-match'], tag)) return { status: 304, headers: { etag: tag, 'cache-control': 'no-cache' }, body: new Uint8Array() };
        return jsonAnswer(200, body, tag);
      };
      inProcess.on('GET', route, () => {}, { read });
    }
  }
  return async (url, headers) => {
    // Closed, or the gate cannot tell (its read failed): the route answers as it would.
    if (await options.siteClosed().catch(() => true)) return undefined;
    const found = inProcess.find('GET', url);
    if (!found) return undefined;
    const { read } = found.store as { read?: Read };
    return read?.({ url, headers, params: found.params, query: found.searchParams });
  };
}

export function assertOwner(ok: boolean, message = '无权访问他人的数据'): asserts ok {
  if (!ok) throw new AppError(Errno.FORBIDDEN, message);
}
