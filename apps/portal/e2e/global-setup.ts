import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { ensureServerBuilt, startServer } from '@flagship/testing/browser';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    outboxDir: string;
  }
}

const portalRoot = resolve(import.meta.dirname, '..');

/** Build the portal as it ships, and start the real server on a fresh database. */
export default async function setup(project: TestProject) {
  // A separate process: under vitest NODE_ENV is 'test', which would give React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync(process.execPath, ['scripts/copy-tinymce.mjs'], { cwd: portalRoot, stdio: 'ignore', env });
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: portalRoot, stdio: 'inherit', env });
  // The bundle the server renders pages with (see src/entry-server.tsx).
  execFileSync(process.execPath, [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server', '--logLevel', 'warn'], { cwd: portalRoot, stdio: 'inherit', env });
  // The server is built from its current source: the journeys test today's contract.
  ensureServerBuilt(undefined, { force: true });
  const server = await startServer();
  project.provide('apiUrl', server.url);
  project.provide('outboxDir', server.outboxDir);
  return async () => {
    await server.stop();
  };
}
