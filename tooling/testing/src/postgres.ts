// A throwaway PostgreSQL server for tests: initdb into a temporary directory, start it on a free
// loopback port, hand back its URL. Debian keeps the server binaries outside PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

export function findPostgresBin(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(join(root, version, 'bin'));
    }
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

// initdb refuses to run as root, so as root every server command runs as the postgres user.
function run(bin: string, args: string[]): void {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  }
}

export async function startPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (set PG_BIN or install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'flagship-pg-'));
  if (isRoot) {
    chmodSync(dir, 0o777);
  }
  const dataDir = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run(join(bin, 'pg_ctl'), [
    '-D', dataDir, '-w', '-l', join(dir, 'server.log'),
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

/** Whether the PostgreSQL variant of a suite must run (CI sets REQUIRE_POSTGRES=1). */
export function postgresWanted(): boolean {
  if (process.env.REQUIRE_POSTGRES === '1') return true;
  return findPostgresBin() !== undefined && hasPostgresUser();
}

function hasPostgresUser(): boolean {
  if (!isRoot) return true;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
