// What bench/render builds in its own process, bundled as the server is (bench/api/built-server.ts).
export { buildApp } from '../../apps/server/src/app';
export { openDatabase } from '../../apps/server/src/db/client';
export { loadConfig } from '../../apps/server/src/env';
export { inProcessTransport, recordInProcessCalls } from '../../apps/server/src/http/portal-pages';
