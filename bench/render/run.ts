// Logged-in pages rendered on the server: the server's thread time per render. The app is built in
// this process over a small prepared database (the deadline bench's, at a tiny scale), and the two
// pages of the deadline hour are asked for as a signed-in browser asks (GET, `accept: text/html`,
// the portal's session cookies), one after another, through `app.inject`. CPU time is read from
// `process.cpuUsage()` (every thread) and `process.threadCpuUsage()` (the main thread, which runs
// the render), so other work on the machine barely moves it; PostgreSQL (when present) runs in its
// own processes, so only the server's side is counted.
// Usage: pnpm build && pnpm --filter @flagship/bench render [--renders 400] [--driver postgres|pglite]
//        [--cpu-prof file.cpuprofile]   (a V8 CPU profile of the timed renders only)
//        [--fields]   (then what each kind of field costs the form page's render: see the end)
//        [--against dir]   (then this build's portal renders against another's, alternated in
//                           this process: see the end; dir is a copy of an earlier build's
//                           apps/portal/dist-server, an absolute path inside apps/portal, such as
//                           apps/portal/.bench-against: a copy under /tmp rendered 16–20 % slower)
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_SESSION_NAME, type Transport, type TransportAnswer } from '@flagship/api-client';
import { postgresWanted, startPostgres, type ThrowawayPostgres } from '@flagship/testing/postgres';
import { importBuiltApp } from '../api/built-server';
import { cpuMsOfUsage } from '../cpu';
import { prepareDeadline, type Scale } from '../deadline/prepare';

const { values } = parseArgs({
  options: {
    renders: { type: 'string', default: '400' },
    driver: { type: 'string', default: postgresWanted() ? 'postgres' : 'pglite' },
    'cpu-prof': { type: 'string' },
    fields: { type: 'boolean', default: false },
    against: { type: 'string' },
  },
});
const renders = Number(values.renders);
/** This build's portal server entry, as the server loads it. */
const THIS_BUILD = new URL('../../apps/portal/dist-server/', import.meta.url).pathname;
const SCALE: Scale = { calls: 40, applicants: 200, perApplicant: 5, sessions: 50 };

let pg: ThrowawayPostgres | undefined;
if (values.driver === 'postgres') pg = await startPostgres();
const dataDir = mkdtempSync(join(tmpdir(), 'flagship-render-'));
const prepared = await prepareDeadline(dataDir, pg?.url, SCALE);
const { target, tokens, holders } = prepared;

// Built as `pnpm start` runs it (api/built-server.ts).
const { buildApp, inProcessTransport, loadConfig, openDatabase, recordInProcessCalls } = await importBuiltApp();
// As bench/api/server.ts: production-like (no response validation), no rate limit, no log.
const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test', CAPTCHA_TEST: '1', LOG_LEVEL: 'silent' }), validateResponses: false, rateLimit: { max: 1e9, windowMs: 60_000 } };
const handle = await openDatabase({ dataDir, databaseUrl: pg?.url });
const app = await buildApp({ config, db: handle.db, logger: false });
app.get('/bench/bare', async () => ({ errno: 200, errmsg: 'ok', data: null }));
await app.ready();

/** The portal's two session cookies, as a signed-in browser sends them (as bench/deadline does). */
const cookie = (i: number) => {
  const holder = holders[i];
  const info = { token: tokens[i], id: holder?.userId, account: holder?.account, enterprise_authentication_status: null };
  return `${DEFAULT_SESSION_NAME}-token=${tokens[i]}; ${DEFAULT_SESSION_NAME}-userinfo=${encodeURIComponent(JSON.stringify(info))}`;
};

/** How a case is asked: a request through Fastify (`app.inject`), or a read as a render asks it (`InProcessReads`). */
type Via = 'inject' | 'in-process';
const cases: { name: string; url: string; page: boolean; via: Via; session?: boolean }[] = [
  { name: 'bare route (one app.inject)', url: '/bench/bare', page: false, via: 'inject' },
  // The call page's reads, each alone with the session, as a render asks them (what it pays for them).
  { name: 'API /api/setting/index (logged in, in-process)', url: '/api/setting/index', page: false, via: 'in-process', session: true },
  { name: 'API /api/project/{id} (logged in, in-process)', url: `/api/project/${target.projectId}`, page: false, via: 'in-process', session: true },
  { name: 'API /api/result-notices (logged in, in-process)', url: `/api/result-notices?projectId=${target.projectId}`, page: false, via: 'in-process', session: true },
  { name: 'page /projectDetail (rendered, logged in)', url: `/projectDetail?id=${target.projectId}`, page: true, via: 'inject' },
  { name: 'page /application (rendered, logged in)', url: `/application?projectId=${target.projectId}&formId=${target.formId}`, page: true, via: 'inject' },
];

async function ask(url: string, i: number, page: boolean, via: Via, session = false): Promise<string> {
  // A page carries the portal's cookies; the API is asked as the SDK asks it, with the token in
  // `authkey` (a request without one is anonymous, and its public answers come from the micro-cache).
  const headers = page ? { accept: 'text/html', cookie: cookie(i) } : session ? { authkey: tokens[i] as string } : {};
  if (via === 'in-process') {
    const answer = await app.inProcessReads?.(url, headers);
    if (answer?.status !== 200) throw new Error(`${url}: ${answer ? answer.status : 'not answered in-process'}`);
    return Buffer.from(answer.body).toString('utf8');
  }
  const answer = await app.inject({ method: 'GET', url, headers });
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
  return answer.body;
}

// Each page must come rendered (not the loading shell); the API calls it made in-process are listed,
// those answered by their handlers and those injected through Fastify.
for (const { url, page } of cases) {
  if (!page) continue;
  const calls = recordInProcessCalls(app);
  const html = await ask(url, 0, true, 'inject');
  calls.stop();
  if (!html.includes('flagship-server-data')) throw new Error(`${url} was not rendered on the server`);
  process.stdout.write(`${url}: API calls answered in-process: ${calls.direct.join(', ') || 'none'}; injected: ${calls.injected.slice(1).join(', ') || 'none'}\n`);
}

const profiler = values['cpu-prof'] ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
}

const rows: string[] = [];
for (const { name, url, page, via, session } of cases) {
  // Warm up: the JIT, the prepared statements, the route's first render.
  for (let i = 0; i < 30; i++) await ask(url, i % tokens.length, page, via, session);
  if (profiler && page) await profiler.post('Profiler.start');
  const wall = performance.now();
  const before = process.cpuUsage();
  const threadBefore = process.threadCpuUsage();
  let bytes = 0;
  for (let i = 0; i < renders; i++) bytes += (await ask(url, i % tokens.length, page, via, session)).length;
  const cpu = cpuMsOfUsage(process.cpuUsage(before)) / renders;
  // The main thread alone: what a render holds the server's one JavaScript thread for.
  const threadCpu = cpuMsOfUsage(process.threadCpuUsage(threadBefore)) / renders;
  const wallMs = (performance.now() - wall) / renders;
  if (profiler && page) {
    const { profile } = await profiler.post('Profiler.stop');
    const file = values['cpu-prof']?.replace(/(\.cpuprofile)?$/, `-${url.slice(1).split('?')[0]}.cpuprofile`) as string;
    writeFileSync(file, JSON.stringify(profile));
    process.stdout.write(`  profile: ${file}\n`);
  }
  const row = `| ${name} | ${renders} | ${cpu.toFixed(2)} | ${threadCpu.toFixed(2)} | ${wallMs.toFixed(2)} | ${Math.round(bytes / renders)} |`;
  rows.push(row);
  process.stdout.write(`${row}\n`);
}

let text = `${values.driver}, ${renders} requests per case, one at a time\n\n| case | requests | CPU ms/req | main thread CPU ms/req | wall ms/req | bytes |\n|---|---:|---:|---:|---:|---:|\n${rows.join('\n')}\n`;
if (values.fields) text += `\n${await fieldCosts()}`;
if (values.against) text += `\n${await againstBuild(values.against)}`;
process.stdout.write(`\n${text}`);
writeFileSync(new URL('./results.md', import.meta.url), text);
await app.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
pg?.stop();
process.exit(0);

/**
 * What each kind of field costs a render of the form page: the portal's server entry renders
 * `/application` again and again from the answers its API calls gave once (no request, no database),
 * with the form's fields all there, none, then ten fields of each kind. A kind's cost is its render less
 * the render without fields. The main thread's CPU per render.
 */
type PortalRender = (request: { url: string; cookie: string | undefined; transport: Transport }) => Promise<{ html: string } | undefined>;

/** The render function of a portal server build (a dist-server directory; this build's by default). */
async function portalRender(dir = THIS_BUILD): Promise<PortalRender> {
  return ((await import(pathToFileURL(join(dir, 'entry-server.js')).href)) as { render: PortalRender }).render;
}

/**
 * This build's server entry copied aside, to be loaded afresh: the instance the server has been
 * rendering with is 10–25 % cheaper per render than a new one of the same files (measured with two
 * copies of one build), which would show as a gain against any other build.
 */
function freshCopyOfThisBuild(): string {
  const dir = mkdtempSync(join(THIS_BUILD, '..', '.bench-this-build-'));
  cpSync(THIS_BUILD, dir, { recursive: true, filter: (path) => !path.startsWith(join(THIS_BUILD, 'tinymce')) });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A render of `url` with the portal's cookies, once, through the server's in-process transport: the answers its API calls got. */
async function recordAnswers(render: PortalRender, url: string): Promise<Map<string, TransportAnswer>> {
  const answers = new Map<string, TransportAnswer>();
  const inProcess = inProcessTransport(app, cookie(0));
  // Whole answers (no 304 to a build whose SDK holds an earlier one): without the SDK's If-None-Match.
  const recording: Transport = async ({ headers: { 'if-none-match': _etag, ...headers }, ...request }) => {
    const answer = await inProcess({ ...request, headers });
    answers.set(request.url, answer);
    return answer;
  };
  if (!(await render({ url, cookie: cookie(0), transport: recording }))) throw new Error(`${url} was not rendered`);
  return answers;
}

/** Answers a render's calls from what an earlier render of the page got. */
function replaying(answers: Map<string, TransportAnswer>): Transport {
  return async ({ url: callUrl }) => {
    const answer = answers.get(callUrl);
    if (!answer) throw new Error(`${callUrl} was not asked for by the first render`);
    return answer;
  };
}

async function fieldCosts(): Promise<string> {
  const render = await portalRender();
  const url = `/application?projectId=${target.projectId}&formId=${target.formId}`;
  const page = { url, cookie: cookie(0) };
  // The answers, once, from the server's own in-process transport (with the page's cookies).
  const answers = await recordAnswers(render, url);
  const formPath = `/api/project/${target.projectId}/form/${target.formId}`;
  const formUrl = [...answers.keys()].find((u) => new URL(u, 'http://portal.internal').pathname === formPath);
  if (!formUrl) throw new Error(`the form page did not ask for ${formPath}: ${[...answers.keys()].join(', ')}`);
  const form = JSON.parse(Buffer.from((answers.get(formUrl) as TransportAnswer).body).toString('utf8')) as {
    data: { form: { fields: { kind: string; key: string }[] }; apply: { data: Record<string, unknown> } | null };
  };
  const fields = form.data.form.fields;
  /** The form with `chosen` for its fields, the applicant's draft answering each as it answered `answering[key]`. */
  const withFields = (chosen: { key: string }[], answering: Record<string, string> = {}): Transport => {
    const draft = form.data.apply && { ...form.data.apply, data: { ...form.data.apply.data, ...Object.fromEntries(chosen.map((f) => [f.key, form.data.apply?.data[answering[f.key] ?? f.key]])) } };
    const body = Buffer.from(JSON.stringify({ ...form, data: { ...form.data, form: { ...form.data.form, fields: chosen }, apply: draft } }));
    return replaying(new Map([...answers, [formUrl, { ...(answers.get(formUrl) as TransportAnswer), body }]]));
  };
  const timed = async (transport: Transport) => {
    // A field set that broke the page would otherwise be timed as a cheap one.
    if (!(await render({ ...page, transport }))?.html.includes('data-testid="application-fields"')) throw new Error(`${url} was not rendered with its form`);
    for (let i = 0; i < 50; i++) await render({ ...page, transport });
    const before = process.threadCpuUsage();
    for (let i = 0; i < renders; i++) await render({ ...page, transport });
    return cpuMsOfUsage(process.threadCpuUsage(before)) / renders;
  };
  const none = await timed(withFields([]));
  const lines = [`| all ${fields.length} fields | ${(await timed(withFields(fields))).toFixed(2)} | |`, `| no fields | ${none.toFixed(2)} | 0 |`];
  // Ten of each kind (the first of the form's, under ten keys, each answered as the draft answers
  // it), so that a field's cost stands out of the render's own spread.
  for (const field of fields.filter((f, i) => fields.findIndex((other) => other.kind === f.kind) === i)) {
    const chosen = Array.from({ length: 10 }, (_, i) => ({ ...field, key: `${field.key}${i}` }));
    const ms = await timed(withFields(chosen, Object.fromEntries(chosen.map((f) => [f.key, field.key]))));
    lines.push(`| 10 × ${field.kind} | ${ms.toFixed(2)} | ${((ms - none) / chosen.length).toFixed(2)} |`);
  }
  const table = `/application rendered by the portal's server entry alone, ${renders} renders each\n\n| fields | main thread CPU ms/render | ms per field |\n|---|---:|---:|\n${lines.join('\n')}\n`;
  process.stdout.write(`\n${table}`);
  return table;
}

/**
 * This build's portal renders against another build's (`--against`, a copy of an earlier
 * apps/portal/dist-server): both loaded in this process, each page rendered from the answers its
 * API calls got once (no request, no database), in batches taken in turns, twenty rounds, so that the
 * host's drift falls on both alike. Milliseconds per render, and in how many rounds this build was
 * the cheaper.
 */
async function againstBuild(dir: string): Promise<string> {
  const builds = [await portalRender(dir), await portalRender(freshCopyOfThisBuild())];
  const rounds = 20;
  const batch = Math.max(1, Math.round(renders / rounds));
  const lines: string[] = [];
  for (const { url } of cases.filter((c) => c.page)) {
    const answers = await recordAnswers(builds[1] as PortalRender, url);
    const page = { url, cookie: cookie(0), transport: replaying(answers) };
    // Wall time: the renders wait for nothing (their answers are at hand), and the thread's CPU
    // time is counted in the kernel's ticks (4 ms here), too coarse for a batch.
    const timed = async (render: PortalRender, n: number) => {
      const started = performance.now();
      for (let i = 0; i < n; i++) await render(page);
      return performance.now() - started;
    };
    for (const render of builds) {
      if (!(await render(page))?.html) throw new Error(`${url} was not rendered by every build`);
      await timed(render, 500);
    }
    const per: [number[], number[]] = [[], []];
    for (let round = 0; round < rounds; round++) {
      // Which build goes first alternates too.
      for (const b of round % 2 === 0 ? [0, 1] : [1, 0]) per[b as 0 | 1].push((await timed(builds[b] as PortalRender, batch)) / batch);
    }
    // Medians: a round that a major collection of the heap fell into says little about its build.
    const [before, after] = per.map(median) as [number, number];
    const change = median(per[1].map((ms, round) => ms / (per[0][round] as number) - 1));
    const cheaper = per[1].filter((ms, round) => ms < (per[0][round] as number)).length;
    lines.push(`| ${url.split('?')[0]} | ${before.toFixed(2)} | ${after.toFixed(2)} | ${(change * 100).toFixed(1)} % | ${cheaper} of ${rounds} |`);
  }
  const table = `The portal's server entry alone, this build against ${dir}: ${rounds} rounds of ${batch} renders each, in turns\n\n| page | against, ms/render (median of rounds) | this build | change (median of rounds) | rounds this build was cheaper |\n|---|---:|---:|---:|---:|\n${lines.join('\n')}\n`;
  process.stdout.write(`\n${table}`);
  return table;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
