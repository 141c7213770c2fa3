// CPU time of this host's processes, read from /proc: a server's own, and PostgreSQL's.
import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime of a process, in milliseconds (clock ticks are 10 ms here). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
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
