// The server under test as `pnpm start` runs it: bundled as tsup bundles apps/server (esbuild,
// target node24, its packages left to node_modules), run by plain node. Run through tsx instead,
// every function is given its name by a call as it is made (esbuild's keepNames, `__name`): 1 to
// 4 % of the server's CPU in the deadline bench's profiles (2026-11-29), which production does not pay.
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import type * as BenchApp from '../render/app';

// Next to the server's sources, at the depth of its dist/: packages resolve from the server's
// node_modules, and the paths it finds from its own module (the portal's build, the migrations)
// as they do from dist/main.js.
const OUT_DIR = new URL('../../apps/server/.bench/', import.meta.url).pathname;
const ENTRIES = {
  // The server process of the HTTP benches (see server.ts).
  server: new URL('./server.ts', import.meta.url).pathname,
  // What bench/render builds in its own process (see render/app.ts).
  app: new URL('../render/app.ts', import.meta.url).pathname,
};

let built: Promise<unknown> | undefined;

/** Bundles both entries, once per process, over what an earlier run left (its chunks are named by their hash). */
function buildOnce(): Promise<unknown> {
  if (!built) rmSync(OUT_DIR, { recursive: true, force: true });
  built ??= build({
    entryPoints: ENTRIES,
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return built;
}

/** Starts bench/api/server.ts, built, in a process of its own; answers once it listens. */
export async function startBuiltServer(env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<{ child: ChildProcess; port: number }> {
  await buildOnce();
  const child = fork(`${OUT_DIR}server.mjs`, [], { execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // A server that fails to start says so (its error is on stderr) instead of leaving the bench waiting.
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`the bench's server exited before listening (${signal ?? `code ${code}`})`)));
  });
  return { child, port };
}

/** The server's app, database and configuration, built, for a bench that renders in its own process. */
export async function importBuiltApp(): Promise<typeof BenchApp> {
  await buildOnce();
  return (await import(`${OUT_DIR}app.mjs`)) as typeof BenchApp;
}
