// The queue of the embedded PGlite start: one process is all there is, so jobs wait in memory and
// run in this process, with the same retries, back-off, singleton keys and per-kind concurrency as
// pg-boss. Queued jobs are lost when the process stops; what must survive is recorded in the
// database by the job's owner (a download job's row) and sent again at start.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { cronMatcher } from './jobs-cron';
import { DEFAULT_JOB_OPTIONS, retryDelaySeconds, type JobHandler, type JobOptions, type Jobs, type WorkOptions } from './jobs';

interface QueuedJob {
  id: string;
  kind: string;
  data: object;
  options: JobOptions;
  retryCount: number;
  /** Not before this time (ms since the epoch). */
  runAt: number;
  running: boolean;
}

interface Worker {
  concurrency: number;
  handler: JobHandler<object>;
  onFailed?: (data: object, error: Error) => Promise<void>;
  running: number;
}

export interface InProcessJobsOptions {
  /** Attempts of one kind at once when `work` names none. */
  concurrency: number;
  log: FastifyBaseLogger;
  /** How long `stop` waits for running attempts (default 5 s). */
  stopTimeoutMs?: number;
}

export function inProcessJobs({ concurrency, log, stopTimeoutMs = 5_000 }: InProcessJobsOptions): Jobs {
  const jobs: QueuedJob[] = [];
  const workers = new Map<string, Worker>();
  const schedules: { kind: string; matches: (at: Date) => boolean; data: object; options: JobOptions }[] = [];
  const running = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  let started = false;
  let stopping = false;
  let wakeTimer: NodeJS.Timeout | undefined;
  let cronTimer: NodeJS.Timeout | undefined;

  const remove = (job: QueuedJob) => {
    const index = jobs.indexOf(job);
    if (index >= 0) jobs.splice(index, 1);
  };

  /** Start what may start now, and wake up again for the earliest delayed job. */
  const pump = () => {
    if (!started || stopping) return;
    const now = Date.now();
    let next = Infinity;
    for (const job of [...jobs]) {
      if (job.running) continue;
      const worker = workers.get(job.kind);
      if (!worker) continue;
      if (job.runAt > now) {
        next = Math.min(next, job.runAt);
        continue;
      }
      if (worker.running >= worker.concurrency) continue;
      run(job, worker);
    }
    clearTimeout(wakeTimer);
    wakeTimer = Number.isFinite(next) ? setTimeout(pump, Math.max(0, next - Date.now())) : undefined;
    wakeTimer?.unref();
  };

  const run = (job: QueuedJob, worker: Worker) => {
    job.running = true;
    worker.running += 1;
    const abort = new AbortController();
    const expireMs = (job.options.expireInSeconds ?? DEFAULT_JOB_OPTIONS.expireInSeconds) * 1000;
    let expiry: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      expiry = setTimeout(() => {
        abort.abort(new Error('job expired'));
        reject(new Error(`Job ${job.kind} ${job.id} ran longer than ${expireMs / 1000} s`));
      }, expireMs);
      expiry.unref();
    });
    // A handler that throws at once fails its attempt like one that rejects.
    const handled = Promise.resolve().then(() => worker.handler(job.data, { id: job.id, retryCount: job.retryCount, signal: abort.signal }));
    const attempt = Promise.race([handled, expired]);
    const promise = attempt
      .then(() => remove(job))
      .catch(async (error: unknown) => {
        const err = error instanceof Error ? error : new Error(String(error));
        const retryLimit = job.options.retryLimit ?? DEFAULT_JOB_OPTIONS.retryLimit;
        if (stopping) {
          // Cut short by a stop: lost like every queued job, to be sent again by its owner at start.
          remove(job);
          log.warn({ err, kind: job.kind, jobId: job.id }, 'job cut short by the queue stopping');
          return;
        }
        if (job.retryCount < retryLimit) {
          log.warn({ err, kind: job.kind, jobId: job.id, retryCount: job.retryCount }, 'job failed: retried');
          job.runAt = Date.now() + retryDelaySeconds(job.options, job.retryCount) * 1000;
          job.retryCount += 1;
          return;
        }
        remove(job);
        log.error({ err, kind: job.kind, jobId: job.id, retryCount: job.retryCount }, 'job failed: no retry left');
        await worker.onFailed?.(job.data, err).catch((e: unknown) => log.error({ err: e, kind: job.kind }, 'job failure handler failed'));
      })
      .finally(() => {
        clearTimeout(expiry);
        job.running = false;
        worker.running -= 1;
        running.delete(job.id);
        pump();
      });
    running.set(job.id, { promise, abort });
  };

  const tick = () => {
    const at = new Date();
    for (const s of schedules) {
      if (s.matches(at)) void send(s.kind, s.data, { singletonKey: `schedule:${s.kind}`, ...s.options });
    }
    // Next minute boundary (and a little after, so the clock has turned).
    cronTimer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
    cronTimer.unref();
  };

  const send: Jobs['send'] = async (kind, data, options = {}) => {
    const key = options.singletonKey;
    if (key !== undefined && jobs.some((j) => j.kind === kind && j.options.singletonKey === key)) return null;
    const job: QueuedJob = {
      id: randomUUID(),
      kind,
      data,
      options,
      retryCount: 0,
      runAt: Date.now() + (options.startAfterSeconds ?? 0) * 1000,
      running: false,
    };
    jobs.push(job);
    // Run soon, not inside the sender's own call.
    setImmediate(pump);
    return job.id;
  };

  return {
    kind: 'in-process',
    send,
    async work(kind, options, handler) {
      workers.set(kind, {
        concurrency: Math.max(1, options.concurrency ?? concurrency),
        handler: handler as JobHandler<object>,
        onFailed: options.onFailed as WorkOptions<object>['onFailed'],
        running: 0,
      });
      setImmediate(pump);
    },
    async schedule(kind, cron, data, options = {}) {
      schedules.push({ kind, matches: cronMatcher(cron), data: data ?? {}, options });
    },
    async start() {
      if (started) return;
      started = true;
      stopping = false;
      tick();
      pump();
    },
    async stop() {
      if (!started) return;
      stopping = true;
      clearTimeout(wakeTimer);
      clearTimeout(cronTimer);
      const all = Promise.allSettled([...running.values()].map((r) => r.promise));
      const deadline = new Promise((resolve) => setTimeout(resolve, stopTimeoutMs).unref());
      if ((await Promise.race([all.then(() => 'done'), deadline])) !== 'done') {
        for (const r of running.values()) r.abort.abort(new Error('queue stopped'));
        log.warn({ running: running.size }, 'jobs still running when the queue stopped');
      }
      started = false;
    },
    async depth() {
      const counts: Record<string, number> = {};
      for (const job of jobs) counts[job.kind] = (counts[job.kind] ?? 0) + 1;
      return counts;
    },
    async settle(kinds, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      // Jobs of a kind nobody works here would never finish: they are not waited for.
      const busy = () => jobs.some((j) => workers.has(j.kind) && (!kinds || kinds.includes(j.kind)));
      while (busy()) {
        if (Date.now() > deadline) throw new Error(`Jobs still queued or running after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
