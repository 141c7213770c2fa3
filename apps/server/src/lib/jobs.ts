/**
 * Background work, behind one interface: pg-boss on PostgreSQL (any instance runs any job, jobs
 * survive restarts and killed workers), an in-process queue on the embedded PGlite start (one
 * process is all there is; queued jobs are lost on restart). `createJobs` (jobs-create.ts) picks by
 * configuration.
 */

/** How a job is retried and kept apart from its twins. Seconds, as pg-boss counts them. */
export interface JobOptions {
  /** Attempts after the first one fails (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 1; rounded up to whole seconds on pg-boss). */
  retryDelay?: number;
  /** Double the delay on every retry (default true). */
  retryBackoff?: boolean;
  /** At most one job with this key is queued or running at a time: a second send while one is
   *  waiting or running is refused (`send` answers null), so the same work never runs twice at once. */
  singletonKey?: string;
  /** A running attempt older than this is taken for dead (killed worker) and retried (default 900). */
  expireInSeconds?: number;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** pg-boss: how long the finished job's row is kept (default a day); the in-process queue keeps none. */
  deleteAfterSeconds?: number;
}

/** What a handler learns about the attempt it runs. */
export interface JobAttempt {
  id: string;
  /** 0 on the first attempt, then 1, 2… */
  retryCount: number;
  /** Aborted when the queue stops (or pg-boss gives the attempt up): long work should check it. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

export interface WorkOptions<T> {
  /** Attempts (or batches) of this kind run at once in this process (default: the configured JOB_CONCURRENCY). */
  concurrency?: number;
  /**
   * pg-boss: up to this many queued jobs are fetched together and run at once, then settled
   * together (default 1), each still succeeding, retrying or failing on its own. For many small
   * jobs (a deadline's confirmations): a fetch and one or two settles (done, failed) a batch
   * instead of two statements a job. Above 1, a new job no longer wakes a worker at once: it waits
   * for the next look, at most half a second, so that jobs gather. A batch is settled before its
   * first job's expiry and before the end of `stop`'s grace: jobs it has not started by then go
   * back to the queue (no attempt used), and an attempt still running is given up (its signal
   * aborted) and retried. The in-process queue fetches nothing and ignores it.
   */
  batchSize?: number;
  /**
   * Jobs of a batch with the same sequence run one after another, in the order queued (messages to
   * one person). Best effort: only within a batch, and jobs queued in the same statement may come
   * in either order.
   */
  sequence?: (data: T) => string;
  /** Called once when an attempt failed and no retry is left (not for an attempt given up on expiry or at stop). */
  onFailed?: (data: T, error: Error) => Promise<void>;
  /**
   * pg-boss, batches only: requests come first. A batch of this kind does not start while this
   * process's event loop is busy answering requests (more than half of the last quarter second
   * spent working); it looks again every quarter second, until this many seconds after its oldest
   * job was queued, then runs whatever the load. At a deadline the confirmations go out in the gaps
   * between submissions, or just after them, instead of ahead of the next submission. A waiting
   * batch holds its slot, so work that must not wait (a code) needs a kind of its own; a stop hands
   * the waiting jobs back unspent, as any job a batch did not start. Refused without batches; the
   * in-process queue ignores it.
   */
  waitWhileBusySeconds?: number;
}

export interface Jobs {
  /** Which implementation runs: 'pg-boss' (PostgreSQL) or 'in-process' (PGlite). */
  readonly kind: 'pg-boss' | 'in-process';
  /** Queue one job of `kind`; answers its id, or null when a job with the same singletonKey is already queued or running. */
  send<T extends object>(kind: string, data: T, options?: JobOptions): Promise<string | null>;
  /** Register the handler of `kind` (before or after start); jobs of a kind nobody works wait. */
  work<T extends object>(kind: string, options: WorkOptions<T>, handler: JobHandler<T>): Promise<void>;
  /** Send a `kind` job on a cron schedule (five fields, Beijing time); one job per tick across all instances. */
  schedule<T extends object>(kind: string, cron: string, data?: T, options?: JobOptions): Promise<void>;
  /** Start working queued jobs and schedules (pg-boss: creates its schema `pgboss` on first start). */
  start(): Promise<void>;
  /** Stop taking jobs, wait a little for running ones, then let go (pg-boss retries what was cut off). */
  stop(): Promise<void>;
  /** Wait until nothing of `kinds` (every kind this process knows when omitted) is queued or running: for tests and CLIs. */
  settle(kinds?: readonly string[], timeoutMs?: number): Promise<void>;
  /** Jobs queued or running, by kind (on pg-boss: every instance's): for metrics. */
  depth(): Promise<Record<string, number>>;
}

/** Defaults of every job: a few retries with back-off; a running attempt is presumed dead after 15 minutes. */
export const DEFAULT_JOB_OPTIONS = { retryLimit: 2, retryDelay: 1, retryBackoff: true, expireInSeconds: 900, deleteAfterSeconds: 86_400 } as const satisfies JobOptions;

/** The delay before retry number `retryCount + 1` (seconds): `retryDelay`, doubled per retry with back-off. */
export function retryDelaySeconds(options: Pick<JobOptions, 'retryDelay' | 'retryBackoff'>, retryCount: number): number {
  const base = options.retryDelay ?? DEFAULT_JOB_OPTIONS.retryDelay;
  return options.retryBackoff ?? DEFAULT_JOB_OPTIONS.retryBackoff ? base * 2 ** retryCount : base;
}
