// A real ClamAV daemon for tests: Debian's clamd on a Unix socket in a temporary directory.
// Production takes its signatures from freshclam, whose mirrors this machine cannot reach and
// which Debian ships no package of; the tests give clamd a database of one signature of their
// own instead: the EICAR test file, as a body signature in ClamAV's documented `.ndb` format
// (Name:TargetType:Offset:HexSignature), which matches the string anywhere, inside archives too.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLAMD = process.env.CLAMD_BIN ?? '/usr/sbin/clamd';

/**
 * The EICAR anti-virus test file (eicar.org): harmless, and detected by every scanner. Built from
 * two halves so that this source file itself is not reported by a scanner on a developer's machine.
 */
export const EICAR = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-' + 'ANTIVIRUS-TEST-FILE!$H+H*', 'latin1');

const SIGNATURE_NAME = 'Flagship.Test.EICAR';
/** The name clamd reports for it (the `.UNOFFICIAL` suffix marks a signature of one's own). */
export const EICAR_SIGNATURE = `${SIGNATURE_NAME}.UNOFFICIAL`;

export interface ThrowawayClamd {
  /** clamd's Unix socket: the server's CLAMD_ADDRESS. */
  socket: string;
  env: { CLAMD_ADDRESS: string };
  stop(): Promise<void>;
}

/** Whether the ClamAV suites must run: CI sets REQUIRE_CLAMAV=1; otherwise when clamd is installed. */
export function clamavWanted(): boolean {
  return process.env.REQUIRE_CLAMAV === '1' || existsSync(CLAMD);
}

async function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const client = connect(socket);
    let reply = '';
    client.on('data', (chunk) => (reply += String(chunk)));
    client.on('close', () => resolve(reply.startsWith('PONG')));
    client.on('error', () => resolve(false));
    client.on('connect', () => client.end('zPING\0'));
  });
}

export async function startClamd(): Promise<ThrowawayClamd> {
  if (!existsSync(CLAMD)) throw new Error(`clamd not found at ${CLAMD} (install clamav-daemon: tooling/scripts/ensure-system.sh)`);
  const dir = mkdtempSync(join(tmpdir(), 'flagship-clamd-'));
  const databases = join(dir, 'db');
  mkdirSync(databases);
  writeFileSync(join(databases, 'flagship-test.ndb'), `${SIGNATURE_NAME}:0:*:${EICAR.toString('hex')}\n`);
  const socket = join(dir, 'clamd.sock');
  const log = join(dir, 'clamd.log');
  writeFileSync(
    join(dir, 'clamd.conf'),
    [`Foreground yes`, `DatabaseDirectory ${databases}`, `LocalSocket ${socket}`, `LogFile ${log}`, `StreamMaxLength 64M`, `MaxThreads 4`].join('\n') + '\n',
  );
  const child = spawn(CLAMD, [`--config-file=${join(dir, 'clamd.conf')}`], { stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + 30_000;
  while (!(await answers(socket))) {
    if (gone || Date.now() > deadline) {
      const detail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '(no log)';
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`clamd did not start: ${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  let stopped = false;
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  return {
    socket,
    env: { CLAMD_ADDRESS: socket },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', kill);
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
