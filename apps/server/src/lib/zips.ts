// The zips the site hands out: one application's package (the applicant's download and each
// entry of staff's), and staff's zip of several packages. What goes into them is read in
// shared/download-jobs-repository.ts.
//
// Written as streams: entries are read one after another from their sources (storage streams),
// the zip comes out as a Readable to pipe into storage, and memory stays a few chunks whatever the
// size. fflate's `Zip` writes the container (headers, data descriptors, central directory, the
// UTF-8 flag on Chinese names); each entry's bytes are deflated by node:zlib, which runs in
// libuv's thread pool, and checksummed by zlib's native crc32, so the event loop only moves
// chunks (fflate's own ZipDeflate would deflate in JavaScript on the event loop).
import { Readable, pipeline } from 'node:stream';
import { constants as zlibConstants, crc32, createDeflateRaw } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';
import { visibleName } from './file-names';

/** An entry's bytes: in memory, or a stream read when the entry's turn comes. */
export type ZipBody = Uint8Array | Readable | AsyncIterable<Uint8Array>;

export interface ZipEntry {
  /** Path inside the zip, `/` between folders; any Unicode. */
  name: string;
  body: ZipBody;
  /** Deflate (true) or store as is (false, for what is compressed already). */
  compress: boolean;
}

export interface PackageFile {
  name: string;
  mime: string;
  body: ZipBody;
}

/** Entries are fed in pieces this big, so no single step holds the event loop long. */
const PIECE = 64 * 1024;

/**
 * Unique names inside the zip as they show (no bidi controls or invisible characters, which could
 * also make two names look alike): `a.pdf`, `a (2).pdf`.
 */
function uniqueName(raw: string, taken: Set<string>): string {
  const name = visibleName(raw);
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

const COMPRESSED = /^(image\/|application\/(pdf|zip|vnd\.openxmlformats))/;

/** A body as chunks of at most PIECE bytes. */
async function* piecesOf(body: ZipBody): AsyncGenerator<Uint8Array> {
  const chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> = body instanceof Uint8Array ? [body] : body;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, Math.min(at + PIECE, bytes.length));
  }
}

/**
 * The largest zip written: fflate writes no ZIP64 records, so sizes and offsets are 32-bit. Past
 * 4 GiB the zip would be corrupt yet look finished; the stream fails instead (room is left for the
 * central directory).
 */
export const ZIP_MAX_BYTES = 2 ** 32 - 64 * 2 ** 20;

/** A zip that would pass `ZIP_MAX_BYTES`: split the work (fewer applications per download). */
export class ZipTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`The zip would pass ${maxBytes} bytes (no ZIP64)`);
  }
}

/**
 * The zip of `entries`, read one after another as the stream is read (so a slow reader slows the
 * sources down too). A source that fails fails the stream; sources not reached are never opened.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, maxBytes = ZIP_MAX_BYTES): Readable {
  return Readable.from(zipChunks(entries, maxBytes), { objectMode: false, highWaterMark: 256 * 1024 });
}

async function* zipChunks(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, maxBytes: number): AsyncGenerator<Buffer> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  let written = 0;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  function* drain(): Generator<Buffer> {
    if (failure) throw failure;
    // Buffer views, not copies: fflate hands over each chunk for good.
    for (const chunk of out.splice(0)) {
      written += chunk.byteLength;
      if (written > maxBytes) throw new ZipTooLargeError(maxBytes);
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  }

  for await (const entry of entries) {
    let crc = 0;
    let size = 0;
    const file: ZipInputFile = {
      filename: entry.name,
      compression: entry.compress ? 8 : 0,
      // Deflate level hint in the header (normal).
      flag: 0,
      mtime: new Date(),
      size: 0,
      crc: 0,
      ondata: () => {},
    };
    zip.add(file);
    // Set by `zip.add`: the way into the container.
    const push = (chunk: Uint8Array, final: boolean) => file.ondata?.(null, chunk as Uint8Array<ArrayBuffer>, final);
    const counted = async function* () {
      for await (const piece of piecesOf(entry.body)) {
        crc = crc32(piece, crc);
        size += piece.length;
        yield piece;
      }
    };
    const data: AsyncIterable<Uint8Array> = entry.compress
      ? pipeline(Readable.from(counted(), { objectMode: false }), createDeflateRaw({ level: 6, chunkSize: PIECE, flush: zlibConstants.Z_NO_FLUSH }), () => {})
      : counted();
    for await (const chunk of data) {
      push(chunk, false);
      yield* drain();
    }
    file.size = size;
    file.crc = crc;
    push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** One application's package: its document at the top, the attachments under `附件/`, stored or deflated by type. */
export function packageZipStream(document: { name: string; body: ZipBody }, attachments: Iterable<PackageFile> | AsyncIterable<PackageFile>): Readable {
  return zipStream(
    (async function* () {
      yield { name: visibleName(document.name), body: document.body, compress: false };
      const taken = new Set<string>();
      for await (const file of attachments) {
        yield { name: `附件/${uniqueName(file.name, taken)}`, body: file.body, compress: !COMPRESSED.test(file.mime) };
      }
    })(),
  );
}

/** Several finished zips in one, stored as they are: `a.zip`, `a (2).zip`; each read when its turn comes. */
export function zipOfZipsStream(files: Iterable<{ name: string; body: ZipBody }> | AsyncIterable<{ name: string; body: ZipBody }>, maxBytes = ZIP_MAX_BYTES): Readable {
  return zipStream(
    (async function* () {
      const taken = new Set<string>();
      for await (const file of files) yield { name: uniqueName(file.name, taken), body: file.body, compress: false };
    })(),
    maxBytes,
  );
}

/** A whole stream in memory: for small zips and tests only. */
export async function streamToBuffer(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
