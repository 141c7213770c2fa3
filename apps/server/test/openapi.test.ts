import { endpointList, pathParamNames, type NamedEndpoint } from '@flagship/api-client';
import type { OpenApiDocument } from '@flagship/api-client/openapi';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/db/password';
import { settings } from '../src/db/schema';
import { startTestServer, type TestServer } from './harness';

type Operation = { operationId?: string; parameters?: { name: string; in: string }[] };

async function validate(document: unknown) {
  return new Validator().validate(structuredClone(document) as Record<string, unknown>);
}

/** Declarations the document lacks, or describes with another path, method or path parameters. */
function missing(document: OpenApiDocument, declarations: readonly NamedEndpoint[]): string[] {
  return declarations
    .filter(({ id, declaration }) => {
      const operation = document.paths[declaration.path]?.[declaration.method.toLowerCase()] as Operation | undefined;
      const pathParams = (operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      return operation?.operationId !== id || pathParams.sort().join() !== pathParamNames(declaration.path).sort().join();
    })
    .map(({ id }) => id);
}

/** The value at a path of keys in parsed JSON. */
function at(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** `$ref`s that point nowhere in the document. */
function danglingRefs(document: unknown): string[] {
  const refs: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') refs.push(inner);
      else walk(inner);
    }
  };
  walk(document);
  const resolves = (ref: string) => ref.startsWith('#/') && at(document, ...ref.slice(2).split('/')) !== undefined;
  return refs.filter((ref) => !resolves(ref));
}

describe('the API document and its reference page', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await response.json()) as OpenApiDocument;
  });
  afterAll(() => server?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(danglingRefs(document)).toEqual([]);
  });

  it('describes every declaration with its method, path and path parameters, and nothing else', () => {
    expect(missing(document, endpointList)).toEqual([]);
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(endpointList.length);
  });

  it('notices a broken or incomplete document', async () => {
    const broken = structuredClone(document);
    const login = broken.paths['/api/login']?.post as Record<string, unknown>;
    delete login.responses;
    login.parameters = [{ name: 'account' }];
    expect((await validate(broken)).valid).toBe(false);

    const incomplete = structuredClone(document);
    delete incomplete.paths['/api/login'];
    expect(missing(incomplete, endpointList)).toEqual(['auth.login']);

    const dangling = structuredClone(document);
    (dangling.paths['/api/login']?.post as { responses: Record<string, unknown> }).responses.default = { $ref: '#/components/responses/Nothing' };
    expect(danglingRefs(dangling)).toEqual(['#/components/responses/Nothing']);
  });

  it('wraps data in the envelope and names the roles of staff calls', () => {
    const login = document.paths['/api/login']?.post;
    expect(at(login, 'responses', '200', 'content', 'application/json', 'schema', 'required')).toEqual(['errno', 'errmsg', 'data']);
    // A session, or the second step when the account has two-factor on: one of the answers holds the token.
    const data = at(login, 'responses', '200', 'content', 'application/json', 'schema', 'properties', 'data');
    const answers = (at(data, 'anyOf') ?? at(data, 'oneOf') ?? [data]) as unknown[];
    expect(answers.map((answer) => at(answer, 'properties', 'token'))).toContainEqual(expect.objectContaining({ type: 'string' }));
    expect(answers.map((answer) => at(answer, 'properties', 'secondStep'))).toContainEqual(expect.objectContaining({ const: 'twoFactor' }));
    expect(at(login, 'security')).toEqual([]);
    const ranking = document.paths['/api/console/project/{projectId}/review/ranking']?.get;
    expect(at(ranking, 'x-roles')).toEqual(['admin', 'reviewer']);
    expect(at(ranking, 'security')).toEqual([{ staffSession: ['admin', 'reviewer'] }]);
    expect(at(ranking, 'responses', 'default')).toEqual({ $ref: '#/components/responses/Error' });
  });

  it('serves a reference page that loads only same-origin scripts, under the site CSP', async () => {
    const redirect = await fetch(`${server.baseUrl}/api/reference`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/api/reference/');

    const page = await fetch(`${server.baseUrl}/api/reference/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
      expect(src, `inline script: <script${attributes}>`).toBeDefined();
      expect(body.trim()).toBe('');
      const url = new URL(src ?? '', page.url);
      expect(url.origin, src).toBe(server.baseUrl);
      const script = await fetch(url);
      expect(script.status, url.pathname).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(script.headers.get('content-security-policy')).toBe(csp);
      await script.arrayBuffer();
    }
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('stays readable while the site is closed by its access password', async () => {
    await server.handle.db.update(settings).set({ accessPasswordEnabled: true, accessPasswordHash: await hashPassword('Spring-Opening-2027') });
    try {
      // The gate caches the password for a few seconds: wait until it closes a call that is gated.
      await expect
        .poll(async () => ((await (await fetch(`${server.baseUrl}/api/project`)).json()) as { errno: number }).errno, { timeout: 10_000, interval: 500 })
        .toBe(1004);
      expect((await fetch(`${server.baseUrl}/api/openapi.json`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/api/reference/`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/api/reference/js/scalar.js`)).status).toBe(200);
    } finally {
      await server.handle.db.update(settings).set({ accessPasswordEnabled: false, accessPasswordHash: null });
    }
  });
});
