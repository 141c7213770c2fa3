// The contract as an OpenAPI document (GET /api/openapi.json) and a reference page to read it
// (GET /api/reference/), built from the same declarations as the routes. They are not part of the
// contract themselves: the SDK has no use for them.
import { buildOpenApiDocument } from '@flagship/api-client/openapi';
import scalarReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PREFIX = '/api/reference';

/** Routes of the API document and its reference page (the test of declared routes leaves them out). */
export function isReferenceRoute(url: string): boolean {
  return url === OPENAPI_PATH || url === REFERENCE_PREFIX || url.startsWith(`${REFERENCE_PREFIX}/`);
}

// Scalar's own page starts the viewer with an inline script, which the site's CSP (script-src
// 'self') refuses. This page loads the same bundled viewer and starts it from a file of our own,
// so the CSP stays as it is everywhere else.
const PAGE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Flagship API 参考</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${REFERENCE_PREFIX}/js/scalar.js"></script>
    <script src="${REFERENCE_PREFIX}/init.js"></script>
  </body>
</html>
`;

// Nothing from scalar.com (fonts, telemetry, its AI agent): the CSP would refuse it, and the page must work offline.
const VIEWER_CONFIG = { url: OPENAPI_PATH, withDefaultFonts: false, telemetry: false, showDeveloperTools: 'never', agent: { disabled: true }, mcp: { disabled: true } };
const INIT = `Scalar.createApiReference('#app', ${JSON.stringify(VIEWER_CONFIG)});\n`;

const CACHE = 'public, max-age=300';

export async function installApiReference(app: FastifyInstance, { version }: { version: string }) {
  const document = JSON.stringify(buildOpenApiDocument({ version }));
  await app.register(async (scope) => {
    // The document says only what the SDK already ships to every visitor, so it is readable while
    // the site is closed by its access password too.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, passesSiteGate: true };
    });
    scope.get(OPENAPI_PATH, (_req, reply) => reply.header('cache-control', CACHE).type('application/json; charset=utf-8').send(document));
    scope.get(`${REFERENCE_PREFIX}/init.js`, (_req, reply) => reply.header('cache-control', CACHE).type('text/javascript; charset=utf-8').send(INIT));
    const ownPage = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      reply.header('cache-control', CACHE);
      if (req.routeOptions.url !== `${REFERENCE_PREFIX}/`) return done();
      void reply.type('text/html; charset=utf-8').send(PAGE);
    };
    await scope.register(scalarReference, {
      routePrefix: REFERENCE_PREFIX,
      // `url` rather than `content`: the plugin then adds no second copy of the document.
      configuration: { url: OPENAPI_PATH },
      hooks: { onRequest: ownPage },
      logLevel: 'warn',
    });
  });
}
