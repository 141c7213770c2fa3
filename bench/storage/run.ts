// Large files through the real server: one 200 MB upload (multipart, streamed from here, never
// held whole) and its download, on local disk and on an S3-compatible bucket (s3rver, started in
// this process so its memory is not the server's). Reports the server process's resident set
// (VmRSS, sampled every 25 ms) before, at its peak during the upload and during the download.
// Usage: pnpm --filter @flagship/bench storage [--mb 200] [--storage disk,s3] [--parallel 1]
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startS3Server, type ThrowawayS3 } from '@flagship/testing';
import { startBuiltServer } from '../api/built-server';
import { BENCH_ACCOUNT, BENCH_PASSWORD, prepare } from '../api/prepare';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '200' }, storage: { type: 'string', default: 'disk,s3' }, parallel: { type: 'string', default: '1' } } });
const MiB = 1024 * 1024;
const size = Number(values.mb) * MiB;
const parallel = Number(values.parallel);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The peak VmRSS of `pid` while `work` runs. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = rssMb(pid);
  const timer = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 25);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** A multipart body with one PDF of `size` bytes, made 1 MiB at a time; its SHA-256 once sent. */
function multipartPdf(total: number): { body: ReadableStream<Uint8Array>; boundary: string; sha256: () => string } {
  const boundary = `----flagship-bench-${randomBytes(8).toString('hex')}`;
  const block = randomBytes(MiB);
  const hash = createHash('sha256');
  let sent = 0;
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'head') {
        controller.enqueue(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`));
        stage = 'file';
      } else if (stage === 'file') {
        const chunk = Buffer.from(block.subarray(0, Math.min(MiB, total - sent)));
        if (sent === 0) Buffer.from('%PDF-1.4\n').copy(chunk);
        else chunk.writeUInt32BE(sent / MiB, 0);
        hash.update(chunk);
        sent += chunk.length;
        controller.enqueue(chunk);
        if (sent >= total) stage = 'tail';
      } else if (stage === 'tail') {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        stage = 'done';
      } else {
        controller.close();
      }
    },
  });
  return { body, boundary, sha256: () => hash.digest('hex') };
}

async function login(base: string): Promise<string> {
  const verify = await fetch(`${base}/api/verify`);
  await verify.arrayBuffer();
  const cookie = verify.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ account: BENCH_ACCOUNT, password: BENCH_PASSWORD, captcha: verify.headers.get('x-captcha-answer') }),
  });
  const envelope = (await response.json()) as { errno: number; errmsg: string; data: { token: string } };
  if (envelope.errno !== 200) throw new Error(`login failed: ${envelope.errmsg}`);
  return envelope.data.token;
}

interface Row {
  storage: string;
  baselineMb: number;
  uploadPeakMb: number;
  uploadSeconds: number;
  downloadPeakMb: number;
  downloadSeconds: number;
  verified: boolean;
}

async function bench(storage: 'disk' | 's3'): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flagship-bench-storage-'));
  let s3: ThrowawayS3 | undefined;
  try {
    await prepare(dataDir, undefined, 0);
    if (storage === 's3') s3 = await startS3Server();
    // No load shedding: the start's busy first seconds would answer 503.
    const { child, port } = await startBuiltServer({ ...process.env, ...s3?.env, DATA_DIR: dataDir, DATABASE_URL: '', UPLOAD_LIMIT_MB: String(Math.ceil(size / MiB) + 10), MAX_EVENT_LOOP_DELAY_MS: '0', MAX_RSS_MB: '0', MAX_HEAP_USED_MB: '0' });
    try {
      const base = `http://127.0.0.1:${port}`;
      const pid = child.pid as number;
      const token = await login(base);
      // Let the start settle, so the baseline is the idle server.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const baselineMb = rssMb(pid);

      // `--parallel N`: N files at once, each its own request, to see what one request costs.
      const uploads = Array.from({ length: parallel }, () => multipartPdf(size));
      let started = performance.now();
      const sent = await peakRss(pid, () =>
        Promise.all(
          uploads.map(async (upload) => {
            const response = await fetch(`${base}/admin/upload`, {
              method: 'POST',
              headers: { authKey: token, 'content-type': `multipart/form-data; boundary=${upload.boundary}` },
              body: upload.body,
              duplex: 'half',
            } as RequestInit);
            const envelope = (await response.json()) as { errno: number; errmsg: string; data: { url: string; sha256: string } };
            if (envelope.errno !== 200) throw new Error(`upload failed: ${envelope.errmsg}`);
            return envelope.data;
          }),
        ),
      );
      const uploadSeconds = (performance.now() - started) / 1000;
      const expected = uploads.map((upload) => upload.sha256());

      started = performance.now();
      const received = await peakRss(pid, () =>
        Promise.all(
          sent.result.map(async (file) => {
            const response = await fetch(`${base}${file.url}`, { headers: { authKey: token } });
            const hash = createHash('sha256');
            let length = 0;
            for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
              hash.update(chunk);
              length += chunk.length;
            }
            return { sha256: hash.digest('hex'), length };
          }),
        ),
      );
      const downloadSeconds = (performance.now() - started) / 1000;
      return {
        storage,
        baselineMb,
        uploadPeakMb: sent.peakMb,
        uploadSeconds,
        downloadPeakMb: received.peakMb,
        downloadSeconds,
        verified: expected.every((sha256, i) => sent.result[i]!.sha256 === sha256 && received.result[i]!.sha256 === sha256 && received.result[i]!.length === size),
      };
    } finally {
      child.kill('SIGTERM');
    }
  } finally {
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const storage of values.storage.split(',') as ('disk' | 's3')[]) rows.push(await bench(storage));
const mbps = (seconds: number) => Math.round((parallel * size) / MiB / seconds);
const table = [
  `| storage | files at once | file | server RSS idle MB | peak while uploading MB | upload s (MB/s) | peak while downloading MB | download s (MB/s) | SHA-256 round trip |`,
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.storage === 's3' ? 's3 (s3rver)' : 'disk'} | ${parallel} | ${size / MiB} MB | ${r.baselineMb} | ${r.uploadPeakMb} | ${r.uploadSeconds.toFixed(1)} (${mbps(r.uploadSeconds)}) | ${r.downloadPeakMb} | ${r.downloadSeconds.toFixed(1)} (${mbps(r.downloadSeconds)}) | ${r.verified ? 'same' : 'DIFFERENT'} |`,
  ),
].join('\n');
process.stdout.write(`${table}\n`);
