import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage, newStorageKey } from '../lib/storage';
import { requestedRange, sendStoredFile } from './send-file';

describe('requestedRange', () => {
  it('reads one byte range and ignores what it cannot honour', () => {
    expect(requestedRange({ range: 'bytes=0-9' })).toEqual({ start: 0, end: 9 });
    expect(requestedRange({ range: 'bytes=10-' })).toEqual({ start: 10 });
    expect(requestedRange({ range: 'bytes=-5' })).toEqual({ suffix: 5 });
    for (const range of ['bytes=5-1', 'bytes=-', 'bytes=0-1,3-4', 'lines=1-2', 'bytes=a-b', 'bytes=1234567890123456-']) {
      expect(requestedRange({ range }), range).toBeUndefined();
    }
    expect(requestedRange({ range: 'bytes=0-9', 'if-range': '"abc"' }, '"abc"')).toEqual({ start: 0, end: 9 });
    expect(requestedRange({ range: 'bytes=0-9', 'if-range': '"old"' }, '"abc"')).toBeUndefined();
    // Without an ETag of ours any If-Range is stale (a date, say).
    expect(requestedRange({ range: 'bytes=0-9', 'if-range': 'Mon, 23 Nov 2026 10:00:00 GMT' })).toBeUndefined();
  });
});

describe('sendStoredFile without a known size (packages)', () => {
  let dir: string;
  let app: FastifyInstance;
  const bytes = Buffer.from('PK-package-bytes-0123456789');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'flagship-send-'));
    const storage = localDiskStorage(dir);
    const key = newStorageKey('packages', 'zip');
    await storage.put(key, bytes);
    app = Fastify();
    app.get('/file/:which', async (req, reply) => {
      const which = (req.params as { which: string }).which;
      const sent = await sendStoredFile(req, reply, storage, { key: which === 'missing' ? newStorageKey('packages', 'zip') : key, mime: 'application/zip', name: '申报材料.zip' });
      return sent ? reply : reply.code(404).send('missing');
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the last bytes, 416 for an empty suffix, and null for a missing object', async () => {
    const suffix = await app.inject({ url: '/file/it', headers: { range: 'bytes=-7' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${bytes.length - 7}-${bytes.length - 1}/${bytes.length}`);
    expect(suffix.rawPayload.equals(bytes.subarray(-7))).toBe(true);

    const longer = await app.inject({ url: '/file/it', headers: { range: 'bytes=-1000' } });
    expect(longer.statusCode).toBe(206);
    expect(longer.rawPayload.equals(bytes)).toBe(true);

    const empty = await app.inject({ url: '/file/it', headers: { range: 'bytes=-0' } });
    expect(empty.statusCode).toBe(416);
    expect(empty.headers['content-range']).toBe(`bytes */${bytes.length}`);

    const whole = await app.inject({ url: '/file/it' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['etag']).toBeUndefined();
    expect(whole.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('申报材料.zip')}`);
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    expect((await app.inject({ url: '/file/missing' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/file/missing', headers: { range: 'bytes=-5' } })).statusCode).toBe(404);
  });
});
