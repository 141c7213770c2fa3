// The queue on PostgreSQL: pg-boss, in its own schema `pgboss` (created or migrated on start) over
// a small pool of its own. Every instance works every kind; a job a dead worker held is retried
// once its heartbeat stops (or it expires); `stop` fails what is still running so another
// instance retries it.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type JobInsert, type JobResult, type JobWithMetadata, type SendOptions } from 'pg-boss';
// pg-boss's own pool, to name its statements (below); the package exports no subpath map, so its
// files are importable as they stand.
import PgBossPool from 'pg-boss/dist/db.js';
import { DEFAULT_JOB_OPTIONS, retryDelaySeconds, type JobOptions, type Jobs } from './jobs';

export interface PgBossJobsOptions {
  databaseUrl: string;
  /** Attempts of one kind at once in this process when `work` names none. */
  concurrency: number;
  log: FastifyBaseLogger;
  /** Connections of pg-boss's own pool (default 3), besides one that listens for new jobs. */
  poolMax?: number;
  /** `ssl` of node-postgres (the pool pg-boss opens), when the connection string does not say it. */
  ssl?: boolean | { rejectUnauthorized: boolean };
  /** How often this instance looks for jobs of dead workers (default 10 s). */
  superviseIntervalSeconds?: number;
  /** A worker with no notification polls this often (default 2 s). */
  pollingIntervalSeconds?: number;
  /** How long `stop` waits for running attempts before failing them for a retry elsewhere (default 5 s). */
  stopTimeoutMs?: number;
  /** Whether this process is busy answering requests, for `waitWhileBusySeconds` (default: the event loop's recent utilisation). */
  busy?: () => boolean;
}

/** Running attempts prove they live this often; a job whose worker died is retried after about this long. */
const HEARTBEAT_SECONDS = 10;

/** How often a slot of a kind worked in batches looks for jobs (pg-boss's shortest poll). */
const GATHER_SECONDS = 0.5;

/**
 * A batch's work ends this long before its expiry, or before `stop`'s grace is over (at most a
 * quarter of either), to settle what ran before pg-boss fails it all.
 */
const BATCH_SETTLE_MS = 10_000;
const STOP_SETTLE_MS = 1_000;

/** The event loop counts as busy while it spent more than this share of the last sample working. */
const BUSY_UTILISATION = 0.5;
/** How often the event loop's utilisation is sampled, and a batch waiting for a quieter moment looks again. */
const BUSY_SAMPLE_MS = 250;

/**
 * The event loop's utilisation over the last sample (Node's `performance.eventLoopUtilization`:
 * the share of time spent running callbacks rather than waiting for I/O), sampled while the
 * queue runs.
 */
export function eventLoopLoad() {
  let last = performance.eventLoopUtilization();
  let utilisation = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      if (timer) return;
      last = performance.eventLoopUtilization();
      timer = setInterval(() => {
        const now = performance.eventLoopUtilization();
        utilisation = performance.eventLoopUtilization(now, last).utilization;
        last = now;
      }, BUSY_SAMPLE_MS).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      utilisation = 0;
    },
    busy: () => utilisation > BUSY_UTILISATION,
  };
}

/** Distinct texts a pool names, at most; any further one is sent unnamed. */
const MAX_PREPARED = 200;

/**
 * pg-boss's pool, with the statements it runs through `executeSql` prepared. node-postgres sends a
 * statement unnamed, so PostgreSQL planned pg-boss's fetch, insert and settle anew on every call:
 * 0.4–0.5 ms each at the deadline bench's submissions, half as long as running them or more. Named,
 * each connection parses a statement once. A statement without parameters (the fetch: its queue
 * and limit are written into its text) is then planned once per connection. One with parameters
 * gets a plan of its own for each of its first five calls; after that PostgreSQL uses a general
 * plan if it is estimated to cost no more. A text with a semicolon may hold several statements
 * (pg-boss's migrations, its maintenance under a lock), which cannot be prepared: it goes unnamed.
 * So do statements inside pg-boss's transactions (transactional workers; this app has none).
 * Names are never freed: a text with a literal written into it (each queue's fetch, some of pg-boss's
 * commands) takes one of its own, and past the cap new texts go unnamed, as before.
 */
export class PreparedPool extends PgBossPool {
  readonly #names = new Map<string, string>();

  override executeSql(text: string, values?: unknown[], options?: { signal?: AbortSignal; retire?: AbortSignal }) {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < MAX_PREPARED && !text.includes(';')) this.#names.set(text, (name = `pgboss_${this.#names.size + 1}`));
    // node-postgres takes a query as its text or as { name, text }, and pg-boss hands it on as given.
    return super.executeSql((name === undefined ? text : { name, text }) as unknown as string, values, options);
  }
}

/** pg-boss's options for one job: its own names, whole seconds. */
function sendOptions(options: JobOptions): SendOptions {
  const merged = { ...DEFAULT_JOB_OPTIONS, ...options };
  const expireInSeconds = Math.max(1, Math.ceil(merged.expireInSeconds));
  return {
    retryLimit: merged.retryLimit,
    retryDelay: Math.ceil(merged.retryDelay),
    retryBackoff: merged.retryBackoff,
    expireInSeconds,
    deleteAfterSeconds: Math.max(1, Math.ceil(merged.deleteAfterSeconds)),
    // Heartbeats catch a dead worker early; below their minimum (10 s) the expiry alone does.
    ...(expireInSeconds > HEARTBEAT_SECONDS ? { heartbeatSeconds: HEARTBEAT_SECONDS } : {}),
    // Every queue is `exclusive`: one job per key queued or running. A job without a key of its own
    // gets a fresh one, so only jobs that name the same key exclude each other.
    singletonKey: options.singletonKey ?? randomUUID(),
    ...(options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {}),
  };
}

/** A promise and the function that settles it (`Promise.withResolvers`, which Node 20 lacks). */
function signalled() {
  let resolve: (value: 'time up') => void = () => {};
  const promise = new Promise<'time up'>((settle) => (resolve = settle));
  return { promise, resolve };
}

interface WaitingSend {
  job: JobInsert & { id: string };
  resolve: (id: string | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Sends of one kind made while an insert of that kind is on its way go together in the next one
 * (pg-boss's `insert`, one statement for many jobs), as a database commits a group: at the deadline
 * every submission queues its confirmation, and a statement a job was the costliest of a
 * submission after the submission's own. A send alone is inserted at once, as before. Each job
 * carries an id of its own, so each sender learns whether its job went in (a job whose singleton
 * key is taken does not: null). A group that fails is inserted again job by job, so a bad job fails
 * only its own send.
 */
function groupedSends(boss: PgBoss) {
  const waiting = new Map<string, WaitingSend[]>();
  const inserting = new Set<string>();
  const insert = async (kind: string, group: WaitingSend[]) => {
    const ids = new Set(await boss.insert(kind, group.map((w) => w.job), { returnId: true }));
    for (const w of group) w.resolve(ids.has(w.job.id) ? w.job.id : null);
  };
  const take = (kind: string) => {
    const group = waiting.get(kind) ?? [];
    waiting.delete(kind);
    return group;
  };
  const drain = async (kind: string) => {
    for (let group = take(kind); group.length > 0; group = take(kind)) {
      try {
        await insert(kind, group);
      } catch (error) {
        if (group.length === 1) group[0]?.reject(error);
        else await Promise.all(group.map((w) => insert(kind, [w]).catch(w.reject)));
      }
    }
    inserting.delete(kind);
  };
  return (kind: string, job: JobInsert & { id: string }) =>
    new Promise<string | null>((resolve, reject) => {
      const group = waiting.get(kind);
      if (group) group.push({ job, resolve, reject });
      else waiting.set(kind, [{ job, resolve, reject }]);
      if (inserting.has(kind)) return;
      inserting.add(kind);
      void drain(kind);
    });
}

export function pgBossJobs(options: PgBossJobsOptions): Jobs {
  const { log, concurrency, stopTimeoutMs = 5_000 } = options;
  // Sampled only when nobody else says (tests do).
  const load = options.busy ? undefined : eventLoopLoad();
  const busy = options.busy ?? (() => load?.busy() === true);
  const boss = new PgBoss({
    db: new PreparedPool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 3,
      ...(options.ssl === undefined ? {} : { ssl: options.ssl }),
      application_name: 'flagship-jobs',
    }),
    schema: 'pgboss',
    useListenNotify: true,
    // Expired attempts and stopped heartbeats are looked for once per monitor interval: both short,
    // so a killed worker's job is retried within seconds, not pg-boss's default minute.
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 10,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 10,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const send = groupedSends(boss);

  let started = false;
  /** Set once `stop` is called: a batch starts no more of its jobs. */
  let stopping = false;
  /** Comes just before `stop`'s grace is over: a batch gives up what still runs, to settle the rest in time. */
  let stopComing = signalled();
  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (kind: string) => {
    let created = queues.get(kind);
    if (!created) {
      created = boss.createQueue(kind, { policy: 'exclusive', notify: true });
      created.catch(() => queues.delete(kind));
      queues.set(kind, created);
    }
    return created;
  };
  /** Registrations and schedules made before start, run by start (pg-boss needs its pool open). */
  const pending: (() => Promise<unknown>)[] = [];
  const whenStarted = async (step: () => Promise<unknown>) => {
    if (started) await step();
    else pending.push(step);
  };

  return {
    kind: 'pg-boss',
    async send(kind, data, jobOptions = {}) {
      if (!started) throw new Error(`The job queue is not started: cannot send ${kind}`);
      await ensureQueue(kind);
      return send(kind, { id: randomUUID(), data, ...sendOptions(jobOptions) });
    },
    async work(kind, workOptions, handler) {
      const batchSize = Math.max(1, workOptions.batchSize ?? 1);
      if (workOptions.waitWhileBusySeconds && batchSize === 1) throw new Error(`${kind}: waitWhileBusySeconds needs batches (batchSize above 1)`);
      /** A failed attempt: logged, and reported to `onFailed` when no retry is left. */
      const failure = async (job: JobWithMetadata<object>, err: Error): Promise<JobResult> => {
        if (job.retryCount >= job.retryLimit) {
          log.error({ err, kind, jobId: job.id, retryCount: job.retryCount }, 'job failed: no retry left');
          await workOptions.onFailed?.(job.data as Parameters<typeof handler>[0], err).catch((e: unknown) => log.error({ err: e, kind }, 'job failure handler failed'));
        } else {
          log.warn({ err, kind, jobId: job.id, retryCount: job.retryCount }, 'job failed: retried');
        }
        return { id: job.id, status: 'failed', output: err };
      };
      /** One attempt: done, failed with its error, or still running when `cutOff` comes (then aborted, and left to end). */
      const attempt = async (job: JobWithMetadata<object>, cutOff: Promise<'time up'>): Promise<'done' | 'time up' | Error> => {
        const givenUp = new AbortController();
        const signal = AbortSignal.any([job.signal, givenUp.signal]);
        const outcome = await Promise.race([
          Promise.resolve()
            .then(() => handler(job.data as Parameters<typeof handler>[0], { id: job.id, retryCount: job.retryCount, signal }))
            .then(
              () => 'done' as const,
              (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
            ),
          cutOff,
        ]);
        if (outcome === 'time up') givenUp.abort(new Error('given up: the batch had to be settled'));
        return outcome;
      };
      const sequenceOf = (job: JobWithMetadata<object>, index: number): unknown => {
        try {
          return workOptions.sequence?.(job.data as Parameters<typeof handler>[0]) ?? index;
        } catch (error) {
          log.warn({ err: error, kind, jobId: job.id }, 'job sequence failed: the job runs on its own');
          return index;
        }
      };
      /**
       * Jobs this worker took but did not start, handed back to the queue, each no earlier than
       * `after` seconds from now: no attempt is used, so another slot or instance takes them at
       * once. pg-boss has no public call for it (its fail uses an attempt, and on the last one the
       * job would never run), hence its table, as `depth` and `settle` read it. Only this claim is
       * handed back (the id and attempt fetched, still active). Its attempt count and limit both go
       * up by one: pg-boss then fails the batch's jobs it got no result for, fenced on the attempt
       * it fetched, and a new claim of a handed-back job, by another worker in between, must not be
       * taken for it. If the statement fails, the jobs are failed instead, to be retried.
       */
      const handBack = async (jobs: { job: JobWithMetadata<object>; after: number }[]): Promise<JobResult[]> => {
        if (jobs.length === 0) return [];
        try {
          await boss.getDb().executeSql(
            `update pgboss.job j set state = 'created', started_on = null, heartbeat_on = null,
               retry_count = j.retry_count + 1, retry_limit = j.retry_limit + 1,
               start_after = greatest(j.start_after, now() + make_interval(secs => h.after))
             from unnest($2::uuid[], $3::int[], $4::float8[]) as h(id, retry_count, after)
             where j.name = $1 and j.id = h.id and j.retry_count = h.retry_count and j.state = 'active'`,
            [kind, jobs.map(({ job }) => job.id), jobs.map(({ job }) => job.retryCount), jobs.map(({ after }) => after)],
          );
          return [];
        } catch (error) {
          log.error({ err: error, kind }, 'jobs not started could not be handed back: failed, to be retried');
          return Promise.all(jobs.map(({ job }) => failure(job, new Error('not started, and not handed back'))));
        }
      };
      /**
       * While the process is busy, a batch waits if its kind may (`waitWhileBusySeconds`): until
       * that long after its oldest job was queued, within half of what is left before it must be
       * settled (so that it still runs, rather than being handed back unstarted), until stop.
       */
      const waitForQuiet = async (batch: JobWithMetadata<object>[], endsAt: number) => {
        const seconds = workOptions.waitWhileBusySeconds;
        if (!seconds || !busy()) return;
        const oldest = Math.min(...batch.map((job) => job.createdOn.getTime()));
        const until = Math.min(oldest + seconds * 1000, Date.now() + (endsAt - Date.now()) / 2);
        while (!stopping && busy() && Date.now() < until) await sleep(BUSY_SAMPLE_MS);
      };
      /**
       * A batch's jobs, each sequence one job after another (in the order queued: a batch comes in
       * no particular order), the sequences at once. pg-boss fails every job of a batch still
       * running at the first job's expiry, the ones that already ran included, and so does `stop`
       * once its grace is over: both would run those jobs twice. So a batch settles before either:
       * no job starts once the queue stops or the expiry nears, and an attempt still running when
       * the expiry or the end of the grace nears is given up (its signal aborted; it alone may run
       * twice). What ran is settled; what did not start is handed back unspent.
       */
      const runBatch = async (batch: JobWithMetadata<object>[]): Promise<JobResult[]> => {
        const startedAt = Date.now();
        const expiresInMs = Math.min(...batch.map((job) => job.expireInSeconds)) * 1000;
        const endsAt = startedAt + expiresInMs - Math.min(BATCH_SETTLE_MS, expiresInMs / 4);
        let timer: NodeJS.Timeout | undefined;
        const expiryComing = new Promise<'time up'>((resolve) => (timer = setTimeout(() => resolve('time up'), endsAt - startedAt).unref()));
        const cutOff = Promise.race([expiryComing, stopComing.promise]);
        const sequences = new Map<unknown, JobWithMetadata<object>[]>();
        const queued = batch.toSorted((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
        for (const [i, job] of queued.entries()) {
          const key = sequenceOf(job, i);
          sequences.set(key, [...(sequences.get(key) ?? []), job]);
        }
        const notStarted: { job: JobWithMetadata<object>; after: number }[] = [];
        await waitForQuiet(batch, endsAt);
        try {
          const results = await Promise.all(
            [...sequences.values()].map(async (jobs) => {
              const settled: JobResult[] = [];
              for (const [i, job] of jobs.entries()) {
                if (stopping || job.signal.aborted || Date.now() >= endsAt) {
                  notStarted.push(...jobs.slice(i).map((rest) => ({ job: rest, after: 0 })));
                  break;
                }
                const outcome = await attempt(job, cutOff);
                if (outcome === 'done') {
                  settled.push({ id: job.id, status: 'completed' });
                } else if (outcome === 'time up') {
                  // Not `onFailed`, even on the last attempt: it may still succeed (as for a job pg-boss gives up on expiry).
                  const seconds = Math.round((Date.now() - startedAt) / 1000);
                  log.warn({ kind, jobId: job.id, retryCount: job.retryCount }, `job still running ${seconds} s into its batch: given up, to be retried`);
                  settled.push({ id: job.id, status: 'failed', output: new Error(`given up ${seconds} s into its batch, to settle the batch`) });
                  // The rest of its sequence after its retry (pg-boss's back-off is at most this), so that they keep their order.
                  const after = retryDelaySeconds(job, job.retryCount) + 1;
                  notStarted.push(...jobs.slice(i + 1).map((rest) => ({ job: rest, after })));
                  break;
                } else {
                  settled.push(await failure(job, outcome));
                }
              }
              return settled;
            }),
          );
          return [...results.flat(), ...(await handBack(notStarted))];
        } finally {
          clearTimeout(timer);
        }
      };
      /** Batches of one are run as pg-boss runs a job: through its expiry and `stop`'s grace, as before batches. */
      const runOne = async ([job]: JobWithMetadata<object>[]): Promise<JobResult[]> => {
        if (!job) return [];
        const outcome = await attempt(job, new Promise<never>(() => {}));
        return [outcome === 'done' ? { id: job.id, status: 'completed' } : await failure(job, outcome as Error)];
      };
      // A kind worked in batches is not woken by every new job, which would fetch each alone as it
      // comes: its slots look every GATHER_SECONDS and take what gathered meanwhile (and again at
      // once while batches come full). Updated on every start, so that a change of batch size holds.
      const gather = batchSize > 1;
      await whenStarted(async () => {
        await ensureQueue(kind);
        await boss.updateQueue(kind, { notify: !gather });
        // One pg-boss worker per slot, so each slot can be told to fetch again as soon as its job
        // ends: otherwise a backed-up queue gives a slot its next job only at its next poll.
        for (let slot = 0; slot < Math.max(1, workOptions.concurrency ?? concurrency); slot++) {
          let workerId = '';
          workerId = await boss.work(
            kind,
            {
              localConcurrency: 1,
              includeMetadata: true,
              // A batch is one fetch and one settle for all its jobs; each job's outcome is its own.
              batchSize,
              perJobResults: true,
              // While batches come full there is more: fetch again at once.
              burstWhenBatchFull: gather,
              pollingIntervalSeconds: gather ? GATHER_SECONDS : pollingIntervalSeconds,
              // With NOTIFY a new job wakes a worker at once; retries come due without one, so the backstop stays short.
              notifyPollingIntervalSeconds: pollingIntervalSeconds,
            },
            async (batch: JobWithMetadata<object>[]) => {
              try {
                return await (gather ? runBatch(batch) : runOne(batch));
              } finally {
                // Fetch the next one right after this one is settled, not a poll later (a batch
                // that came full is followed at once by pg-boss itself).
                if (workerId && !gather) boss.notifyWorker(workerId);
              }
            },
          );
        }
      });
    },
    async schedule(kind, cron, data, jobOptions = {}) {
      await whenStarted(async () => {
        await ensureQueue(kind);
        // One schedule per kind in the database; every instance's clock may send it, one job a tick.
        await boss.schedule(kind, cron, data ?? {}, { ...sendOptions({ singletonKey: `schedule:${kind}`, ...jobOptions }), tz: 'Asia/Shanghai' });
      });
    },
    async start() {
      if (started) return;
      await boss.start();
      load?.start();
      started = true;
      stopping = false;
      stopComing = signalled();
      for (const step of pending.splice(0)) await step();
    },
    async stop() {
      if (!started) return;
      // Sends stay possible while the workers drain: a job finishing now may still queue mail.
      stopping = true;
      const resolveStop = stopComing.resolve;
      const graceNearlyOver = setTimeout(() => resolveStop('time up'), stopTimeoutMs - Math.min(STOP_SETTLE_MS, stopTimeoutMs / 4));
      try {
        await boss.stop({ graceful: true, timeout: stopTimeoutMs, close: true });
      } finally {
        clearTimeout(graceNearlyOver);
        resolveStop('time up');
        load?.stop();
        started = false;
      }
    },
    async depth() {
      if (!started) return {};
      const { rows } = await boss
        .getDb()
        .executeSql(`select name, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') group by name`);
      return Object.fromEntries((rows as { name: string; n: number }[]).map((r) => [r.name, r.n]));
    },
    async settle(kinds, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      const names = kinds ?? [...queues.keys()];
      for (;;) {
        const { rows } = await boss
          .getDb()
          .executeSql(`select count(*)::int as n from pgboss.job where name = any($1::text[]) and state in ('created', 'retry', 'active')`, [names]);
        if ((rows[0] as { n: number }).n === 0) return;
        if (Date.now() > deadline) throw new Error(`Jobs still queued or running after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

