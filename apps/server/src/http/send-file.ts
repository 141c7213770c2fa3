import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { visibleName } from '../lib/file-names';
import { RangeNotSatisfiableError, type ByteRange, type Storage } from '../lib/storage';
import { SENT } from './endpoints';

/** `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266 / RFC 5987), of the name as it shows (files stored before names were cleaned too). */
export function contentDisposition(type: 'attachment' | 'inline', stored: string): string {
  const name = visibleName(stored);
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function downloadHeaders(reply: FastifyReply, mime: string, name: string, disposition: 'attachment' | 'inline'): FastifyReply {
  return reply
    .header('content-type', mime)
    .header('content-disposition', contentDisposition(disposition, name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache');
}

/** Send bytes as a download the browser must not reinterpret. */
export function sendFile(reply: FastifyReply, body: Buffer, mime: string, name: string, disposition: 'attachment' | 'inline' = 'attachment'): typeof SENT {
  downloadHeaders(reply, mime, name, disposition).header('content-length', String(body.length)).send(body);
  return SENT;
}

/** Send a stream as a download (its length unknown until it ends: chunked). */
export function sendStream(reply: FastifyReply, body: Readable, mime: string, name: string): typeof SENT {
  downloadHeaders(reply, mime, name, 'attachment').send(body);
  return SENT;
}

/** A single range of `Range: bytes=…`; a suffix (`bytes=-500`) as its length. */
type RequestedRange = ByteRange | { suffix: number };

/**
 * The one range asked for, or undefined to send the whole file: no Range header, one that is not
 * a single well-formed byte range (a server may ignore those), or an If-Range that is not the
 * file's current ETag.
 */
export function requestedRange(headers: FastifyRequest['headers'], etag?: string): RequestedRange | undefined {
  const header = headers.range;
  if (typeof header !== 'string') return undefined;
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && (etag === undefined || ifRange !== etag)) return undefined;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

export interface StoredFile {
  key: string;
  mime: string;
  name: string;
  disposition?: 'attachment' | 'inline';
  /** A strong validator of the bytes (e.g. their SHA-256), so a broken download resumes with If-Range. */
  etag?: string;
  /** The object's size when known (saves opening it twice for `bytes=-N`). */
  size?: number;
}

/** An upload as a download under `name`: images open in the browser, the rest are saved. */
export function uploadFile(upload: { storageKey: string; mime: string; sha256: string; size: number }, name: string): StoredFile {
  const disposition = upload.mime.startsWith('image/') ? 'inline' : 'attachment';
  return { key: upload.storageKey, mime: upload.mime, name, disposition, etag: upload.sha256, size: upload.size };
}

/**
 * Stream an object from storage as a download, honouring one byte range (206, or 416 when it
 * starts past the end); memory stays bounded whatever the size. Null when storage holds no such
 * object: the caller answers its own "not found".
 */
export async function sendStoredFile(req: FastifyRequest, reply: FastifyReply, storage: Storage, file: StoredFile): Promise<typeof SENT | null> {
  const etag = file.etag === undefined ? undefined : `"${file.etag}"`;
  // A copy the browser already holds (it revalidates: `no-cache`) needs no bytes again.
  const held = req.headers['if-none-match'];
  if (etag && typeof held === 'string' && held.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()))) {
    reply.header('etag', etag).header('cache-control', 'private, no-cache').code(304).send();
    return SENT;
  }
  const wanted = requestedRange(req.headers, etag);
  let object;
  try {
    if (wanted && 'suffix' in wanted && file.size !== undefined) {
      if (wanted.suffix === 0 || file.size === 0) throw new RangeNotSatisfiableError(file.size);
      object = await storage.open(file.key, { start: Math.max(0, file.size - wanted.suffix) });
    } else if (wanted && 'suffix' in wanted) {
      // The last N bytes: their start needs the size, which opening the whole object tells.
      object = await storage.open(file.key);
      if (object && (wanted.suffix === 0 || object.totalSize === 0)) throw new RangeNotSatisfiableError(object.totalSize);
      if (object) {
        const start = Math.max(0, object.totalSize - wanted.suffix);
        object.body.destroy();
        object = await storage.open(file.key, { start });
      }
    } else {
      object = await storage.open(file.key, wanted);
    }
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    object?.body.destroy();
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .header('accept-ranges', 'bytes')
      .header('content-range', `bytes */${error.totalSize}`)
      .code(416)
      .send(`请求的字节范围超出文件大小（${error.totalSize} 字节）`);
    return SENT;
  }
  if (!object) return null;

  downloadHeaders(reply, file.mime, file.name, file.disposition ?? 'attachment')
    .header('accept-ranges', 'bytes')
    .header('content-length', String(object.size));
  if (etag) reply.header('etag', etag);
  if (object.range) reply.code(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.totalSize}`);
  let body = object.body;
  if (req.method === 'HEAD') {
    // Fastify would read a streamed body to the end for HEAD: the headers are all that is wanted.
    body.destroy();
    body = Readable.from([]);
  }
  reply.send(body);
  return SENT;
}
