// Page weight: initial JS and CSS (gzip) per route, and Lighthouse mobile performance scores for
// home, /project, /projectDetail and /application, against the built portal served by the real
// server. Usage: pnpm build && pnpm --filter @flagship/bench web [--throttling simulate|devtools]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, chromiumPath, launchChromium, startServer } from '@flagship/testing/browser';
import { chromium } from 'playwright-core';

// `simulate` (Lighthouse's default) estimates a throttled load from an unthrottled trace; `devtools`
// really throttles the browser, so what paints before the scripts arrive (the HTML shell) counts.
const { values } = parseArgs({ options: { throttling: { type: 'string', default: 'simulate' } } });
if (values.throttling !== 'simulate' && values.throttling !== 'devtools') throw new Error('--throttling is simulate or devtools');

const server = await startServer();
const base = server.url;

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${base}${path}`, init);
  const body = (await response.json()) as { errno: number; errmsg: string; data: T };
  if (body.errno !== 200) throw new Error(`${path}: ${body.errmsg}`);
  return body.data;
}

async function captcha() {
  const response = await fetch(`${base}/api/verify`);
  await response.arrayBuffer();
  return { answer: response.headers.get('x-captcha-answer') ?? '', cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

// An applicant, for the pages that need a login.
const account = '13900000077';
const password = 'Bench-Weight-2026';
let c = await captcha();
await json('/api/login/register', { method: 'POST', headers: { 'content-type': 'application/json', cookie: c.cookie }, body: JSON.stringify({ account, password, captcha: c.answer }) });
c = await captcha();
const info = await json<{ token: string; id: number; account: string; enterprise_authentication_status: number | null }>('/api/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: c.cookie },
  body: JSON.stringify({ account, password, captcha: c.answer }),
});
const expires = Date.now() + 8 * 3600_000;
const sessionCookies = {
  'flagship-portal-token': info.token,
  'flagship-portal-userinfo': encodeURIComponent(JSON.stringify({ token: info.token, id: info.id, account: info.account, enterprise_authentication_status: info.enterprise_authentication_status })),
  'flagship-portal-expires': String(expires),
};
const cookieHeader = Object.entries(sessionCookies).map(([k, v]) => `${k}=${v}`).join('; ');

const open = await json<{ list: { id: number }[] }>('/api/project?status=open&pageSize=1');
const projectId = open.list[0]?.id;
const project = await json<{ forms: { id: number }[] }>(`/api/project/${projectId}`);
const formId = project.forms[0]?.id;

const routes = [
  { name: 'home', path: '/index', login: false },
  { name: '/project', path: '/project', login: false },
  { name: '/projectDetail', path: `/projectDetail?id=${projectId}`, login: true },
  { name: '/application', path: `/application?projectId=${projectId}&formId=${formId}`, login: true },
];

interface Row {
  route: string;
  js: number;
  css: number;
  requests: number;
  score: number | null;
  fcp: string;
  lcp: string;
  tbt: string;
}

const rows: Row[] = [];
const browser = await launchChromium(chromium);
for (const route of routes) {
  const context = await browser.newContext();
  if (route.login) {
    await context.addCookies(Object.entries(sessionCookies).map(([name, value]) => ({ name, value, url: base })));
  }
  const page = await context.newPage();
  const sizes = { js: 0, css: 0, requests: 0 };
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await response.body();
      sizes[type === 'script' ? 'js' : 'css'] += gzipSync(body).length;
      sizes.requests += 1;
    } catch {
      // A body the page dropped: not part of what it loaded.
    }
  });
  await page.goto(`${base}${route.path}`, { waitUntil: 'networkidle' });
  await context.close();

  const lighthouse = join(dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')), 'cli', 'index.js');
  const args = [
    lighthouse,
    `${base}${route.path}`,
    '--quiet',
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    `--throttling-method=${values.throttling}`,
  ];
  if (route.login) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookieHeader })}`);
  let score: number | null = null;
  let audits: Record<string, { displayValue?: string }> = {};
  try {
    const out = execFileSync(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(out.toString()) as { categories: { performance: { score: number } }; audits: typeof audits };
    score = report.categories.performance.score;
    audits = report.audits;
  } catch (error) {
    console.error(`Lighthouse failed on ${route.path}: ${(error as Error).message.slice(0, 300)}`);
  }
  rows.push({
    route: route.name,
    ...sizes,
    score,
    fcp: audits['first-contentful-paint']?.displayValue ?? '–',
    lcp: audits['largest-contentful-paint']?.displayValue ?? '–',
    tbt: audits['total-blocking-time']?.displayValue ?? '–',
  });
}
await browser.close();
await server.stop();

const kb = (n: number) => (n / 1024).toFixed(1);
const table = [
  '| route | initial JS kB (gzip) | initial CSS kB (gzip) | JS+CSS requests | Lighthouse mobile | FCP | LCP | TBT |',
  '|---|---:|---:|---:|---:|---|---|---|',
  ...rows.map((r) => `| ${r.route} | ${kb(r.js)} | ${kb(r.css)} | ${r.requests} | ${r.score ?? '–'} | ${r.fcp} | ${r.lcp} | ${r.tbt} |`),
].join('\n');
process.stdout.write(`\n${table}\n`);
writeFileSync(new URL('./results.md', import.meta.url), `Lighthouse throttling: ${values.throttling}\n\n${table}\n`);
process.exit(0);
