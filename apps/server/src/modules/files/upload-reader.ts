import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { CompoundFileScanner, type SniffedType } from '../../lib/file-types';

/**
 * What an upload's bytes tell on their way to storage: its first bytes (to sniff the type from),
 * its size, its SHA-256 and, for a compound file, which Office application wrote it. Passes every
 * byte on unchanged; holds at most the first `headBytes` (plus a chunk) in memory.
 */
export class UploadReader extends Transform {
  /** Resolves with the first `headBytes` (fewer when the file is shorter) as soon as they have passed. */
  readonly head: Promise<Buffer>;
  private bytes = 0;
  private readonly hash = createHash('sha256');
  // Chunks seen before the caller has said whether to scan for Office streams (after sniffing the
  // head); they also sit in this stream's buffer, so keeping them costs nothing more.
  private held: Buffer[] = [];
  private heldBytes = 0;
  private scanner: CompoundFileScanner | null | undefined;
  private settleHead: { resolve: (head: Buffer) => void; reject: (error: Error) => void } | undefined;

  constructor(private readonly headBytes: number) {
    // The head must fit in the readable buffer while nobody reads yet, or the sniff would wait forever.
    super({ readableHighWaterMark: headBytes + 64 * 1024 });
    this.head = new Promise((resolve, reject) => {
      this.settleHead = { resolve, reject };
    });
    // Read only on the happy path; a failure is seen where the stream is consumed.
    this.head.catch(() => {});
    // A dropped upload destroys this stream with the socket's error, maybe before anyone consumes
    // it (while the head is sniffed): `pipe()` would throw that error again with no listener here,
    // and an unhandled 'error' ends the process. It reaches the handler through `head` or the put.
    this.on('error', () => {});
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.scanner) this.scanner.push(chunk);
    else if (this.scanner === undefined) {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
    }
    if (this.settleHead && this.heldBytes >= this.headBytes) this.resolveHead();
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.resolveHead();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.settleHead?.reject(error ?? new Error('The upload ended early'));
    this.settleHead = undefined;
    callback(error);
  }

  /** Whether to look for Office streams (a compound file): decided once the head is sniffed. */
  scanCompoundFile(scan: boolean): void {
    if (this.scanner !== undefined) return;
    this.scanner = scan ? new CompoundFileScanner() : null;
    for (const chunk of this.held) this.scanner?.push(chunk);
    this.held = [];
  }

  /** After the last byte: the Office type of a compound file (see scanCompoundFile). */
  compoundFileType(): SniffedType | undefined {
    return this.scanner?.type();
  }

  /** After the last byte: the size and SHA-256 of everything that passed. */
  summary(): { size: number; sha256: string } {
    return { size: this.bytes, sha256: this.hash.digest('hex') };
  }

  private resolveHead(): void {
    if (!this.settleHead) return;
    const head = Buffer.concat(this.held);
    this.settleHead.resolve(head.subarray(0, this.headBytes));
    this.settleHead = undefined;
  }
}
