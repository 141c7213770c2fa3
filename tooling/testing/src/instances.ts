// Several server processes behind nginx on loopback, for the several-instances test and bench:
// each instance is `node dist/main.js` of the built server with its own environment, nginx runs
// deploy/nginx.conf (a template) inside a generated main configuration of its own prefix directory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

export { freePort };

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the last `limit` characters a child wrote, for the message of a failed test. */
function tail(limit = 200_000) {
  let text = '';
  return {
    push(chunk: Buffer) {
      text = (text + chunk.toString('utf8')).slice(-limit);
    },
    read: () => text,
  };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface Instance {
  name: string;
  url: string;
  port: number;
  pid: number;
  /** What the process wrote so far (its log). */
  output(): string;
  /** Whether the process has ended. */
  readonly exited: boolean;
  /** Send a signal and wait for the process to end (SIGKILL: no clean-up at all). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Pause and resume the process (SIGSTOP, SIGCONT): it holds its connections but does nothing. */
  pause(): void;
  resume(): void;
  /** SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface InstanceOptions {
  name: string;
  /** The server package (apps/server): `dist/main.js` is started there. */
  serverDir: string;
  /** The instance's environment on top of PATH and HOME; PORT and HOST are set here. */
  env: Record<string, string>;
  port?: number;
  /** Path answered 200 once the instance takes requests. */
  readyPath?: string;
  readyTimeoutMs?: number;
}

/** Start one server process and wait until it answers `readyPath`. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const main = join(options.serverDir, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build the server first (pnpm --filter @flagship/server build)`);
  const port = options.port ?? (await freePort());
  const log = tail();
  // process.execPath: the Node running the tests (the workspace's own, 24), not /usr/bin/node.
  const child = spawn(process.execPath, [main], {
    cwd: options.serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', log.push);
  child.stderr?.on('data', log.push);
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name: options.name,
    url,
    port,
    pid: child.pid ?? 0,
    output: log.read,
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    async kill(signal = 'SIGKILL') {
      if (instance.exited) return;
      child.kill(signal);
      await exited(child);
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop(graceMs = 10_000) {
      if (instance.exited) return;
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited(child);
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  const readyUrl = `${url}${options.readyPath ?? '/api/health'}`;
  for (;;) {
    if (instance.exited) throw new Error(`Instance ${options.name} ended before it was ready:\n${log.read()}`);
    try {
      const response = await fetch(readyUrl);
      await response.arrayBuffer();
      if (response.ok) return instance;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await instance.stop(1000);
      throw new Error(`Instance ${options.name} was not ready in time:\n${log.read()}`);
    }
    await sleep(100);
  }
}

/** Fill `${NAME}` placeholders; a placeholder left unfilled is an error, not an empty string. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const filled = template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (whole, name: string) => values[name] ?? whole);
  const missing = [...filled.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((m) => m[1]);
  if (missing.length > 0) throw new Error(`No value for ${[...new Set(missing)].join(', ')}`);
  return filled;
}

export interface Nginx {
  url: string;
  port: number;
  /** The access log: one line per request, `status upstream request` (upstream `-` when nginx answered itself). */
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** The site template (deploy/nginx.conf). */
  siteTemplate: string;
  /** Instance addresses (`127.0.0.1:port`) behind it. */
  upstreams: string[];
  /** nginx's client_max_body_size (e.g. `21m`). */
  bodyLimit: string;
  portalDist: string;
  consoleDist: string;
  port?: number;
}

/**
 * nginx with the site template on a loopback port, in the foreground, everything (pid, logs, temp
 * files) inside a directory of its own. As root, its workers run as root too: the files it serves
 * and the temp directory need no other owner.
 */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  if (!existsSync(NGINX_BIN)) throw new Error(`${NGINX_BIN} not found (tooling/scripts/ensure-system.sh installs Debian's nginx)`);
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'flagship-nginx-'));
  chmodSync(dir, 0o755);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const site = fillTemplate(readFileSync(options.siteTemplate, 'utf8'), {
    FLAGSHIP_LISTEN: `127.0.0.1:${port}`,
    FLAGSHIP_UPSTREAM_SERVERS: options.upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=10s;`).join('\n    '),
    FLAGSHIP_BODY_LIMIT: options.bodyLimit,
    FLAGSHIP_PORTAL_DIST: options.portalDist,
    FLAGSHIP_CONSOLE_DIST: options.consoleDist,
    FLAGSHIP_ACCESS_LOG: `${dir}/access.log`,
  });
  writeFileSync(join(dir, 'flagship.conf'), site);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      ...(isRoot ? ['user root;'] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((sub) => `  ${sub === 'body' ? 'client_body' : sub}_temp_path ${dir}/${sub};`),
      `  include ${dir}/flagship.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
  const check = spawnSync(NGINX_BIN, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}\n${site}`);

  const log = tail();
  const child = spawn(NGINX_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', log.push);
  child.stderr?.on('data', log.push);
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null) throw new Error(`nginx ended at start:\n${log.read()}\n${read('error.log')}`);
    const listening = await new Promise<boolean>((resolve) => {
      fetch(`${url}/__nginx_ready`).then(
        (response) => void response.arrayBuffer().then(() => resolve(true), () => resolve(true)),
        () => resolve(false),
      );
    });
    if (listening) break;
    if (waited > 10_000) {
      await stop();
      throw new Error(`nginx did not listen on ${url}:\n${read('error.log')}`);
    }
    await sleep(50);
  }
  return { url, port, accessLog: () => read('access.log'), errorLog: () => read('error.log'), stop };
}
