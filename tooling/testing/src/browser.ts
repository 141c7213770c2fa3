// Browser-journey harness: the real server (built) on a free port with a fresh data directory,
// and Debian's Chromium through playwright-core. Nothing here downloads browsers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { clamavWanted, startClamd } from './clamav';
import { freePort } from './ports';

/** Flags Chromium needs as root and in a sandbox without network extras. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Structural type of playwright's `chromium`, so this package does not depend on playwright. */
export interface ChromiumLauncher<B> {
  launch(options: { executablePath: string; args: string[]; headless?: boolean }): Promise<B>;
}

export function launchChromium<B>(chromium: ChromiumLauncher<B>): Promise<B> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

export { freePort };

/** The workspace root (this file is tooling/testing/src/browser.ts). */
export const workspaceRoot = resolve(import.meta.dirname, '..', '..', '..');

/** Build the server if its bundle is missing (or always, with `force`: tsup takes a second). */
export function ensureServerBuilt(root = workspaceRoot, options: { force?: boolean } = {}): string {
  const main = join(root, 'apps', 'server', 'dist', 'main.js');
  if (options.force || !existsSync(main)) {
    const result = spawnSync('pnpm', ['--filter', '@flagship/server', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0 || !existsSync(main)) throw new Error('Could not build apps/server (pnpm --filter @flagship/server build)');
  }
  return main;
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  /** Where e-mails and text messages land without SMTP. */
  outboxDir: string;
  /** Output of the server so far (for failure reports). */
  log(): string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  root?: string;
  env?: Record<string, string>;
  /** How long to wait for /api/health; the first start of a fresh PGlite directory takes seconds. */
  timeoutMs?: number;
}

/**
 * `node apps/server/dist/main.js` with a fresh DATA_DIR, CAPTCHA_TEST=1, PASSWORD_HASH_TEST=1 and NODE_ENV=test; uploads
 * scanned by a clamd of its own when ClamAV is installed (or required), as in production.
 */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  const root = options.root ?? workspaceRoot;
  const main = ensureServerBuilt(root);
  const port = await freePort();
  // CLAMD_ADDRESS given (even empty: no scanner) wins over a clamd of the server's own.
  const clamd = clamavWanted() && options.env?.CLAMD_ADDRESS === undefined ? await startClamd() : undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'flagship-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: join(root, 'apps', 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA_TEST: '1',
      // Hashes at a test's cost: at production's, each sign-in is 0.6 s of a 2-core machine.
      PASSWORD_HASH_TEST: '1',
      // Journeys read what they just wrote.
      PUBLIC_CACHE_MS: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...clamd?.env,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
    await clamd?.stop();
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /api/health in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, port, dataDir, outboxDir: join(dataDir, 'outbox'), log: () => output, stop };
}
