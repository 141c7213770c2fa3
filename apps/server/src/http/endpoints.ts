import { createHash } from 'node:crypto';
import {
  Errno,
  endpoints,
  toRoutePath,
  type EndpointDeclaration,
  type Endpoints,
} from '@flagship/api-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Principal, StaffPrincipal, UserPrincipal } from '../auth/principal';
import { createMicroCache } from '../lib/micro-cache';
import { AppError } from './errors';

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
  authenticate(req: FastifyRequest, declaration: EndpointDeclaration): Promise<Principal | null>;
  rateLimit: { max: number; timeWindow: number };
  validateResponses: boolean;
  /** Anonymous answers of declarations with `publicCache` are reused for this long (0: never). */
  publicCacheMs: number;
}

/** Whether If-None-Match names this ETag (a list, weak or strong, or `*`). */
function holds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/** A JSON answer; for declarations with `etag`, 304 to a client that already holds this exact body. */
function sendJson(req: FastifyRequest, reply: FastifyReply, body: string, etag: boolean | undefined) {
  if (etag) {
    const tag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', tag).header('cache-control', 'no-cache');
    if (holds(req.headers['if-none-match'], tag)) return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Register a route for every declaration of the contract, validated by its own schemas. */
export function registerEndpoints(app: FastifyInstance, handlers: Handlers, options: RegisterOptions) {
  const cache = createMicroCache(options.publicCacheMs);
  const principals = new WeakMap<FastifyRequest, Principal | null>();
  for (const [group, members] of Object.entries(endpoints)) {
    for (const [name, declaration] of Object.entries(members) as [string, EndpointDeclaration][]) {
      const handler = (handlers as unknown as Record<string, Record<string, Handler<EndpointDeclaration>>>)[group]?.[name];
      if (!handler) throw new Error(`No handler for endpoint ${group}.${name}`);
      const cacheable = declaration.method === 'GET' && options.publicCacheMs > 0 && declaration.publicCache === true;
      app.route({
        method: declaration.method,
        url: toRoutePath(declaration.path),
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
          // Only requests without a session share answers: anything personal is never cached.
          const cacheKey = cacheable && !req.headers.authkey ? req.url : undefined;
          const cached = cacheKey ? cache.get(cacheKey) : undefined;
          if (cached) return sendJson(req, reply, cached, declaration.etag);
          const principal = principals.get(req) ?? null;
          const result = await handler({
            params: req.params as never,
            query: req.query as never,
            body: req.body as never,
            principal: principal as never,
            req,
            reply,
          });
          if (result === SENT) return reply;
          let data: unknown = result;
          if (options.validateResponses) {
            const parsed = declaration.data.safeParse(result);
            if (!parsed.success) {
              throw new Error(`Answer of ${group}.${name} breaks its contract: ${parsed.error.message}`);
            }
            data = parsed.data;
          }
          const body = JSON.stringify({ errno: Errno.OK, errmsg: 'ok', data: data ?? null });
          if (cacheKey && !principal) cache.set(cacheKey, body);
          return sendJson(req, reply, body, declaration.etag);
        },
      });
    }
  }
}

export function assertOwner(ok: boolean, message = '无权访问他人的数据'): asserts ok {
  if (!ok) throw new AppError(Errno.FORBIDDEN, message);
}
