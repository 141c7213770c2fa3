// A real S3-compatible server for tests: s3rver (objects as files in a temporary directory) on a
// free loopback port, one bucket created. It speaks path-style only (S3_FORCE_PATH_STYLE=1) and
// ignores the CRC32 checksums newer AWS SDKs add by default, so tests pass either way on that
// point; the server's driver sends them only when required, for the stores that refuse them.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// s3rver ships no types: what this file uses of it.
interface S3rver {
  httpServer?: Server;
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverOptions = { address: string; port: number; silent: boolean; directory: string; vhostBuckets: boolean; configureBuckets: { name: string }[] };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rver;

export interface ThrowawayS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The server's environment for this store (`S3_*`). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

// s3rver's built-in credentials (it checks signatures made with them).
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startS3Server(options: { bucket?: string } = {}): Promise<ThrowawayS3> {
  const directory = mkdtempSync(join(tmpdir(), 'flagship-s3-'));
  const bucket = options.bucket ?? `flagship-${randomUUID().slice(0, 8)}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Path-style addressing only: no bucket names read from the Host header.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  let address: { port: number };
  try {
    address = await server.run();
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Keep-alive sockets of SDK clients would hold close() open.
      server.httpServer?.closeAllConnections?.();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
