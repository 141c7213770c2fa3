// The deadline hour: every applicant logged in, nothing served from a cache. A database at
// programme scale (prepare.ts), then each case with a session beside the bare route of the same
// server in the same run, the two taking turns in slices (the host's speed drifts; autosave in one turn); autosave from 200 applicants on their own drafts; 2 000 applicants
// submitting the same call at once, checked afterwards (serials unique and gap-free, receipts
// verifiable, nothing lost); logged-in pages rendered on the server.
// Usage: pnpm build && pnpm --filter @flagship/bench deadline [--driver postgres|pglite|both]
//        [--duration 8] [--connections 50] [--small]   (--small: PGlite's tenth on PostgreSQL too)
//        [--database-url postgres://…]   (PostgreSQL only: a database of your own, prepared on the
//        first run and reused, put back as prepared, on later ones; preparing takes minutes)
//        [--submit-rate 400]   (submissions arriving at this rate, evenly spaced, not as fast as answered)
//        [--slices 4]   (each case and the bare route in turns of duration / slices s; 1: bare, then the case)
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEFAULT_SESSION_NAME, REQUEST_TIMEOUT_MS } from '@flagship/api-client';
import { postgresWanted, startPostgres } from '@flagship/testing/postgres';
import { startBuiltServer } from '../api/built-server';
import { canonicalJson } from '../../apps/server/src/lib/canonical-json';
import { SUBMITTED_SUBJECT } from '../../apps/server/src/shared/notices';
import { cpuSince, type CpuSpent } from '../cpu';
import { benchData, CALL_WORDS, PGLITE_SCALE, POSTGRES_SCALE, prepareDeadline, reusePrepared, type Prepared, type Scale } from './prepare';

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    small: { type: 'boolean', default: false },
    /** Only the cases whose name contains this text (the submission runs when it matches 'submission'). */
    only: { type: 'string', default: '' },
    'database-url': { type: 'string' },
    /**
     * Submissions offered at this rate (per s), evenly spaced, instead of as fast as the 50
     * connections go: the latency at a given load, not at saturation (see `paced`).
     */
    'submit-rate': { type: 'string', default: '0' },
    /** Each case and the bare route take turns in this many slices of the case's duration (see `measure`). */
    slices: { type: 'string', default: '4' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const submitRate = Number(values['submit-rate']);
const slices = Number(values.slices);
// autocannon runs in whole seconds: a turn under one second would run on to the next.
if (!Number.isInteger(slices) || slices < 1 || duration / slices < 1) {
  throw new Error(`--slices must be a whole number from 1 to --duration (${duration}), so that each turn lasts a second or more: got ${values.slices}`);
}
const SUBMITTERS = 2_000;
const SAVERS = 200;

/** The q-quantile of sorted latencies, in whole ms. */
function percentile(sorted: number[], q: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

/**
 * `count` POSTs to `base`, the n-th sent at start + n / rate s over at most `connections` kept-alive
 * connections: an open load, as applicants arrive. autocannon's own rate sends each connection's
 * share of a second at the second's start, in a burst. Each latency runs from when its request was
 * due, so a request that waited for a free connection counts that wait (no coordinated omission).
 */
async function paced(base: string, rate: number, count: number, request: (n: number) => { path: string; headers: Record<string, string>; body: string }, onAnswer: (n: number, body: string) => void) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  /** Latencies by the second their requests were due: whether the run fell behind from the start or stalled. */
  const bySecond: number[][] = [];
  let errors = 0;
  const start = performance.now();
  const one = (n: number) =>
    new Promise<void>((done) => {
      const due = start + (n * 1000) / rate;
      const { path, headers, body } = request(n);
      const failed = () => {
        errors += 1;
        done();
      };
      const sent = httpRequest(`${base}${path}`, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, timeout: REQUEST_TIMEOUT_MS }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', failed);
        answer.on('end', () => {
          const latency = performance.now() - due;
          latencies.push(latency);
          (bySecond[Math.floor((due - start) / 1000)] ??= []).push(latency);
          // As autocannon's errors + non2xx: an answer other than 2xx counts as an error too.
          const status = answer.statusCode ?? 0;
          if (status < 200 || status > 299) errors += 1;
          try {
            onAnswer(n, Buffer.concat(chunks).toString());
          } catch {
            errors += 1; // an answer that is not the API's JSON
          }
          done();
        });
      });
      // As long as the portal waits for an answer; then the request is given up and counted.
      sent.on('timeout', () => sent.destroy(new Error('no answer in time')));
      sent.on('error', failed);
      sent.end(body);
    });
  const all: Promise<void>[] = [];
  for (let n = 0; n < count; n++) {
    const wait = start + (n * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    all.push(one(n));
  }
  await Promise.all(all);
  agent.destroy();
  const byValue = (a: number, b: number) => a - b;
  latencies.sort(byValue);
  // Requests that failed have no latency: they are counted in `errors`, beside the percentiles
  // (an answer other than 2xx has both); a second whose requests all failed shows '–'.
  const p50BySecond = Array.from(bySecond, (second = []) => (second.length === 0 ? '–' : String(percentile(second.toSorted(byValue), 0.5))));
  return { errors, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), p50BySecond };
}

interface Row {
  driver: string;
  case: string;
  rps: number;
  p50: number;
  p99: number;
  ratio: number;
  /** The ratio's base: the bare route's req/s in its turns with this case (the submission: in the seconds just before it), as the host's speed drifts within a run. */
  bareRps: number;
  /** The server's CPU time (user + system, all its threads) per answered request. */
  cpuMs: number;
  /** The same, of the server's main thread alone: the thread that runs JavaScript (the renders' aim is counted in it). */
  mainThreadCpuMs: number;
  /** The CPU time of this host's PostgreSQL processes per answered request (0 with PGlite, which runs in the server). */
  dbCpuMs: number;
  /** The bench's own CPU time per answered request: autocannon sending and reading, on the same two cores. */
  clientCpuMs: number;
  errors: number;
}

type Setup = (request: autocannon.Request) => autocannon.Request;

/** A row's CPU columns: what was spent over `requests` answered, per request. */
const perRequest = (spent: CpuSpent, requests: number) => ({
  cpuMs: spent.server / requests,
  mainThreadCpuMs: spent.mainThread / requests,
  dbCpuMs: spent.database / requests,
  clientCpuMs: spent.bench / requests,
});

async function benchDriver(driver: 'pglite' | 'postgres', scale: Scale, databaseUrl?: string): Promise<{ rows: Row[]; checks: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flagship-deadline-'));
  const started = Date.now();
  const reused = values['database-url'] && databaseUrl ? await reusePrepared(databaseUrl) : undefined;
  if (reused) scale = reused.scale;
  const prepared: Prepared = reused?.prepared ?? (await prepareDeadline(dataDir, databaseUrl, scale));
  process.stdout.write(`${driver}: ${reused ? 'reused' : 'prepared'} ${scale.calls} calls, ${scale.applicants} applicants, ${scale.applicants * scale.perApplicant} applications in ${Math.round((Date.now() - started) / 1000)} s\n`);
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const { child, port } = await startBuiltServer({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SEED_DEMO: '0', MAX_EVENT_LOOP_DELAY_MS: '0' }, profile);
  const base = `http://127.0.0.1:${port}`;
  const pid = child.pid as number;
  const { target, tokens, mine, categoryId } = prepared;
  const readers = tokens.length;

  const rows: Row[] = [];
  let bareRps = 0;
  /** The bare route for half a case's time, measured again before every case. */
  const bareFor = (seconds: number) => autocannon({ url: `${base}/bench/bare`, connections, duration: seconds });
  const bareNow = async () => (await bareFor(Math.max(2, duration / 2))).requests.average;
  /**
   * `warmUp`: requests sent, untimed, before the case is measured. A read case first goes once round
   * every session, as a server that has been up a while has: the calls it keeps (their titles
   * among them) are read on an instance's first requests, then kept until staff change them. What
   * that first round costs is printed, not tabled.
   *
   * The case and the bare route then take turns in `--slices` slices of `duration / slices` s each
   * (bare, case, bare, case…): the ratio is the case's answers over the bare route's in the same
   * minutes, as this host's speed drifts by a third or more within a minute. The latencies are the
   * case's answers over all its slices. `turns` 1: the bare route, then the case.
   */
  const measure = async (name: string, options: Partial<autocannon.Options>, warmUp = 0, turns = slices) => {
    const beside = name !== 'bare route';
    if (values.only && beside && !name.includes(values.only)) return undefined;
    if (warmUp > 0) {
      const first = await autocannon({ url: base, connections, ...options, amount: warmUp });
      process.stdout.write(`  ${name}, first ${warmUp} requests (untimed): ${Math.round(first.requests.average)} req/s, p99 ${first.latency.p99} ms\n`);
    }
    const slice = duration / turns;
    const bare = { answered: 0, seconds: 0 };
    const answered = { total: 0, seconds: 0, errors: 0, non2xx: 0 };
    const latencies: number[] = [];
    const spent: CpuSpent = { server: 0, mainThread: 0, database: 0, bench: 0 };
    for (let turn = 0; turn < turns; turn += 1) {
      if (beside) {
        const b = await bareFor(slice);
        bare.answered += b.requests.total;
        bare.seconds += b.duration;
      }
      // The answers still in flight when a turn ends are dropped, their CPU counted: at most 50 of
      // some thousands a turn, a per-request cost higher by under 1 %.
      const since = cpuSince(pid);
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const run = autocannon({ url: base, connections, duration: slice, ...options }, (error, done) => (error ? reject(error as Error) : resolve(done)));
        run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
      });
      for (const [key, ms] of Object.entries(since())) spent[key as keyof CpuSpent] += ms;
      answered.total += result.requests.total;
      answered.seconds += result.duration;
      answered.errors += result.errors;
      answered.non2xx += result.non2xx;
    }
    const rps = answered.total / answered.seconds;
    if (beside) bareRps = bare.answered / bare.seconds;
    latencies.sort((a, b) => a - b);
    const row = {
      driver,
      case: name,
      rps,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      ratio: beside ? rps / bareRps : 1,
      bareRps: beside ? bareRps : rps,
      ...perRequest(spent, answered.total || 1),
      errors: answered.errors + answered.non2xx,
    };
    rows.push(row);
    process.stdout.write(`  ${name}: ${Math.round(row.rps)} req/s (${row.ratio.toFixed(2)} × bare), p99 ${row.p99} ms, ${row.cpuMs.toFixed(3)} ms CPU/req (main thread ${row.mainThreadCpuMs.toFixed(3)}), ${row.dbCpuMs.toFixed(3)} ms database CPU/req, ${row.clientCpuMs.toFixed(3)} ms bench CPU/req, ${row.errors} errors\n`);
    return { rps, total: answered.total, non2xx: answered.non2xx };
  };
  /** Each request as the next applicant, round robin over the sessions. */
  const asApplicants = (path: (i: number) => string, extra: Record<string, string> = {}): Partial<autocannon.Options> => {
    let next = 0;
    const setupRequest: Setup = (request) => {
      const i = next++ % readers;
      return { ...request, path: path(i), headers: { ...request.headers, authkey: tokens[i] as string, ...extra } };
    };
    return { requests: [{ method: 'GET', setupRequest }] };
  };
  /** A read case: measured after one untimed round over the sessions. */
  const read = (name: string, path: (i: number) => string) => measure(name, asApplicants(path), readers);

  const bare = await measure('bare route', { url: `${base}/bench/bare` }, readers);
  bareRps = bare?.rps ?? 1;
  // The floor: what one round trip to the database leaves of the bare route, with no session, no
  // validation, no answer to shape. A case that must read once cannot do better.
  await measure('floor: bare + one read (select 1)', { url: `${base}/bench/one-read` }, readers);
  await read('call list, default order', () => '/api/project?page=3&pageSize=10');
  await read('call list, category + status filter', () => `/api/project?page=1&pageSize=10&categoryId=${categoryId}&status=active`);
  await read('call detail with my applications', () => `/api/project/${target.projectId}`);
  await read('form with my draft', () => `/api/project/${target.projectId}/form/${target.formId}`);
  await read('my applications (myApplyList)', () => '/api/project/myApplyList?page=1&pageSize=10');
  // Each applicant looks for one of the calls' fields (a thousand calls each) or for a word no call has.
  const searchWords = [...CALL_WORDS, '舞蹈'];
  await read('search', (i) => `/api/search?keyword=${encodeURIComponent(searchWords[i % searchWords.length] as string)}`);
  await read('application detail', (i) => `/api/project/apply/${mine[i]?.applyId ?? 1}`);
  // The portal's two session cookies, as a signed-in browser sends them.
  const cookie = (i: number) => {
    const holder = prepared.holders[i];
    const info = { token: tokens[i], id: holder?.userId, account: holder?.account, enterprise_authentication_status: null };
    return `${DEFAULT_SESSION_NAME}-token=${tokens[i]}; ${DEFAULT_SESSION_NAME}-userinfo=${encodeURIComponent(JSON.stringify(info))}`;
  };
  const page = (path: (i: number) => string) => {
    let next = 0;
    const setupRequest: Setup = (request) => {
      const i = next++ % readers;
      return { ...request, path: path(i), headers: { ...request.headers, accept: 'text/html', cookie: cookie(i) } };
    };
    // At most 8 renders run at once (beyond that the plain page goes out): 4 connections keep
    // every answer rendered, so the CPU per request is the render's.
    return { connections: 4, requests: [{ method: 'GET' as const, setupRequest }] };
  };
  await measure('page /projectDetail (rendered, logged in)', page(() => `/projectDetail?id=${target.projectId}`), 200);
  await measure('page /application (rendered, logged in)', page(() => `/application?projectId=${target.projectId}&formId=${target.formId}`), 200);

  // Autosave: 200 applicants (sessions SUBMITTERS…SUBMITTERS+199) save their own drafts, in turn,
  // each with the version its last answer gave (autocannon resets a connection's context after
  // every request, so the turn is global and the answer names its draft). With 50 connections a
  // draft's previous save has long been answered when its next turn comes.
  const versions = new Map<number, number>();
  const holderOfDraft = new Map(prepared.holders.map((h, i) => [h.draftId, i]));
  let saveTurn = 0;
  // A save can be refused as stale when its applicant's previous answer has not come back before
  // their next turn (autocannon keeps no order per applicant): counted apart, by answer.
  const saveRefusals = new Map<string, number>();
  // The floor of a save: one update of a small row, without and with a draft's answers (about 4 KB).
  let floorTurn = 0;
  const floorWrite = (body?: string): Partial<autocannon.Options> => ({
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          path: `/bench/one-write?id=${(floorTurn++ % SAVERS) + 1}`,
          ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }),
        }),
      },
    ],
  });
  await measure('floor: bare + one write (a small row of 200)', floorWrite());
  await measure(`floor: bare + one write of a draft's answers (${Buffer.byteLength(JSON.stringify(benchData(prepared.regionId)))} bytes)`, floorWrite(JSON.stringify(benchData(prepared.regionId))));
  const saves = await measure(`autosave (${SAVERS} applicants)`, {
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const i = SUBMITTERS + (saveTurn++ % SAVERS);
          const version = versions.get(i) ?? 1;
          return {
            ...request,
            path: `/api/project/${target.projectId}/form/${target.formId}/apply`,
            headers: { 'content-type': 'application/json', authkey: tokens[i] as string },
            body: JSON.stringify({ data: benchData(prepared.regionId, version), version, submit: false }),
          };
        },
        onResponse: (status, body) => {
          const answer = JSON.parse(body) as { errno?: number; errmsg?: string; data?: { id?: number; version?: number } };
          if (status !== 200) saveRefusals.set(`${status} ${answer.errmsg ?? ''}`, (saveRefusals.get(`${status} ${answer.errmsg ?? ''}`) ?? 0) + 1);
          const holder = answer.data?.id === undefined ? undefined : holderOfDraft.get(answer.data.id);
          if (holder !== undefined && answer.data?.version) versions.set(holder, answer.data.version);
        },
      },
    ],
    // In one turn: the end of a turn drops the answers still in flight, whose saves the server made,
    // and their applicants' next saves would carry a stale version (409) from then on.
  }, 0, 1);

  /**
   * Submission: 2 000 applicants (sessions 0…1 999) submit the target call, each once; then what it
   * left. Before it, untimed, the 200 spare session holders (2 200…2 399) submit theirs: a server
   * in the deadline hour has taken submissions before, and the first 50 of a server that has not
   * (one per connection, all at once: its pools, caches and compiled code still cold) take two to
   * four times as long as the rest, which would be the run's p99 by themselves.
   */
  const WARM_UP_FROM = SUBMITTERS + SAVERS;
  /** Session holder i's submission of the target call. */
  const submission = (i: number) => ({
    path: `/api/project/${target.projectId}/form/${target.formId}/apply`,
    headers: { 'content-type': 'application/json', authkey: tokens[i] as string },
    body: JSON.stringify({ data: benchData(prepared.regionId), version: 1, submit: true }),
  });
  const submitting = (first: number, onAnswer?: (i: number, body: string) => void): autocannon.Request[] => {
    let next = first;
    return [
      {
        method: 'POST',
        setupRequest: (request, context: { i?: number }) => {
          const i = next++;
          context.i = i;
          return { ...request, ...submission(i) };
        },
        onResponse: (_status, body, context: { i?: number }) => onAnswer?.(context.i ?? -1, body),
      },
    ];
  };
  /**
   * Waits until the outbox (the bench has no SMTP server) holds `expected` confirmations, at most a
   * minute, and answers how many it holds and when the last was written. Notices may wait while
   * the server is busy answering (`waitWhileBusySeconds`), so they can be written after the last
   * answer. A confirmation is read once; another file again each look (it may have been caught
   * half written).
   */
  const confirmations = async (expected: number): Promise<{ count: number; lastAt: number }> => {
    const outbox = join(dataDir, 'outbox');
    const seen = new Map<string, number>();
    const look = () => {
      for (const name of existsSync(outbox) ? readdirSync(outbox) : []) {
        const file = join(outbox, name);
        if (!seen.has(name) && readFileSync(file, 'utf8').includes(`Subject: ${SUBMITTED_SUBJECT}`)) seen.set(name, statSync(file).mtimeMs);
      }
      return [...seen.values()];
    };
    let times = look();
    for (const deadline = Date.now() + 60_000; times.length < expected && Date.now() < deadline; times = look()) await new Promise((resolve) => setTimeout(resolve, 250));
    return { count: times.length, lastAt: times.length > 0 ? Math.max(...times) : Number.NaN };
  };
  const submit = async (name: string): Promise<string[]> => {
    const receipts: { i: number; errno: number; errmsg?: string; serial?: string; sha256?: string }[] = [];
    let warmUpSubmitted = 0;
    const warmUp = await autocannon({
      url: base,
      connections,
      amount: tokens.length - WARM_UP_FROM,
      timeout: REQUEST_TIMEOUT_MS / 1000,
      requests: submitting(WARM_UP_FROM, (_i, body) => void (warmUpSubmitted += (JSON.parse(body) as { errno: number }).errno === 200 ? 1 : 0)),
    });
    // Their confirmations sent before the case, so that the case's CPU is its own.
    const warmUpConfirmed = await confirmations(warmUpSubmitted);
    bareRps = await bareNow();
    const submitStarted = Date.now();
    const spent = cpuSince(pid);
    // The clock stops at the last answer: autocannon notices that it has sent its amount only at its
    // next one-second tick, so its end would round the case up to whole seconds (2 000 answered in
    // 4.1 s read as 400 a second).
    let lastAnswerAt = submitStarted;
    const onAnswer = (i: number, body: string) => {
      lastAnswerAt = Date.now();
      const answer = JSON.parse(body) as { errno: number; errmsg: string; data?: { receipt?: { serialNumber: string; sha256: string } } };
      receipts.push({ i, errno: answer.errno, errmsg: answer.errmsg, serial: answer.data?.receipt?.serialNumber, sha256: answer.data?.receipt?.sha256 });
    };
    const submitted =
      submitRate > 0
        ? await paced(base, submitRate, SUBMITTERS, submission, onAnswer)
        : await autocannon({
            url: base,
            connections,
            amount: SUBMITTERS,
            // As long as the portal waits for an answer (autocannon's own 10 s would give up on
            // submissions the server then makes).
            timeout: REQUEST_TIMEOUT_MS / 1000,
            requests: submitting(0, onAnswer),
          }).then((result) => ({ p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, p50BySecond: [] as string[] }));
    // Until the last answer; when some never came (counted as errors), until now.
    const submitSeconds = ((receipts.length < SUBMITTERS ? Date.now() : lastAnswerAt) - submitStarted) / 1000;
    const untilAnswered = spent();
    // Then the confirmations, before anything else asks the server: their CPU is the submissions' too.
    const submittedNow = receipts.filter((r) => r.errno === 200).length;
    const confirmed = await confirmations(warmUpSubmitted + submittedNow);
    const untilConfirmed = perRequest(spent(), SUBMITTERS);
    rows.push({
      driver,
      case: name,
      rps: SUBMITTERS / submitSeconds,
      p50: submitted.p50,
      p99: submitted.p99,
      ratio: (SUBMITTERS / submitSeconds) / bareRps,
      bareRps,
      ...perRequest(untilAnswered, SUBMITTERS),
      errors: submitted.errors,
    });

    // What the submissions left: every one answered 200 with a receipt, each receipt the hash of
    // the data sent, each application submitted with the receipt it was answered, and the serials
    // of all of them (read back, answered or not) unique and consecutive.
    const checks: string[] = [
      `untimed before: ${warmUp.requests.total} submissions by the spare applicants, ${warmUp.non2xx + warmUp.errors} not 2xx, p50 ${warmUp.latency.p50} ms, max ${warmUp.latency.max} ms`,
    ];
    if (submitted.p50BySecond.length > 0) checks.push(`p50 ms by the second the submissions were due: ${submitted.p50BySecond.join(', ')}`);
    const ok = receipts.filter((r) => r.errno === 200 && r.serial && r.sha256);
    checks.push(`${ok.length} of ${SUBMITTERS} submissions answered with a receipt`);
    const expected = createHash('sha256').update(canonicalJson(benchData(prepared.regionId))).digest('hex');
    checks.push(`receipts matching the data sent: ${ok.filter((r) => r.sha256 === expected).length}`);
    const answered = new Map(ok.map((r) => [r.i, r.sha256]));
    let stored = 0;
    const serials: number[] = [];
    for (let i = 0; i < SUBMITTERS; i++) {
      const answer = (await (await fetch(`${base}/api/project/${target.projectId}/form/${target.formId}`, { headers: { authkey: tokens[i] as string } })).json()) as {
        data?: { apply?: { status?: string; serialNumber?: string | null; receipt?: { sha256?: string } | null } | null };
      };
      const apply = answer.data?.apply;
      if (apply?.status === 'submitted' && apply.serialNumber) serials.push(Number(/(\d+)$/.exec(apply.serialNumber)?.[1]));
      if (apply?.status === 'submitted' && answered.has(i) && apply.receipt?.sha256 === answered.get(i)) stored++;
    }
    checks.push(`read back as submitted with the receipt answered: ${stored}; submitted in all: ${serials.length}`);
    serials.sort((a, b) => a - b);
    const unique = new Set(serials).size === serials.length;
    const gapFree = serials.every((n, k) => k === 0 || n === (serials[k - 1] as number) + 1);
    checks.push(`serials unique: ${unique}; gap-free: ${gapFree} (${serials[0]}…${serials.at(-1)})`);
    const refused = new Map<string, number>();
    for (const r of receipts) if (r.errno !== 200) refused.set(r.errmsg ?? String(r.errno), (refused.get(r.errmsg ?? String(r.errno)) ?? 0) + 1);
    for (const [message, count] of refused) checks.push(`refused ${count}×: ${message}`);
    checks.push(
      `confirmations written to the outbox: ${warmUpConfirmed.count} of the untimed ${warmUpSubmitted} before the case; ${confirmed.count} of ${warmUpSubmitted + submittedNow} in all after it, the last ${((confirmed.lastAt - lastAnswerAt) / 1000).toFixed(1)} s after the last answer; ` +
        `CPU per submission until then: server ${untilConfirmed.cpuMs.toFixed(2)} ms, database ${untilConfirmed.dbCpuMs.toFixed(2)} ms (the table: until the last answer)`,
    );
    return checks;
  };
  const checks: string[] = [];
  if (saves) checks.push(`autosave: ${saves.total} saves, ${saves.non2xx} non-2xx${[...saveRefusals].map(([answer, n]) => `; ${n}× ${answer}`).join('')}`);
  const submissionCase = `submission (${SUBMITTERS} applicants, one call${submitRate > 0 ? `, arriving at ${submitRate} per s` : ''})`;
  if (!values.only || submissionCase.includes(values.only)) checks.push(...(await submit(submissionCase)));

  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  return { rows, checks };
}

const all: Row[] = [];
const notes: string[] = [];
if (values.driver !== 'postgres') {
  const { rows, checks } = await benchDriver('pglite', PGLITE_SCALE);
  all.push(...rows);
  notes.push(...checks.map((c) => `pglite: ${c}`));
}
if (values.driver !== 'pglite' && (values['database-url'] || postgresWanted())) {
  const pg = values['database-url'] ? { url: values['database-url'], stop: () => {} } : await startPostgres();
  try {
    const { rows, checks } = await benchDriver('postgres', values.small ? PGLITE_SCALE : POSTGRES_SCALE, pg.url);
    all.push(...rows);
    notes.push(...checks.map((c) => `postgres: ${c}`));
  } finally {
    pg.stop();
  }
}

const table = [
  '| driver | case | req/s | p50 ms | p99 ms | × bare | bare beside it, req/s | server CPU ms/req | main thread CPU ms/req | database CPU ms/req | bench CPU ms/req | errors |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...all.map((r) => `| ${r.driver} | ${r.case} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.ratio.toFixed(2)} | ${Math.round(r.bareRps)} | ${r.cpuMs.toFixed(2)} | ${r.mainThreadCpuMs.toFixed(2)} | ${r.driver === 'pglite' ? '(in the server)' : r.dbCpuMs.toFixed(2)} | ${r.clientCpuMs.toFixed(2)} | ${r.errors} |`),
].join('\n');
const text = `${duration} s per case, ${connections} connections, every request with a session\n\n${table}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`;
process.stdout.write(`\n${text}`);
writeFileSync(new URL('./results.md', import.meta.url), text);
process.exit(0);
