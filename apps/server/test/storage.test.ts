// One storage suite, run against local disk and against a real S3-compatible server (s3rver on
// loopback): what the Storage interface promises, whichever driver is configured.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { startS3Server, type ThrowawayS3 } from '@flagship/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage, newStorageKey, RangeNotSatisfiableError, s3Storage, type Storage } from '../src/lib/storage';
import { sha256Of } from '../src/lib/stream-hash';

const MiB = 1024 * 1024;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `total` bytes, made chunk by chunk (never held whole), with their SHA-256 once read to the end. */
function generated(total: number, options: { failAfter?: number } = {}): { stream: Readable; sha256: () => string } {
  const block = randomBytes(MiB);
  const hash = createHash('sha256');
  let sent = 0;
  let index = 0;
  const stream = new Readable({
    read() {
      if (options.failAfter !== undefined && sent >= options.failAfter) {
        this.destroy(new Error('the client went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      // Every chunk differs (its index in front), so a part stored twice or out of order shows.
      const chunk = Buffer.from(block.subarray(0, Math.min(MiB, total - sent)));
      chunk.writeUInt32BE(index++, 0);
      hash.update(chunk);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

/** Peak resident set growth over `baseline` while `work` runs, sampled every 20 ms. */
async function peakRssGrowth(work: () => Promise<void>): Promise<number> {
  global.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage.rss()) - baseline;
}

type Driver = 'disk' | 's3';

describe.each<Driver>(['disk', 's3'])('storage on %s', (driver) => {
  let storage: Storage;
  let dir: string;
  let s3: ThrowawayS3 | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'flagship-storage-'));
    if (driver === 'disk') {
      storage = localDiskStorage(dir);
    } else {
      s3 = await startS3Server();
      storage = s3Storage({
        kind: 's3',
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
      });
    }
  });
  afterAll(async () => {
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const bytes = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');

  it('stores a Buffer and a stream, and reads them back whole', async () => {
    const fromBuffer = newStorageKey('uploads', 'txt');
    await storage.put(fromBuffer, bytes);
    expect(await storage.get(fromBuffer)).toEqual(bytes);

    const fromStream = newStorageKey('uploads', 'txt');
    await storage.put(fromStream, Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]));
    expect(await storage.get(fromStream)).toEqual(bytes);

    const whole = await storage.open(fromStream);
    expect(whole).toMatchObject({ size: bytes.length, totalSize: bytes.length });
    expect(whole!.range).toBeUndefined();
    expect(await readAll(whole!.body)).toEqual(bytes);
  });

  it('reads ranges: the first bytes, the middle, to the end, and past the end clamped', async () => {
    const key = newStorageKey('uploads', 'txt');
    await storage.put(key, bytes);
    const read = async (start: number, end?: number) => {
      const object = await storage.open(key, { start, end });
      return { ...object!, text: (await readAll(object!.body)).toString() };
    };
    expect(await read(0, 9)).toMatchObject({ text: '0123456789', size: 10, totalSize: 36, range: { start: 0, end: 9 } });
    expect(await read(10, 15)).toMatchObject({ text: 'abcdef', size: 6, range: { start: 10, end: 15 } });
    expect(await read(30)).toMatchObject({ text: 'uvwxyz', size: 6, range: { start: 30, end: 35 } });
    expect(await read(30, 1000)).toMatchObject({ text: 'uvwxyz', size: 6, range: { start: 30, end: 35 } });
    expect(await read(35, 35)).toMatchObject({ text: 'z', size: 1 });
  });

  it('refuses a range that starts past the end, telling the size', async () => {
    const key = newStorageKey('uploads', 'txt');
    await storage.put(key, bytes);
    const error = await storage.open(key, { start: 36 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeNotSatisfiableError);
    expect((error as RangeNotSatisfiableError).totalSize).toBe(36);
  });

  it('answers null for a missing key, and deleting one is no error', async () => {
    const key = newStorageKey('uploads', 'txt');
    expect(await storage.get(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
    expect(await storage.open(key, { start: 5 })).toBeNull();
    await storage.delete(key);
  });

  it('deletes an object', async () => {
    const key = newStorageKey('uploads', 'txt');
    await storage.put(key, bytes);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
  });

  it('refuses keys it did not make', async () => {
    await expect(storage.put('../etc/passwd', bytes)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.open('uploads/../../x')).rejects.toThrow(/Invalid storage key/);
  });

  it('leaves nothing readable when the body fails midway, small or large', async () => {
    // 1 MiB fails before the first multipart part is complete; 12 MiB after two parts went up.
    for (const failAfter of [1 * MiB, 12 * MiB]) {
      const key = newStorageKey('uploads', 'bin');
      await expect(storage.put(key, generated(64 * MiB, { failAfter }).stream)).rejects.toThrow('the client went away');
      expect(await storage.get(key)).toBeNull();
      expect(await storage.open(key)).toBeNull();
    }
    if (driver === 'disk') {
      // No temporary file left behind either.
      const leftovers = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tmp'));
      expect(leftovers).toEqual([]);
    }
  });

  it('streams a 200 MB object in and out with bounded memory, the same bytes back', { timeout: 120_000 }, async () => {
    const key = newStorageKey('uploads', 'bin');
    const source = generated(200 * MiB);
    const growthIn = await peakRssGrowth(() => storage.put(key, source.stream));
    let read = { sha256: '', size: 0 };
    const growthOut = await peakRssGrowth(async () => {
      const object = await storage.open(key);
      read = await sha256Of(object!.body);
    });
    expect(read).toEqual({ sha256: source.sha256(), size: 200 * MiB });
    const tail = await storage.open(key, { start: 200 * MiB - 10 });
    expect(tail!.size).toBe(10);
    expect((await readAll(tail!.body)).length).toBe(10);
    await storage.delete(key);
    process.stdout.write(`storage on ${driver}: 200 MB put +${Math.round(growthIn / MiB)} MB RSS, read +${Math.round(growthOut / MiB)} MB RSS\n`);
    expect(growthIn).toBeLessThan(100 * MiB);
    expect(growthOut).toBeLessThan(100 * MiB);
  });
});
