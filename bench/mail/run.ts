// A deadline's confirmations, drained from the queue: 2 000 `mail` jobs queued on pg-boss, then
// worked by one process through the outbox transport, timed from the workers' start until the
// queue is found empty (looked at every 25 ms). Ways: batches of ten on two slots (the server's);
// one job a fetch on two slots (before); one job a fetch on twenty slots, as many messages at once
// as the batches have. Beside them, in the same run: the messages written by the transport alone
// (no queue), the floor of any way of sending them. Each way twice, interleaved (this host's
// speed drifts). CPU: this process's, and every PostgreSQL process's (the emptiness checks too).
// Usage: pnpm --filter @flagship/bench mail [--messages 2000] [--database-url postgres://…]
//        (without one, a throwaway PostgreSQL is started)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { startPostgres } from '@flagship/testing/postgres';
import { pgBossJobs } from '../../apps/server/src/lib/jobs-pg-boss';
import { createMailer, MAIL_JOBS, queuedMailer, workMail } from '../../apps/server/src/lib/mailer';
import { silentLog } from '../../apps/server/test/silent-log';
import { postgresCpuMs } from '../cpu';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '2000' }, 'database-url': { type: 'string' } } });
const count = Number(values.messages);

const pg = values['database-url'] ? undefined : await startPostgres();
const serverUrl = values['database-url'] ?? (pg?.url as string);
// A database of the bench's own on that server, dropped at the end: pg-boss makes its schema there.
const name = `flagship_mail_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${name}`;

const dataDir = mkdtempSync(join(tmpdir(), 'flagship-mail-bench-'));
const transport = createMailer({ smtpUrl: undefined, from: 'flagship@example.org', dataDir, log: silentLog });
const message = (n: number) => ({ to: `applicant${n}@example.org`, subject: '申报已提交', text: `您的申报已提交，编号 2026${String(n).padStart(6, '0')}。` });
const outbox = join(dataDir, 'outbox');
const written = () => readdirSync(outbox).length;

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const rows: string[] = [];
async function measure(label: string, drain: () => Promise<void>): Promise<void> {
  rmSync(outbox, { recursive: true, force: true });
  const [cpu, db, wall] = [cpuMs(), postgresCpuMs(), performance.now()];
  await drain();
  const [cpuUsed, dbUsed, wallMs] = [cpuMs() - cpu, postgresCpuMs() - db, performance.now() - wall];
  if (written() !== count) throw new Error(`${label}: ${written()} of ${count} messages in the outbox`);
  const row = `| ${label} | ${count} | ${((count / wallMs) * 1000).toFixed(0)} | ${(cpuUsed / count).toFixed(3)} | ${(dbUsed / count).toFixed(3)} |`;
  rows.push(row);
  process.stdout.write(`${row}\n`);
}

/** The messages through the queue: queued first (untimed), then worked by `slots` slots in batches of `batchSize`. */
async function throughQueue(batchSize: number, slots: number): Promise<void> {
  const jobs = pgBossJobs({ databaseUrl: databaseUrl.toString(), concurrency: slots, log: silentLog });
  await jobs.start();
  const mailer = queuedMailer(jobs);
  for (let n = 0; n < count; n += 100) await Promise.all(Array.from({ length: Math.min(100, count - n) }, (_, i) => mailer.sendMail(message(n + i))));
  await measure(`queue, ${batchSize === 1 ? 'one job a fetch' : `batches of ${batchSize}`}, ${slots} slots`, async () => {
    await workMail(jobs, transport, silentLog, batchSize);
    await jobs.settle(MAIL_JOBS, 300_000);
  });
  await jobs.stop();
}

for (let round = 0; round < 2; round++) {
  await measure('transport alone (no queue)', async () => {
    for (let n = 0; n < count; n += 20) await Promise.all(Array.from({ length: Math.min(20, count - n) }, (_, i) => transport.sendMail(message(n + i))));
  });
  await throughQueue(1, 2);
  await throughQueue(1, 20);
  await throughQueue(10, 2);
}

const text = `${count} messages per case, outbox transport\n\n| case | messages | messages/s | CPU ms/message | database CPU ms/message |\n|---|---:|---:|---:|---:|\n${rows.join('\n')}\n`;
process.stdout.write(`\n${text}`);
writeFileSync(new URL('./results.md', import.meta.url), text);
await admin.unsafe(`drop database if exists ${name} with (force)`);
await admin.end();
rmSync(dataDir, { recursive: true, force: true });
pg?.stop();
process.exit(0);
