// The job queue behind `Jobs`: the in-process one of the PGlite start and pg-boss on PostgreSQL,
// through the same tests; then what the app queues (packages, mail, reminders) on a real server.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import PgBossPool from 'pg-boss/dist/db.js';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { downloadJobs, projects, uploads } from '../src/db/schema';
import type { Jobs } from '../src/lib/jobs';
import { inProcessJobs } from '../src/lib/jobs-in-process';
import { eventLoopLoad, pgBossJobs, PreparedPool } from '../src/lib/jobs-pg-boss';
import { storageFor } from '../src/lib/storage';
import { NOTICE_MAIL_JOB, queuedMailer, workMail, type Mailer, type Message } from '../src/lib/mailer';
import { sendNotice } from '../src/shared/notices-repository';
import { DEADLINE_REMINDER_JOB, sendDeadlineReminders } from '../src/shared/reminders-repository';
import { createCall, PNG, pdf, someDistrict, validData } from './apply-fixtures';
import { drivers, fastRetries, silentLog, startTestServer, type TestServer } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until `condition` holds (checked every 20 ms), or fail after `ms`. */
async function until(condition: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  for (const deadline = Date.now() + ms; !(await condition()); await sleep(20)) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
  }
}

describe.each(drivers)('job queue on %s', (driver) => {
  let databaseUrl = '';
  let dropDatabase = async () => {};
  const made: Jobs[] = [];
  let counter = 0;
  /** A fresh kind per test, so tests on one database do not share queues. */
  const kind = () => `test-${++counter}-${randomUUID().slice(0, 8)}`;
  /** A queue as one process has it; on PostgreSQL every call is another "process" on the same database. */
  const queue = (pollingIntervalSeconds = 0.5, busy?: () => boolean): Jobs => {
    const jobs =
      driver === 'postgres'
        ? pgBossJobs({ databaseUrl, concurrency: 2, log: silentLog, pollingIntervalSeconds, superviseIntervalSeconds: 1, stopTimeoutMs: 1000, ...(busy ? { busy } : {}) })
        : inProcessJobs({ concurrency: 2, log: silentLog, stopTimeoutMs: 1000 });
    made.push(jobs);
    return jobs;
  };
  /** Retry delays of a test: pg-boss counts whole seconds. */
  const delay = driver === 'postgres' ? 1 : 0.2;

  beforeAll(async () => {
    if (driver !== 'postgres') return;
    // An empty database: pg-boss creates its schema on start.
    const serverUrl = inject('postgresUrl')!;
    const name = `flagship_jobs_${randomUUID().replaceAll('-', '')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    databaseUrl = serverUrl.replace(/\/postgres$/, `/${name}`);
    dropDatabase = async () => {
      const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  });
  afterEach(async () => {
    await Promise.all(made.splice(0).map((jobs) => jobs.stop()));
  });
  afterAll(() => dropDatabase());

  it('runs a job in another process than the one that queued it, with its data', async () => {
    const k = kind();
    const sender = queue();
    // One process is all there is on PGlite.
    const worker = driver === 'postgres' ? queue() : sender;
    await sender.start();
    if (worker !== sender) await worker.start();
    const seen: unknown[] = [];
    await worker.work<{ n: number }>(k, {}, async (data, attempt) => {
      seen.push({ ...data, retryCount: attempt.retryCount });
    });
    const id = await sender.send(k, { n: 7 });
    expect(id).toEqual(expect.any(String));
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ n: 7, retryCount: 0 }]);
    await sender.settle([k]);
  });

  it('retries a failing job with growing delays, then reports it failed once', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    const attempts: { at: number; retryCount: number }[] = [];
    const failed: string[] = [];
    await jobs.work<{ n: number }>(
      k,
      { onFailed: async (data, error) => void failed.push(`${data.n}: ${error.message}`) },
      async (_data, attempt) => {
        attempts.push({ at: Date.now(), retryCount: attempt.retryCount });
        throw new Error('mail server down');
      },
    );
    await jobs.send(k, { n: 1 }, { retryLimit: 2, retryDelay: delay, retryBackoff: true });
    await until(() => failed.length === 1);
    await jobs.settle([k]);
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    expect(failed).toEqual(['1: mail server down']);
    const [first, second] = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    // `delay`, then about twice that (pg-boss adds up to as much again at random).
    expect(first).toBeGreaterThanOrEqual(delay * 1000 * 0.9);
    expect(second).toBeGreaterThanOrEqual(delay * 1000 * 1.9);
  });

  it('retries a job whose worker died mid-job, and it completes', async () => {
    const k = driver === 'postgres' ? 'slow' : kind();
    const done: { id: string; retryCount: number }[] = [];
    if (driver === 'postgres') {
      // A worker in a process of its own, SIGKILLed while it holds the job.
      const sender = queue();
      await sender.start();
      const child = startWorkerProcess(databaseUrl);
      try {
        await child.line(/^ready$/);
        const id = await sender.send(k, {}, { expireInSeconds: 2, retryDelay: 0 });
        expect(await child.line(/^started /)).toBe(`started ${id} 0`);
        child.process.kill('SIGKILL');
      } finally {
        child.process.kill('SIGKILL');
      }
      // Another instance takes it over once it expired.
      const survivor = queue();
      await survivor.start();
      await survivor.work(k, {}, async (_data, attempt) => void done.push({ id: attempt.id, retryCount: attempt.retryCount }));
      await until(() => done.length === 1, 20_000);
      expect(done[0]!.retryCount).toBe(1);
    } else {
      // One process: an attempt that hangs past its expiry is given up (its signal aborted) and retried.
      const jobs = queue();
      await jobs.start();
      const aborted: boolean[] = [];
      await jobs.work(k, {}, async (_data, attempt) => {
        if (attempt.retryCount === 0) {
          await new Promise<void>((resolve) => attempt.signal.addEventListener('abort', () => resolve()));
          aborted.push(attempt.signal.aborted);
          return;
        }
        done.push({ id: attempt.id, retryCount: attempt.retryCount });
      });
      await jobs.send(k, {}, { expireInSeconds: 0.3, retryDelay: 0 });
      await until(() => done.length === 1);
      expect(aborted).toEqual([true]);
      expect(done[0]!.retryCount).toBe(1);
    }
  }, 40_000);

  it('never runs two jobs with the same key at once', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    const waiting: (() => void)[] = [];
    const release = () => waiting.shift()?.();
    const running: string[] = [];
    await jobs.work<{ n: number }>(k, { concurrency: 2 }, async (data) => {
      running.push(`start ${data.n}`);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running.push(`end ${data.n}`);
    });
    expect(await jobs.send(k, { n: 1 }, { singletonKey: 'package-1' })).toEqual(expect.any(String));
    // Refused while queued…
    expect(await jobs.send(k, { n: 2 }, { singletonKey: 'package-1' })).toBeNull();
    await until(() => running.length === 1);
    // …and while running; another key runs beside it.
    expect(await jobs.send(k, { n: 3 }, { singletonKey: 'package-1' })).toBeNull();
    expect(await jobs.send(k, { n: 4 }, { singletonKey: 'package-2' })).toEqual(expect.any(String));
    await until(() => running.length === 2);
    release();
    await until(() => running.filter((r) => r.startsWith('end')).length === 1);
    release();
    await jobs.settle([k]);
    expect(running.sort()).toEqual(['end 1', 'end 4', 'start 1', 'start 4']);
    // Once done, the key is free again.
    expect(await jobs.send(k, { n: 5 }, { singletonKey: 'package-1' })).toEqual(expect.any(String));
    await until(() => running.length === 5);
    release();
  });

  it('keeps to the concurrency of a kind in a process', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    let active = 0;
    let most = 0;
    let finished = 0;
    await jobs.work(k, { concurrency: 2 }, async () => {
      active += 1;
      most = Math.max(most, active);
      await sleep(150);
      active -= 1;
      finished += 1;
    });
    for (let n = 0; n < 6; n++) await jobs.send(k, { n });
    await until(() => finished === 6);
    expect(most).toBe(2);
  });

  it('takes the next job as soon as one ends, not a poll later', async () => {
    const k = kind();
    // Polling every 2 s (the default): 8 short jobs on one slot would take 16 s that way.
    const jobs = queue(2);
    await jobs.start();
    let finished = 0;
    await jobs.work(k, { concurrency: 1 }, async () => {
      await sleep(20);
      finished += 1;
    });
    for (let n = 0; n < 8; n++) await jobs.send(k, { n });
    const started = Date.now();
    await until(() => finished === 8);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  /**
   * On pg-boss: how many statements inserted the jobs, fetched them, and settled those completed, from
   * the database's clock for each statement (one time a statement), with how many failed for good.
   */
  /** One look at the queue's tables, on a connection of its own. */
  const lookAt = async <T>(read: (sql: postgres.Sql) => Promise<T>): Promise<T> => {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      return await read(sql);
    } finally {
      await sql.end();
    }
  };
  const statementsOf = (ids: string[]) =>
    lookAt(async (sql) => {
      const [row] = await sql`select count(distinct created_on)::int as inserts, count(distinct started_on)::int as fetches,
        count(distinct completed_on) filter (where state = 'completed')::int as settles, count(*) filter (where state = 'failed')::int as failed
        from pgboss.job where id = any(${ids}::uuid[])`;
      return row as { inserts: number; fetches: number; settles: number; failed: number };
    });

  /** Another process takes over the jobs of `k` (after the first one stopped), recording each it runs. */
  const takeOver = async (k: string, runs: number[], onFailed?: (data: { n: number }) => Promise<void>) => {
    const second = queue();
    await second.start();
    await second.work<{ n: number }>(k, { concurrency: 1, ...(onFailed ? { onFailed } : {}) }, async ({ n }) => void runs.push(n));
    return second;
  };

  it('queues jobs sent at once, each once and each with its own id, several in one statement on pg-boss', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    const seen: number[] = [];
    await jobs.work<{ n: number }>(k, {}, async ({ n }) => void seen.push(n));
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => jobs.send(k, { n })));
    expect(new Set(ids).size).toBe(40);
    expect(ids).not.toContain(null);
    await until(() => seen.length === 40);
    await jobs.settle([k]);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    // The first send goes at once; the rest wait for it and go together.
    if (driver === 'postgres') expect((await statementsOf(ids as string[])).inserts).toBeLessThanOrEqual(3);
  });

  it('refuses a job sent at once with others by its key alone, and fails only the send that cannot be queued', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    const sends = [
      jobs.send(k, { n: 1 }, { singletonKey: 'same', startAfterSeconds: 60 }),
      jobs.send(k, { n: 2 }, { singletonKey: 'same', startAfterSeconds: 60 }),
      jobs.send(k, { n: 3 }, { startAfterSeconds: 60 }),
      // PostgreSQL's jsonb holds no NUL character: this job cannot be inserted.
      jobs.send(k, { text: 'a\u0000b' }, { startAfterSeconds: 60 }),
      jobs.send(k, { n: 4 }, { startAfterSeconds: 60 }),
    ];
    const [first, twin, third, bad, fourth] = await Promise.allSettled(sends);
    expect(first).toEqual({ status: 'fulfilled', value: expect.any(String) });
    expect(twin).toEqual({ status: 'fulfilled', value: null });
    expect(third).toEqual({ status: 'fulfilled', value: expect.any(String) });
    expect(fourth).toEqual({ status: 'fulfilled', value: expect.any(String) });
    if (driver === 'postgres') expect(bad?.status).toBe('rejected');
  });

  it('works queued jobs in batches, one fetch and one settle for many, each failing on its own', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    // Queued before anyone works them, so that the batches come full.
    const ids = (await Promise.all(Array.from({ length: 20 }, (_, n) => jobs.send(k, { n }, { retryLimit: 0 })))) as string[];
    const done: number[] = [];
    const failed: string[] = [];
    await jobs.work<{ n: number }>(k, { concurrency: 1, batchSize: 5, onFailed: async ({ n }, error) => void failed.push(`${n}: ${error.message}`) }, async ({ n }) => {
      if (n % 4 === 0) throw new Error('mailbox full');
      done.push(n);
    });
    await until(() => done.length + failed.length === 20);
    await jobs.settle([k]);
    const all = Array.from({ length: 20 }, (_, n) => n);
    expect(done.sort((a, b) => a - b)).toEqual(all.filter((n) => n % 4 !== 0));
    expect(failed.sort()).toEqual(['0: mailbox full', '12: mailbox full', '16: mailbox full', '4: mailbox full', '8: mailbox full']);
    // Four fetches and four settles of five, not twenty of each.
    if (driver === 'postgres') expect(await statementsOf(ids)).toMatchObject({ fetches: 4, settles: 4, failed: 5 });
  });

  it('goes to PostgreSQL prepared on pg-boss: the insert, the fetch and the settle of a batch', async () => {
    if (driver !== 'postgres') return;
    const sent = vi.spyOn(PgBossPool.prototype, 'executeSql');
    try {
      const k = kind();
      const jobs = queue();
      await jobs.start();
      const done: number[] = [];
      await jobs.work<{ n: number }>(k, { concurrency: 1, batchSize: 5 }, async ({ n }) => void done.push(n));
      await Promise.all(Array.from({ length: 10 }, (_, n) => jobs.send(k, { n })));
      await until(() => done.length === 10);
      await jobs.settle([k]);
      // What pg-boss's pool was handed: a text (unnamed) or { name, text } (prepared).
      const queries = sent.mock.calls.map(([query]) => query as unknown as string | { name: string; text: string });
      const how = (pattern: RegExp) => [...new Set(queries.filter((q) => pattern.test(typeof q === 'string' ? q : q.text)).map((q) => (typeof q === 'string' ? 'unnamed' : 'named')))];
      expect(how(/INSERT INTO pgboss\.job_common/)).toEqual(['named']);
      expect(how(/next AS \(\s*SELECT j\.id/)).toEqual(['named']);
      expect(how(/WITH\s+input AS/)).toEqual(['named']);
    } finally {
      sent.mockRestore();
    }
  });

  it('runs the jobs of one sequence one after another in the order queued, the sequences at once', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    for (let n = 0; n < 8; n++) await jobs.send(k, { n });
    const finished: number[] = [];
    // The first jobs take longest: run all at once, they would finish last.
    await jobs.work<{ n: number }>(k, { concurrency: 1, batchSize: 10, sequence: ({ n }) => (n % 2 === 0 ? 'even' : 'odd') }, async ({ n }) => {
      await sleep((8 - n) * 10);
      finished.push(n);
    });
    await until(() => finished.length === 8);
    expect(finished.filter((n) => n % 2 === 0)).toEqual([0, 2, 4, 6]);
    expect(finished.filter((n) => n % 2 === 1)).toEqual([1, 3, 5, 7]);
  });

  it('gathers jobs that come one by one into a batch, instead of waking for each', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    const done: number[] = [];
    await jobs.work<{ n: number }>(k, { concurrency: 1, batchSize: 10 }, async ({ n }) => void done.push(n));
    // Ten jobs a few milliseconds apart, as confirmations come at a deadline.
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      ids.push((await jobs.send(k, { n })) as string);
      await sleep(5);
    }
    await until(() => done.length === 10);
    await jobs.settle([k]);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, n) => n));
    // Woken by each, the worker would fetch about one a time.
    if (driver === 'postgres') expect((await statementsOf(ids)).fetches).toBeLessThanOrEqual(3);
  });

  // pg-boss fails every job of a batch it gives up on, those that already ran included.
  it.runIf(driver === 'postgres')('starts no more jobs of a batch once the queue stops: what ran is settled, the rest runs elsewhere once', async () => {
    const k = kind();
    const first = queue();
    await first.start();
    for (let n = 0; n < 4; n++) await first.send(k, { n }, { retryDelay: 0 });
    const runs: number[] = [];
    // One sequence of four jobs of 400 ms: longer than the second of grace `stop` gives them.
    await first.work<{ n: number }>(k, { concurrency: 1, batchSize: 10, sequence: () => 'one person' }, async ({ n }) => {
      runs.push(n);
      await sleep(400);
    });
    await until(() => runs.length === 1);
    await first.stop();
    const second = await takeOver(k, runs);
    await until(() => runs.length >= 4);
    await second.settle([k]);
    expect(runs.sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
  });

  it.runIf(driver === 'postgres')('settles what a batch ran before its expiry came near, and retries only the rest', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    for (let n = 0; n < 3; n++) await jobs.send(k, { n }, { expireInSeconds: 2, retryDelay: 1 });
    const started: number[] = [];
    const givenUp: number[] = [];
    const done = new Set<number>();
    // 800 ms each, one after another: the second of a batch is still running when its two seconds
    // near. Which batch a job comes in is pg-boss's to say (a first fetch may take only one), so
    // what is asserted holds for any split: each job runs again only after an attempt given up.
    await jobs.work<{ n: number }>(k, { concurrency: 1, batchSize: 10, sequence: () => 'one person' }, async ({ n }, attempt) => {
      started.push(n);
      if (attempt.retryCount === 0) await sleep(800);
      if (attempt.signal.aborted) givenUp.push(n);
      else done.add(n);
    });
    await until(() => done.size === 3);
    await jobs.settle([k]);
    expect(givenUp.length).toBeGreaterThan(0);
    // The one given up while running may run again; one that had finished may not.
    for (const n of [0, 1, 2]) expect(started.filter((s) => s === n).length, `job ${n} in ${started.join(',')}`).toBe(1 + givenUp.filter((g) => g === n).length);
    // One not started waits for the retry of the one before it: one person's messages keep their order.
    expect(started.lastIndexOf(0)).toBeLessThan(started.indexOf(1));
    expect(started.lastIndexOf(1)).toBeLessThan(started.indexOf(2));
  });

  it.runIf(driver === 'postgres')("settles a batch before stop's grace is over, so that what ran is not run again", async () => {
    const k = kind();
    const first = queue();
    await first.start();
    await first.send(k, { n: 0, to: 'a' });
    await first.send(k, { n: 1, to: 'a' });
    await first.send(k, { n: 2, to: 'b' }, { retryDelay: 0 });
    const runs: number[] = [];
    // The message to b takes longer than the second of grace `stop` gives.
    await first.work<{ n: number; to: string }>(k, { concurrency: 1, batchSize: 10, sequence: ({ to }) => to }, async ({ n }, attempt) => {
      runs.push(n);
      if (n === 2 && attempt.retryCount === 0) await sleep(2_500);
    });
    await until(() => runs.length === 3);
    await first.stop();
    const second = await takeOver(k, runs);
    await until(() => runs.filter((n) => n === 2).length === 2);
    await second.settle([k]);
    expect(runs.filter((n) => n !== 2).sort((a, b) => a - b)).toEqual([0, 1]);
  });

  it.runIf(driver === 'postgres')('hands the jobs a batch did not start back at stop, without using an attempt', async () => {
    const k = kind();
    const first = queue();
    await first.start();
    // On their last attempt: one used for nothing would fail them for good, unrun.
    for (let n = 0; n < 2; n++) await first.send(k, { n }, { retryLimit: 0 });
    const runs: number[] = [];
    const failed: number[] = [];
    const onFailed = async ({ n }: { n: number }) => void failed.push(n);
    await first.work<{ n: number }>(k, { concurrency: 1, batchSize: 10, sequence: () => 'one person', onFailed }, async ({ n }) => {
      runs.push(n);
      await sleep(300);
    });
    await until(() => runs.length === 1);
    await first.stop();
    const second = await takeOver(k, runs, onFailed);
    await until(() => runs.length === 2, 8_000);
    await second.settle([k]);
    expect(runs.sort((a, b) => a - b)).toEqual([0, 1]);
    expect(failed).toEqual([]);
  });

  it('runs a job whose sequence cannot be told on its own, without failing its batch', async () => {
    const k = kind();
    const jobs = queue();
    await jobs.start();
    for (let n = 0; n < 4; n++) await jobs.send(k, { n }, { retryLimit: 0 });
    const done: number[] = [];
    const failed: number[] = [];
    const sequence = ({ n }: { n: number }) => {
      if (n === 1) throw new Error('no address');
      return 'one person';
    };
    await jobs.work<{ n: number }>(k, { concurrency: 1, batchSize: 10, sequence, onFailed: async ({ n }) => void failed.push(n) }, async ({ n }) => void done.push(n));
    await until(() => done.length + failed.length === 4, 8_000);
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
  });

  /** The state of pg-boss's jobs `ids`, one per job. */
  const statesOf = (ids: string[]) => lookAt(async (sql) => (await sql`select state from pgboss.job where id = any(${ids}::uuid[])`).map((row) => row.state as string));

  /** How many jobs of `name` a worker holds (state active). */
  const activeOf = (name: string) =>
    lookAt(async (sql) => ((await sql`select count(*)::int as n from pgboss.job where name = ${name} and state = 'active'`)[0] as { n: number }).n);

  it.runIf(driver === 'postgres')('starts a batch of a kind that waits only once the process is not busy, and other kinds at once', async () => {
    const [waits, goes] = [kind(), kind()];
    let busy = true;
    const jobs = queue(0.5, () => busy);
    await jobs.start();
    const done: string[] = [];
    // Both queued before the worker looks, so that its one slot takes them in one batch.
    const waiting = (await Promise.all(['a', 'b'].map((name) => jobs.send(waits, { name })))) as string[];
    await jobs.work<{ name: string }>(waits, { concurrency: 1, batchSize: 10, waitWhileBusySeconds: 30 }, async ({ name }) => void done.push(name));
    await jobs.work<{ name: string }>(goes, { concurrency: 1, batchSize: 10 }, async ({ name }) => void done.push(name));
    await until(async () => (await statesOf(waiting)).every((state) => state === 'active'));
    await sleep(1_000);
    expect(done).toEqual([]);
    // A job of a kind that does not wait, sent meanwhile, runs whatever the load.
    await jobs.send(goes, { name: 'code' });
    await until(() => done.includes('code'), 3_000);
    expect(done).toEqual(['code']);
    busy = false;
    await until(() => done.length === 3, 2_000);
    await jobs.settle([waits, goes]);
    expect(done.sort()).toEqual(['a', 'b', 'code']);
  });

  it.runIf(driver === 'postgres')('refuses to wait without batches', async () => {
    const jobs = queue(0.5, () => true);
    await jobs.start();
    await expect(jobs.work(kind(), { batchSize: 1, waitWhileBusySeconds: 5 }, async () => {})).rejects.toThrow(/needs batches/);
  });

  it.runIf(driver === 'postgres')('runs a waiting batch once its seconds are over, however busy the process', async () => {
    const k = kind();
    const jobs = queue(0.5, () => true);
    await jobs.start();
    const done: number[] = [];
    await jobs.work<{ n: number }>(k, { concurrency: 1, batchSize: 10, waitWhileBusySeconds: 2 }, async () => void done.push(Date.now()));
    const queuedAt = Date.now();
    await jobs.send(k, { n: 1 });
    await until(() => done.length === 1, 5_000);
    expect(done[0]! - queuedAt).toBeGreaterThanOrEqual(1_900);
  });

  it.runIf(driver === 'postgres')('hands a batch waiting for a quieter moment back at stop, unspent, to another process', async () => {
    const k = kind();
    const first = queue(0.5, () => true);
    await first.start();
    const runs: number[] = [];
    const failed: number[] = [];
    const onFailed = async ({ n }: { n: number }) => void failed.push(n);
    await first.work<{ n: number }>(k, { concurrency: 1, batchSize: 10, onFailed, waitWhileBusySeconds: 30 }, async ({ n }) => void runs.push(n));
    // On its last attempt: one used for nothing would fail it for good, unrun.
    const ids = [(await first.send(k, { n: 1 }, { retryLimit: 0 })) as string];
    await until(async () => (await statesOf(ids))[0] === 'active');
    await first.stop();
    expect(runs).toEqual([]);
    const second = await takeOver(k, runs, onFailed);
    await until(() => runs.length === 1, 8_000);
    await second.settle([k]);
    expect(runs).toEqual([1]);
    expect(failed).toEqual([]);
  });

  it.runIf(driver === 'postgres')('lets a notice wait while the process is busy, and sends a code at once, each by its kind', async () => {
    let busy = true;
    const jobs = queue(0.5, () => busy);
    await jobs.start();
    const sent: string[] = [];
    const transport: Mailer = { sendMail: async (message) => void sent.push(message.subject), sendSms: async (message) => void sent.push(message.text) };
    await workMail(jobs, transport, silentLog);
    const mailer = queuedMailer(jobs);
    await sendNotice(mailer, silentLog, { userId: 1, account: 'a@example.org', email: 'a@example.org', mobile: '' }, '申报提交成功', '已收到');
    await mailer.sendMail({ to: 'b@example.org', subject: '找回密码验证码', text: '123456' });
    await until(() => sent.includes('找回密码验证码'), 3_000);
    // The notice taken by its worker, and waiting there.
    await until(async () => (await activeOf(NOTICE_MAIL_JOB)) === 1);
    await sleep(500);
    expect(sent).toEqual(['找回密码验证码']);
    busy = false;
    await until(() => sent.length === 2, 2_000);
    expect(sent).toEqual(['找回密码验证码', '申报提交成功']);
  });

  it('sends mail through the queue, again after the transport failed', async () => {
    const jobs = fastRetries(queue());
    await jobs.start();
    const sent: Message[] = [];
    let failures = 1;
    const transport: Mailer = {
      sendMail: async (message) => {
        if (failures-- > 0) throw new Error('SMTP connection refused');
        sent.push(message);
      },
      sendSms: async (message) => void sent.push({ ...message, subject: 'sms' }),
    };
    await workMail(jobs, transport, silentLog);
    const mailer = queuedMailer(jobs);
    await mailer.sendMail({ to: 'a@example.org', subject: '审核结果', text: '已通过' });
    await mailer.sendSms({ to: '13900000000', text: '验证码：123456' });
    await until(() => sent.length === 2);
    expect(sent.map((m) => `${m.to} ${m.subject}`).sort()).toEqual(['13900000000 sms', 'a@example.org 审核结果']);
  });
});

/** A child process working `slow` jobs (test/fixtures/jobs-worker.ts), and its stdout line by line. */
function startWorkerProcess(databaseUrl: string): { process: ChildProcess; line(pattern: RegExp): Promise<string> } {
  const script = fileURLToPath(new URL('./fixtures/jobs-worker.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, databaseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  return {
    process: child,
    async line(pattern) {
      let found: string | undefined;
      await until(() => (found = lines.find((l) => pattern.test(l))) !== undefined, 20_000);
      return found!;
    },
  };
}

describe.each(drivers)('queued work of the app on %s', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(driver, {}, { wrapJobs: fastRetries });
  });
  afterAll(() => server?.close());

  it('fails a package after its last retry with the message the applicant reads', async () => {
    const applicant = await server.newUser();
    const call = await createCall(server.handle.db, 'open', 1);
    const form = { projectId: call.projectId, formId: call.formIds[0]! };
    const region = await someDistrict(server.handle.db);
    const upload = (bytes: Buffer, name: string) => applicant.api.files.upload({ file: new Blob([new Uint8Array(bytes)]), name });
    const proposal = await upload(pdf('proposal'), '申报书正文.pdf');
    const evidence = await upload(pdf('evidence'), '获奖证书.pdf');
    const poster = await upload(PNG, '海报.png');
    await applicant.api.apply.save({ ...form, data: validData({ proposal: proposal.id, evidence: [evidence.id], poster: poster.id }, region.id), version: 0 });
    // The poster is gone from storage: every attempt fails.
    const [row] = await server.handle.db.select().from(uploads).where(eq(uploads.id, poster.id));
    await server.app.jobs.settle();
    await storageFor(server.config).delete(row!.storageKey);

    const job = await applicant.api.apply.download(form);
    await server.app.jobs.settle(['application-package']);
    expect(await applicant.api.apply.downloadStatus({ ...form, name: job.name })).toMatchObject({ status: 'failed', error: '打包失败，请稍后重试' });
    const [stored] = await server.handle.db.select().from(downloadJobs).where(eq(downloadJobs.name, job.name));
    expect(stored!.storageKey).toBeNull();
  });

  it('reminds an applicant of unsent drafts through the queue, once per call and kind', async () => {
    const closing = await createCall(server.handle.db, 'open', 1);
    const later = await createCall(server.handle.db, 'open', 1);
    await server.handle.db.update(projects).set({ applyEnd: new Date(Date.now() + 20 * 3600_000) }).where(eq(projects.id, closing.projectId));
    await server.handle.db.update(projects).set({ applyEnd: new Date(Date.now() + 72 * 3600_000) }).where(eq(projects.id, later.projectId));
    const drafting = await server.newUser(`draft.${Date.now()}@example.org`);
    const early = await server.newUser(`early.${Date.now()}@example.org`);
    await drafting.api.apply.save({ projectId: closing.projectId, formId: closing.formIds[0]!, data: { projectName: '草稿' }, version: 0 });
    await drafting.api.apply.save({ projectId: later.projectId, formId: later.formIds[0]!, data: { projectName: '还早' }, version: 0 });
    const region = await someDistrict(server.handle.db);
    const sent = await early.api.files.upload({ file: new Blob([new Uint8Array(pdf('p'))]), name: 'p.pdf' });
    const evidence = await early.api.files.upload({ file: new Blob([new Uint8Array(pdf('e'))]), name: 'e.pdf' });
    const poster = await early.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: 'p.png' });
    await early.api.apply.save({
      projectId: closing.projectId,
      formId: closing.formIds[0]!,
      data: validData({ proposal: sent.id, evidence: [evidence.id], poster: poster.id }, region.id),
      version: 0,
      submit: true,
    });

    // The daily run, twice (as two instances or a repeated tick would).
    for (let run = 0; run < 2; run++) {
      await server.app.jobs.send(DEADLINE_REMINDER_JOB, {});
      await server.app.jobs.settle([DEADLINE_REMINDER_JOB]);
    }
    const reminders = (await server.outbox()).filter((m) => m.includes('申报截止提醒'));
    // Closing within a day, and within 7: one reminder each.
    const mine = reminders.filter((m) => m.includes(`To: ${drafting.account}`));
    expect(mine).toHaveLength(2);
    expect(mine.filter((m) => m.includes('不足 1 天'))).toHaveLength(1);
    expect(mine.filter((m) => m.includes('不足 7 天'))).toHaveLength(1);
    expect(mine[0]).toContain('测试专项资助项目（open）');
    // Submitted: nothing to remind of.
    expect(reminders.some((m) => m.includes(`To: ${early.account}`))).toBe(false);
  });

  it('gives a reminder back when its message cannot be queued, so that the retry sends it', async () => {
    const closing = await createCall(server.handle.db, 'open', 1);
    await server.handle.db.update(projects).set({ applyEnd: new Date(Date.now() + 10 * 3600_000) }).where(eq(projects.id, closing.projectId));
    const drafting = await server.newUser(`retry.${Date.now()}@example.org`);
    await drafting.api.apply.save({ projectId: closing.projectId, formId: closing.formIds[0]!, data: { projectName: '草稿' }, version: 0 });
    const failing: Mailer = {
      sendMail: () => Promise.reject(new Error('queue unavailable')),
      sendSms: () => Promise.reject(new Error('queue unavailable')),
    };
    await expect(sendDeadlineReminders({ db: server.handle.db, mailer: failing, log: server.app.log })).rejects.toThrow('queue unavailable');
    await server.app.jobs.send(DEADLINE_REMINDER_JOB, {});
    await server.app.jobs.settle([DEADLINE_REMINDER_JOB]);
    const reminders = (await server.outbox()).filter((m) => m.includes('申报截止提醒') && m.includes(`To: ${drafting.account}`));
    expect(reminders).toHaveLength(1);
  });
});

describe("the event loop's load (what a batch that can wait waits for)", () => {
  it('counts the loop busy while it works, and quiet again once it waits', async () => {
    const load = eventLoopLoad();
    load.start();
    try {
      expect(load.busy()).toBe(false);
      // 600 ms of work in slices of 50, letting the sampler's timer run between them.
      for (const end = Date.now() + 600; Date.now() < end; await new Promise(setImmediate)) {
        for (const slice = Date.now() + 50; Date.now() < slice; );
      }
      expect(load.busy()).toBe(true);
      await sleep(700);
      expect(load.busy()).toBe(false);
    } finally {
      load.stop();
    }
  });
});

describe.runIf(drivers.includes('postgres'))("pg-boss's statements", () => {
  it('are prepared once on each connection, and their plans kept, a text of several statements excepted', async () => {
    const pool = new PreparedPool({ connectionString: inject('postgresUrl')!, max: 1 });
    await pool.open();
    try {
      // As pg-boss's insert (values) and fetch (none: its queue and limit are in its text).
      const withValues = 'select relname from pg_class where oid = $1::oid';
      const withoutValues = "select count(*)::int as n from pg_class where relname = 'pg_class'";
      for (let i = 0; i < 8; i++) {
        expect((await pool.executeSql(withValues, [1259])).rows).toEqual([{ relname: 'pg_class' }]);
        expect((await pool.executeSql(withoutValues)).rows).toEqual([{ n: 1 }]);
      }
      const several = await pool.executeSql('select 1 as a; select 2 as b');
      expect([several].flat().map((result) => result.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
      const prepared = 'select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement <> $1 order by statement';
      const { rows } = await pool.executeSql(prepared, [prepared]);
      // Without values PostgreSQL plans the statement once and keeps the plan; with values it plans
      // the first five times for the values given, then keeps a generic plan when that is as good.
      expect(rows).toEqual([
        { statement: withoutValues, generic_plans: 8, custom_plans: 0 },
        { statement: withValues, generic_plans: 3, custom_plans: 5 },
      ]);
    } finally {
      await pool.close();
    }
  });
});
