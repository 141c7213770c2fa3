// The real server as a child process: a burst of submissions, SIGKILL in the middle of it, a
// restart on the same data. Every submission that was answered with errno 200 must still be
// there, and the database must open cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Apply } from '@flagship/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { clientWithToken, createCall, directUser, pdf, validData } from './apply-fixtures';
import { drivers, type Driver } from './harness';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const USERS = 4;
const FORMS = 6;
/** Requests of the burst in flight at a time. */
const IN_FLIGHT = 4;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Child {
  process: ChildProcess;
  baseUrl: string;
  output: () => string;
}

async function startChild(dataDir: string, databaseUrl: string | undefined): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      CAPTCHA_TEST: '1',
      PASSWORD_HASH_TEST: '1',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { process: child, baseUrl, output: () => output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`Server did not become healthy:\n${output}`);
}

async function stop(child: Child, signal: NodeJS.Signals): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill(signal);
  await exited;
}

describe.each(drivers)('durability of submissions on %s', (driver: Driver) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let call: { projectId: number; formIds: number[] };
  let users: Awaited<ReturnType<typeof directUser>>[];
  const children: Child[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'flagship-durability-'));
    if (driver === 'pglite') {
      cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
    } else {
      const serverUrl = inject('postgresUrl')!;
      const name = `flagship_${randomUUID().replaceAll('-', '')}`;
      const admin = await openDatabase({ dataDir, databaseUrl: serverUrl });
      await admin.db.execute(sql.raw(`create database ${name} template flagship_template`));
      await admin.close();
      databaseUrl = serverUrl.replace(/\/postgres$/, `/${name}`);
      dropDatabase = async () => {
        const again = await openDatabase({ dataDir, databaseUrl: serverUrl });
        await again.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
        await again.close();
      };
    }
    // Applicants and a call with several forms, written before the server owns the data.
    const handle = await openDatabase({ dataDir, databaseUrl });
    try {
      call = await createCall(handle.db, 'open', FORMS);
      users = [];
      for (let i = 0; i < USERS; i++) users.push(await directUser(handle.db));
    } finally {
      await handle.close();
    }
  });

  afterAll(async () => {
    for (const child of children) await stop(child, 'SIGKILL');
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged submission across a SIGKILL and restarts cleanly', { timeout: 120_000 }, async () => {
    const first = await startChild(dataDir, databaseUrl);
    children.push(first);
    const clients = users.map((u) => clientWithToken(first.baseUrl, u));
    const proposals = await Promise.all(clients.map((c) => c.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })));

    // Every user submits to every form, a few requests in flight at a time; the server is killed
    // once a third of them have been answered, and no request is sent after it. So the kill comes
    // with requests in flight and others never sent, however fast or slow the machine: with all
    // sent at once, a slow client could read every answer before the kill.
    const acknowledged: { user: number; apply: Apply }[] = [];
    const total = USERS * FORMS;
    const pairs = Array.from({ length: total }, (_, i) => ({ form: Math.floor(i / USERS), user: i % USERS }));
    let killed: Promise<void> | undefined;
    const sender = async () => {
      for (let next = pairs.shift(); next && !killed; next = pairs.shift()) {
        const { form, user } = next;
        await clients[user]!.apply.save(
          { projectId: call.projectId, formId: call.formIds[form]!, data: validData({ proposal: proposals[user]!.id }), version: 0, submit: true },
          { silent: true },
        ).then(
          (apply) => {
            acknowledged.push({ user, apply });
            if (acknowledged.length === Math.ceil(total / 3)) killed = stop(first, 'SIGKILL');
          },
          () => {},
        );
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    await killed;
    expect(first.process.signalCode, first.output()).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(Math.ceil(total / 3));
    expect(acknowledged.length, 'the kill came in the middle of the burst').toBeLessThan(total);

    const second = await startChild(dataDir, databaseUrl);
    children.push(second);
    const again = users.map((u) => clientWithToken(second.baseUrl, u));
    for (const { user, apply } of acknowledged) {
      const stored = await again[user]!.project.applyDetail({ applyId: apply.id });
      expect(stored).toMatchObject({ status: 'submitted', serialNumber: apply.serialNumber, receipt: apply.receipt, data: apply.data });
    }
    const serials = new Set<string>();
    for (const client of again) {
      for (const item of (await client.project.myApplyList({ pageSize: 100 })).list) {
        expect(item.serialNumber, 'every stored submission has its own number').not.toBeNull();
        expect(serials.has(item.serialNumber!)).toBe(false);
        serials.add(item.serialNumber!);
      }
    }
    expect(serials.size).toBeGreaterThanOrEqual(acknowledged.length);

    // The database takes new writes, and the counter goes on past every number handed out.
    const extra = await extraSubmission(second, again[0]!);
    const highest = Math.max(...[...serials].map((s) => Number(s.slice(-6))));
    expect(Number(extra.serialNumber!.slice(-6))).toBeGreaterThan(highest);
    await stop(second, 'SIGTERM');
    expect(second.process.exitCode, second.output()).toBe(0);
  });

  /** A submission to a form none of the burst touched (the first user's own, if the burst missed it). */
  async function extraSubmission(child: Child, client: ReturnType<typeof clientWithToken>): Promise<Apply> {
    const mine = await client.project.myApplyList({ pageSize: 100 });
    const used = new Set(mine.list.map((a) => a.formId));
    const free = call.formIds.find((id) => !used.has(id));
    const proposal = await client.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'after.pdf' });
    if (free) {
      return client.apply.save({ projectId: call.projectId, formId: free, data: validData({ proposal: proposal.id }), version: 0, submit: true });
    }
    // Every form taken: withdraw one and apply again.
    const victim = mine.list[0]!;
    await client.apply.remove({ id: victim.formId, applyId: victim.id });
    expect(child.process.exitCode).toBeNull();
    return client.apply.save({ projectId: call.projectId, formId: victim.formId, data: validData({ proposal: proposal.id }), version: 0, submit: true });
  }
});
