// The migration command: a DATA_DIR/uploads tree copied into an S3-compatible bucket (s3rver on
// loopback), every object verified, a second run resuming where the first stopped.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { startS3Server, type ThrowawayS3 } from '@flagship/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { migrateStorage } from '../src/cli/storage-migrate';
import { openDatabase } from '../src/db/client';
import { uploads } from '../src/db/schema';
import { loadConfig } from '../src/env';
import { newStorageKey, s3Client, type S3Settings } from '../src/lib/storage';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('pnpm storage:migrate', () => {
  let s3: ThrowawayS3;
  let settings: S3Settings;
  let dataDir: string;
  let files: Map<string, Buffer>;

  beforeAll(async () => {
    s3 = await startS3Server();
    const storage = loadConfig(s3.env).storage;
    if (storage.kind !== 's3') throw new Error('S3 settings expected');
    settings = storage;
  });
  afterAll(() => s3?.stop());

  // New files (new keys) for every test, in one bucket.
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'flagship-migrate-'));
    files = new Map();
    const add = (key: string, bytes: Buffer) => {
      files.set(key, bytes);
      mkdirSync(dirname(join(dataDir, 'uploads', key)), { recursive: true });
      writeFileSync(join(dataDir, 'uploads', key), bytes);
    };
    add(newStorageKey('uploads', 'pdf'), Buffer.from('%PDF-1.4 one'));
    add(newStorageKey('uploads', 'png'), randomBytes(300_000));
    // Larger than a multipart part, so it goes up in parts.
    add(newStorageKey('packages', 'zip'), randomBytes(9 * 1024 * 1024));
    add(newStorageKey('uploads', 'docx'), Buffer.alloc(0));
    // Leftovers the command must not copy: an unfinished write and a file no key can name.
    writeFileSync(join(dataDir, 'uploads', 'uploads', 'stray.bin.1234.tmp'), 'partial');
    writeFileSync(join(dataDir, 'uploads', '.DS_Store'), 'finder');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const env = () => ({ ...s3.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await migrateStorage(args, { env: env(), out: (line) => lines.push(line) });
    return { code, lines, summary: lines.find((l) => l.startsWith('Done:')) ?? '' };
  };
  const bucketHashes = async () => {
    const client = s3Client(settings);
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
      const hashes = new Map<string, string>();
      for (const { Key } of listed.Contents ?? []) {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key }));
        const hash = createHash('sha256');
        for await (const chunk of object.Body as Readable) hash.update(chunk as Buffer);
        hashes.set(Key!, hash.digest('hex'));
      }
      return hashes;
    } finally {
      client.destroy();
    }
  };
  const expectAllCopied = async () => {
    const inBucket = await bucketHashes();
    for (const [key, bytes] of files) expect(inBucket.get(key), key).toBe(sha256(bytes));
    expect([...inBucket.keys()].some((k) => k.endsWith('.tmp') || k.includes('DS_Store'))).toBe(false);
  };

  it('copies every object, verified, then skips them all on a second run', async () => {
    const first = await run('--skip-database');
    expect(first.code).toBe(0);
    expect(first.summary).toBe(`Done: 4 copied (${((300_000 + 9 * 1024 * 1024 + 12) / 1024 / 1024).toFixed(1)} MB), 0 already there, 0 failed, 1 ignored.`);
    expect(first.lines).toContain('ignored .DS_Store: not a storage key');
    await expectAllCopied();

    const second = await run('--skip-database');
    expect(second.code).toBe(0);
    expect(second.summary).toMatch(/^Done: 0 copied \(0\.0 MB\), 4 already there, 0 failed/);
  });

  it('resumes after an interruption: what is already there (however it got there) is verified and kept, the rest copied', async () => {
    const client = s3Client(settings);
    const [done, replaced] = [...files.keys()];
    // A first run that stopped after one object, which the server itself could also have written (no hash metadata)…
    await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: done, Body: files.get(done!) }));
    // …and a different object of the same size under another key: it is replaced.
    await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: replaced, Body: Buffer.alloc(files.get(replaced!)!.length, 7) }));
    client.destroy();

    const result = await run('--skip-database', '--concurrency', '2');
    expect(result.code).toBe(0);
    expect(result.lines.find((l) => l.includes(done!))).toContain('already there');
    expect(result.lines.find((l) => l.includes(replaced!))).toContain('replaced and verified');
    expect(result.summary).toMatch(/^Done: 3 copied .* 1 already there, 0 failed/);
    await expectAllCopied();
  });

  it('refuses to copy a file that differs from the SHA-256 its upload recorded, and exits 1', async () => {
    const [good, corrupt] = [...files.keys()].filter((k) => k.startsWith('uploads/'));
    // A copy of the test run's migrated template database (PGlite), as the harness makes.
    cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
    const handle = await openDatabase({ dataDir });
    await handle.db.insert(uploads).values([
      { originalName: 'a.pdf', storageKey: good!, mime: 'application/pdf', size: files.get(good!)!.length, sha256: sha256(files.get(good!)!) },
      { originalName: 'b.png', storageKey: corrupt!, mime: 'image/png', size: files.get(corrupt!)!.length, sha256: sha256(Buffer.from('what was uploaded')) },
    ]);
    await handle.close();

    const result = await run();
    expect(result.code).toBe(1);
    expect(result.lines.find((l) => l.includes(corrupt!))).toMatch(/FAILED .*differs from the upload's recorded SHA-256/);
    expect(result.summary).toMatch(/^Done: 3 copied .* 1 failed/);
    expect((await bucketHashes()).has(corrupt!)).toBe(false);
  });

  it('says what is wrong with bad usage or no bucket (exit 2)', async () => {
    expect((await run('--concurrency', 'lots')).code).toBe(2);
    expect((await run('--frm', 'x')).code).toBe(2);
    const lines: string[] = [];
    expect(await migrateStorage([], { env: { DATA_DIR: dataDir }, out: (l) => lines.push(l) })).toBe(2);
  });
});
