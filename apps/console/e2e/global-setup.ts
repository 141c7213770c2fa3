import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { startServer, workspaceRoot } from '@flagship/testing/browser';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
  }
}

const consoleRoot = resolve(import.meta.dirname, '..');
const portalRoot = join(workspaceRoot, 'apps', 'portal');
const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

/**
 * The journeys cross both front ends on one origin, as in production: build the server (its
 * bundle must carry the console routes), the portal (with /tinymce) and the console, then start
 * the real server on a fresh database; it serves the portal at / and the console at /console/.
 */
export default async function setup(project: TestProject) {
  // Separate processes: under vitest NODE_ENV is 'test', which would give React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  // E2E_REUSE_BUILD=1 skips the builds when iterating on the journeys themselves.
  if (process.env.E2E_REUSE_BUILD !== '1') {
    execFileSync('pnpm', ['--filter', '@flagship/server', 'build'], { cwd: workspaceRoot, stdio: 'ignore', env });
    execFileSync(process.execPath, ['scripts/copy-tinymce.mjs'], { cwd: portalRoot, stdio: 'ignore', env });
    execFileSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], { cwd: portalRoot, stdio: 'inherit', env });
    execFileSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], { cwd: consoleRoot, stdio: 'inherit', env });
  }
  const server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('outboxDir', server.outboxDir);
  return async () => {
    await server.stop();
  };
}
