import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { startServer } from '@flagship/testing/browser';
import { build } from 'vite';
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
  execFileSync(process.execPath, ['scripts/copy-tinymce.mjs'], { cwd: portalRoot, stdio: 'ignore' });
  await build({ root: portalRoot, logLevel: 'warn', build: { sourcemap: false } });
  const server = await startServer();
  project.provide('apiUrl', server.url);
  project.provide('outboxDir', server.outboxDir);
  return async () => {
    await server.stop();
  };
}
