import type { z } from 'zod';
import type { StaffRole } from './schemas/console';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone; anyone, with more for a logged-in applicant; an applicant
 * session; an applicant or staff session; a staff session.
 */
export type EndpointAuth = 'public' | 'optional' | 'user' | 'user-or-staff' | 'staff';

/**
 * How the answer arrives: an envelope (json), a binary body read as a Blob (captcha), a file
 * the browser opens through a URL the SDK builds (export), or an envelope that becomes a file
 * once the job named in the query is done (download).
 */
export type EndpointResponse = 'json' | 'blob' | 'link' | 'json-or-link';

export interface EndpointDeclaration {
  method: HttpMethod;
  /** Path with `{name}` placeholders, exactly as the server routes it. */
  path: string;
  summary: string;
  auth: EndpointAuth;
  response: EndpointResponse;
  /** Requests that some clients send in bulk (login, captcha…) are rate-limited by the server. */
  rateLimited?: boolean;
  /** Answers carry an ETag; a client that sends it back in If-None-Match gets 304 while nothing changed. */
  etag?: boolean;
  /** For `auth: 'staff'`: the staff roles that may call it. Without it, admins only. */
  roles?: readonly StaffRole[];
  /**
   * The answer to a caller without a session is the same for every visitor (nothing personal, no
   * view counter), so the server may share it for a moment (`PUBLIC_CACHE_MS`).
   */
  publicCache?: boolean;
  /**
   * Answered even while the site is closed by its access password: what a visitor needs to see
   * that it is closed and to open it, and what staff need to run it.
   */
  passesSiteGate?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Multipart body (upload); the SDK sends FormData. */
  multipart?: boolean;
  /** Schema of `data` in the envelope. */
  data: z.ZodType;
}

export function defineEndpoint<const T extends EndpointDeclaration>(declaration: T): T {
  return declaration;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : unknown;
type Merge<A, B, C> = (unknown extends A ? object : A) & (unknown extends B ? object : B) & (unknown extends C ? object : C);

/** What a typed function takes: params, query and body fields in one object. */
export type EndpointInput<E extends EndpointDeclaration> = Merge<InputOf<E['params']>, InputOf<E['query']>, InputOf<E['body']>> &
  (E['multipart'] extends true ? MultipartInput : unknown);

/** The file of a multipart declaration, sent as the field `file`. */
export interface MultipartInput {
  file: Blob;
  /** File name sent to the server; defaults to the File's own name. */
  name?: string;
}
/** What a typed function resolves to. */
export type EndpointData<E extends EndpointDeclaration> = z.output<E['data']>;

/** Placeholders of a path, e.g. `/api/user/{id}` → `['id']`. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/** Substitute and encode path params. */
export function buildPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Serialise a query the way the server reads it: arrays as repeated keys (`ids=1&ids=2`). */
export function buildQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Fastify's route syntax (`/api/user/:id`) for a declared path. */
export function toRoutePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
