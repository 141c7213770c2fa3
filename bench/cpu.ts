// CPU time: of this host's processes, read from /proc (a server's own, its main thread's, and
// PostgreSQL's), and of this process, from `process.cpuUsage()` differences.
import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime of a process, all its threads, in milliseconds (clock ticks are 10 ms here). */
export function cpuMsOf(pid: number): number {
  return ticksMs(`/proc/${pid}/stat`);
}

/**
 * utime + stime of a Node process's main thread alone (its thread id is the process id): the
 * thread that runs JavaScript, without V8's GC helpers and libuv's pool working beside it.
 */
export function mainThreadCpuMsOf(pid: number): number {
  return ticksMs(`/proc/${pid}/task/${pid}/stat`);
}

/** user + system of a `process.cpuUsage()` difference, in milliseconds. */
export function cpuMsOfUsage(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function ticksMs(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** utime + stime of every PostgreSQL process on this host (the database the bench runs against is local). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      total += cpuMsOf(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** CPU spent since a `cpuSince` began, in milliseconds. */
export interface CpuSpent {
  /** The server's, all its threads. */
  server: number;
  /** The server's main thread alone. */
  mainThread: number;
  /** This host's PostgreSQL processes. */
  database: number;
  /** This process: the bench itself. */
  bench: number;
}

/** Starts counting the CPU of the server `pid`, the database and the bench; each call of the answer says what was spent since. */
export function cpuSince(pid: number): () => CpuSpent {
  const [server, mainThread, database, bench] = [cpuMsOf(pid), mainThreadCpuMsOf(pid), postgresCpuMs(), process.cpuUsage()];
  return () => ({
    server: cpuMsOf(pid) - server,
    mainThread: mainThreadCpuMsOf(pid) - mainThread,
    database: postgresCpuMs() - database,
    bench: cpuMsOfUsage(process.cpuUsage(bench)),
  });
}
