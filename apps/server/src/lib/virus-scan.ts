// Uploads are scanned by ClamAV's daemon (clamd) before they are accepted. clamd's protocol is
// three messages (the clamd(8) manual, "INSTREAM"): the command, the bytes in length-prefixed
// chunks ending with an empty one, and one line back: `stream: OK` or `stream: <name> FOUND`.
// That is small enough to speak directly; the npm wrappers drive the clamscan binaries and their
// configuration files, which a server streaming uploads from storage has no use for.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';

export type ScanVerdict = { clean: true } | { clean: false; signature: string };

export interface VirusScanner {
  /** Where clamd listens: a Unix socket's path or host:port. */
  readonly address: string;
  /** Streams the bytes to clamd; throws ScannerUnavailableError when it cannot give a verdict. */
  scan(body: Readable): Promise<ScanVerdict>;
  /** Whether clamd answers (the health answer and readiness). */
  ping(): Promise<void>;
}

/** clamd did not answer, answered an error, or refused the stream (e.g. over its StreamMaxLength). */
export class ScannerUnavailableError extends Error {
  override name = 'ScannerUnavailableError';
}

const END_OF_STREAM = Buffer.alloc(4);

/** A scanner for clamd at `address` (a socket path, or host:port). */
export function clamdScanner(address: string, { timeoutMs = 60_000, pingTimeoutMs = 3_000 } = {}): VirusScanner {
  const open = (timeoutMs: number): Socket => {
    const separator = address.lastIndexOf(':');
    const socket = address.startsWith('/') || separator < 0 ? connect(address) : connect(Number(address.slice(separator + 1)), address.slice(0, separator));
    socket.setTimeout(timeoutMs, () => socket.destroy(new ScannerUnavailableError(`clamd at ${address} gave no answer in ${timeoutMs} ms`)));
    return socket;
  };

  /** Sends a command (and writes more with `send`), then reads clamd's one answer up to its NUL. */
  const exchange = async (command: string, timeoutMs: number, send?: (socket: Socket) => Promise<void>): Promise<string> => {
    const socket = open(timeoutMs);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = once(socket, 'close');
    // Rejects with the socket's error; awaited below only once connected, so never left unhandled.
    ended.catch(() => {});
    try {
      await once(socket, 'connect');
      socket.write(`z${command}\0`);
      if (send) await send(socket);
      else socket.end();
      await ended;
    } catch (error) {
      socket.destroy();
      if (error instanceof ScannerUnavailableError) throw error;
      throw new ScannerUnavailableError(`clamd at ${address}: ${(error as Error).message}`);
    }
    return Buffer.concat(chunks).toString('utf8').replace(/\0+$/, '').trim();
  };

  return {
    address,
    async scan(body) {
      const answer = await exchange('INSTREAM', timeoutMs, async (socket) => {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          const length = Buffer.alloc(4);
          length.writeUInt32BE(chunk.length);
          socket.write(length);
          // A closed connection (clamd ends one that passes its StreamMaxLength) rejects this with its error.
          if (!socket.write(chunk)) await once(socket, 'drain');
        }
        socket.end(END_OF_STREAM);
      });
      if (answer === 'stream: OK') return { clean: true };
      const found = /^stream: (.+) FOUND$/.exec(answer);
      if (found?.[1]) return { clean: false, signature: found[1] };
      throw new ScannerUnavailableError(`clamd at ${address} answered: ${answer || '(nothing)'}`);
    },
    async ping() {
      const answer = await exchange('PING', pingTimeoutMs);
      if (answer !== 'PONG') throw new ScannerUnavailableError(`clamd at ${address} answered PING with: ${answer || '(nothing)'}`);
    },
  };
}
