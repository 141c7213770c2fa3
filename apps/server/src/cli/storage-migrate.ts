// Copies a local storage tree (DATA_DIR/uploads: uploads and generated packages) into the bucket
// the S3_* variables name, built to dist/storage-migrate.js:
//   node dist/storage-migrate.js [--from <dir>] [--concurrency <n>] [--skip-database]
// At the root: `pnpm storage:migrate …` (builds first). Every object is read back from the bucket
// and its SHA-256 compared with the local file's, and with the SHA-256 the uploads table recorded
// for it (unless --skip-database). Resumable: an object already in the bucket with the same size
// and SHA-256 is skipped, so a run cut short is simply run again. Exit code 0 when every object is
// in the bucket and verified, 1 when any failed, 2 on bad usage.
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { loadConfig } from '../env';
import { checkKey, s3Client, type S3Settings } from '../lib/storage';
import { sha256Of } from '../lib/stream-hash';
import { recordedUpload } from './storage-migrate-repository';

const USAGE = `Usage: pnpm storage:migrate [--from <dir>] [--concurrency <n>] [--skip-database]
Copies every object under <dir> (default: DATA_DIR/uploads) into the bucket named by S3_BUCKET
(with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE), reads
each one back to verify its SHA-256, and skips objects already there with the same size and SHA-256.
--skip-database does not compare with the SHA-256 recorded in the uploads table (on the embedded
PGlite start, stop the server first or pass this).`;

const OPTIONS = {
  from: { type: 'string' },
  concurrency: { type: 'string' },
  'skip-database': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

// Objects are written with their SHA-256 as metadata, so a second run can skip them without reading them back.
const HASH_METADATA = 'sha256';

type Outcome = 'copied' | 'present' | 'failed';

interface Summary {
  copied: number;
  present: number;
  failed: number;
  ignored: string[];
  bytes: number;
}

/** Every file under `root`, as storage keys (relative, `/`-separated); temporary files of unfinished writes left out. */
async function localKeys(root: string): Promise<{ keys: string[]; ignored: string[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const keys: string[] = [];
  const ignored: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (key.endsWith('.tmp')) continue;
    try {
      keys.push(checkKey(key));
    } catch {
      ignored.push(key);
    }
  }
  return { keys: keys.sort(), ignored: ignored.sort() };
}

async function migrateOne(client: S3Client, settings: S3Settings, root: string, key: string, handle: DatabaseHandle | undefined): Promise<{ outcome: Outcome; detail: string; bytes: number }> {
  const Bucket = settings.bucket;
  const path = join(root, ...key.split('/'));
  const local = await sha256Of(createReadStream(path));
  const recorded = handle ? await recordedUpload(handle.db, key) : undefined;
  if (recorded && (recorded.sha256 !== local.sha256 || recorded.size !== local.size)) {
    return { outcome: 'failed', detail: `the local file differs from the upload's recorded SHA-256 ${recorded.sha256} (${recorded.size} bytes): not copied`, bytes: 0 };
  }

  const head = await client.send(new HeadObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  });
  if (head && head.ContentLength === local.size) {
    if (head.Metadata?.[HASH_METADATA] === local.sha256) return { outcome: 'present', detail: 'already there', bytes: 0 };
    // Written by something else (the server itself, say): its bytes tell.
    const remote = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    if ((await sha256Of(remote.Body as Readable)).sha256 === local.sha256) return { outcome: 'present', detail: 'already there (verified by reading it back)', bytes: 0 };
  }

  await new Upload({
    client,
    params: { Bucket, Key: key, Body: createReadStream(path), Metadata: { [HASH_METADATA]: local.sha256 } },
    partSize: 8 * 1024 * 1024,
    queueSize: 2,
  }).done();
  const copy = await client.send(new GetObjectCommand({ Bucket, Key: key }));
  const read = await sha256Of(copy.Body as Readable);
  if (read.sha256 !== local.sha256 || read.size !== local.size) {
    return { outcome: 'failed', detail: `read back ${read.size} bytes with SHA-256 ${read.sha256}, expected ${local.size} bytes with ${local.sha256}`, bytes: local.size };
  }
  return { outcome: 'copied', detail: `${head ? 'replaced and ' : ''}verified`, bytes: local.size };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The command; answers its exit code. `env` and `out` default to the process's (tests pass their own). */
export async function migrateStorage(
  argv: string[],
  { env = process.env, out = (line: string) => void process.stdout.write(`${line}\n`) }: { env?: NodeJS.ProcessEnv; out?: (line: string) => void } = {},
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv.filter((arg) => arg !== '--'), options: OPTIONS, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    console.error(`--concurrency must be a whole number from 1 to 64.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(env);
  if (config.storage.kind !== 's3') {
    console.error(`S3_BUCKET is not set: there is no bucket to copy into.\n${USAGE}`);
    return 2;
  }
  const settings = config.storage;
  const root = values.from ?? join(config.dataDir, 'uploads');
  let found;
  try {
    found = await localKeys(root);
  } catch (error) {
    console.error(`Cannot read ${root}: ${(error as Error).message}`);
    return 1;
  }

  const handle = values['skip-database'] ? undefined : await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, ssl: config.database.ssl, prepare: config.database.prepare });
  const client = s3Client(settings);
  const summary: Summary = { copied: 0, present: 0, failed: 0, ignored: found.ignored, bytes: 0 };
  const total = found.keys.length;
  out(`Copying ${total} object(s) from ${root} into bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}.`);
  for (const key of found.ignored) out(`ignored ${key}: not a storage key`);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < total) {
      const key = found.keys[next++]!;
      let result: { outcome: Outcome; detail: string; bytes: number };
      try {
        result = await migrateOne(client, settings, root, key, handle);
      } catch (error) {
        result = { outcome: 'failed', detail: (error as Error).message, bytes: 0 };
      }
      summary[result.outcome] += 1;
      summary.bytes += result.bytes;
      done += 1;
      out(`[${done}/${total}] ${result.outcome === 'failed' ? 'FAILED' : result.outcome} ${key}: ${result.detail}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(total, 1)) }, worker));
  } finally {
    client.destroy();
    await handle?.close();
  }
  out(
    `Done: ${summary.copied} copied (${megabytes(summary.bytes)}), ${summary.present} already there, ${summary.failed} failed` +
      `${summary.ignored.length > 0 ? `, ${summary.ignored.length} ignored` : ''}.`,
  );
  if (summary.failed > 0) out('Some objects are not in the bucket or did not verify: fix the cause and run the command again (it resumes).');
  return summary.failed > 0 ? 1 : 0;
}

// Run as a command (dist/storage-migrate.js), not when a test imports it.
if (process.argv[1] && /storage-migrate\.(js|ts)$/.test(process.argv[1])) {
  migrateStorage(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`Failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
