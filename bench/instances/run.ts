// Packages per minute with one server instance and with two, behind nginx, on one PostgreSQL and
// one S3-compatible server (the several-instances test's topology, tooling/testing/src/instances.ts).
// Every run queues N applications' download packages at once (each application with a few MB
// of attachments) and measures how long until all are built.
// Usage: pnpm --filter @flagship/bench instances [--packages 24] [--attachment-mb 1] [--instances 1,2]
//        [--concurrency 2] (JOB_CONCURRENCY of each instance)
// (builds nothing: run `pnpm --filter @flagship/server build` first).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApiClient, createMemorySessionStore, type ApiClient } from '@flagship/api-client';
import { startS3Server } from '@flagship/testing';
import { startInstance, startNginx, type Instance } from '@flagship/testing/instances';
import { postgresWanted, startPostgres } from '@flagship/testing/postgres';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { createCall, directUser, PNG, validData } from '../../apps/server/test/apply-fixtures';

const { values } = parseArgs({
  options: {
    packages: { type: 'string', default: '24' },
    'attachment-mb': { type: 'string', default: '1' },
    instances: { type: 'string', default: '1,2' },
    concurrency: { type: 'string', default: '2' },
  },
});
const packages = Number(values.packages);
const attachmentBytes = Math.round(Number(values['attachment-mb']) * 1024 * 1024);
const counts = values.instances.split(',').map(Number);

const serverDir = fileURLToPath(new URL('../../apps/server', import.meta.url));
const siteTemplate = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));
const emptyDist = mkdtempSync(join(tmpdir(), 'flagship-bench-dist-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bigPdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n% '), randomBytes(size), Buffer.from('\n%%EOF\n')]);

if (!postgresWanted()) throw new Error('This bench needs PostgreSQL (the job queue runs on it)');
const postgres = await startPostgres();
const s3 = await startS3Server();

interface Row {
  instances: number;
  packages: number;
  seconds: number;
  perMinute: number;
  failed: number;
}
const rows: Row[] = [];

for (const count of counts) {
  const name = `flagship_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = await openDatabase({ dataDir: emptyDist, databaseUrl: postgres.url });
  await admin.db.execute(sql.raw(`create database ${name}`));
  await admin.close();
  const databaseUrl = postgres.url.replace(/\/postgres$/, `/${name}`);
  const dataDirs: string[] = [];
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), `flagship-bench-${i}-`));
    dataDirs.push(dataDir);
    // One after the other: the first migrates.
    instances.push(
      await startInstance({
        name: `i${i}`,
        serverDir,
        env: { NODE_ENV: 'production', DATABASE_URL: databaseUrl, ...s3.env, DATA_DIR: dataDir, TRUST_PROXY: '1', SEED_DEMO: '0', LOG_LEVEL: 'warn', UPLOAD_LIMIT_MB: '20', JOB_CONCURRENCY: values.concurrency },
      }),
    );
  }
  const nginx = await startNginx({ siteTemplate, upstreams: instances.map((i) => `127.0.0.1:${i.port}`), bodyLimit: '21m', portalDist: emptyDist, consoleDist: emptyDist });
  const handle = await openDatabase({ dataDir: emptyDist, databaseUrl });

  // N applicants, each with a submitted application: three PDFs of noise and a poster.
  const call = await createCall(handle.db);
  const params = { projectId: call.projectId, formId: call.formIds[0]! };
  const applicants: ApiClient[] = [];
  for (let i = 0; i < packages; i++) {
    const user = await directUser(handle.db);
    const session = createMemorySessionStore();
    session.set({ token: user.token, id: user.userId, account: user.account, enterprise_authentication_status: null });
    const api = createApiClient({ baseUrl: nginx.url, session, policy: { onError: () => {}, onTransportError: () => {}, reload: () => {} } });
    const upload = async (bytes: Buffer, fileName: string) => (await api.files.upload({ file: new Blob([new Uint8Array(bytes)]), name: fileName })).id;
    const ids = {
      proposal: await upload(bigPdf(attachmentBytes), '申报书.pdf'),
      evidence: [await upload(bigPdf(attachmentBytes), '证明一.pdf'), await upload(bigPdf(attachmentBytes), '证明二.pdf')],
      poster: await upload(PNG, '海报.png'),
    };
    await api.apply.save({ ...params, data: validData(ids), version: 0, submit: true });
    applicants.push(api);
  }

  const started = performance.now();
  const jobs = await Promise.all(applicants.map(async (api) => ({ api, name: (await api.apply.download(params)).name })));
  let pending = jobs;
  let failed = 0;
  while (pending.length > 0) {
    await sleep(200);
    const statuses = await Promise.all(pending.map(async (job) => ({ job, status: (await job.api.apply.downloadStatus({ ...params, name: job.name })).status })));
    failed += statuses.filter((s) => s.status === 'failed').length;
    pending = statuses.filter((s) => s.status === 'pending' || s.status === 'running').map((s) => s.job);
    if (performance.now() - started > 15 * 60_000) throw new Error(`${pending.length} packages still not built after 15 minutes`);
  }
  const seconds = (performance.now() - started) / 1000;
  rows.push({ instances: count, packages, seconds: Math.round(seconds * 10) / 10, perMinute: Math.round((packages / seconds) * 60 * 10) / 10, failed });
  console.warn(rows.at(-1));

  await handle.close();
  await nginx.stop();
  await Promise.all(instances.map((i) => i.stop()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

await s3.stop();
postgres.stop();
rmSync(emptyDist, { recursive: true, force: true });

const table = [
  '| instances | packages | seconds | packages / min | failed |',
  '|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.instances} | ${row.packages} | ${row.seconds} | ${row.perMinute} | ${row.failed} |`),
].join('\n');
process.stdout.write(`\n${packages} packages, 3 × ${values['attachment-mb']} MB of attachments each, queued at once through nginx, JOB_CONCURRENCY=${values.concurrency}:\n\n${table}\n`);
