// A 200 MB package built as a stream from storage into storage while the event loop is watched:
// no stall over 50 ms, and memory a few chunks, not the package. The figures are printed and go
// to docs/performance.md ("Packages built as streams"). A loaded machine delays timers by itself
// (tens of ms, at times 100 and more, on 2 cores shared with other test runs), so the same watch
// first runs for a second with nothing to do, for comparison. The 50 ms aim is measured on a quiet
// machine and written down; the test holds 250 ms, which still tells a stream from a package built
// whole (0.9 s blocked for 200 MB before) without failing when other test files load the cores.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from '../src/lib/storage';
import { packageZipStream, type PackageFile } from '../src/lib/zips';

const MiB = 1024 * 1024;
/** Four attachments of 50 MB: two deflated (octet-stream), two stored (PDF), all random bytes. */
const ATTACHMENTS = [
  { name: '演出录像.bin', mime: 'application/octet-stream' },
  { name: '申报材料扫描件.pdf', mime: 'application/pdf' },
  { name: '原始数据.bin', mime: 'application/octet-stream' },
  { name: '附加证明.pdf', mime: 'application/pdf' },
];

describe('a 200 MB package built as a stream', () => {
  const root = mkdtempSync(join(tmpdir(), 'flagship-package-'));
  const storage = localDiskStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps event-loop stalls short (no whole-package step) and memory bounded', async () => {
    for (const [i] of ATTACHMENTS.entries()) await storage.put(`uploads/${i}.bin`, randomBytes(50 * MiB));
    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    idle.disable();
    const idleMaxMs = idle.max / 1e6;
    global.gc?.();
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 20);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();

    async function* attachments(): AsyncGenerator<PackageFile> {
      for (const [i, file] of ATTACHMENTS.entries()) {
        const stored = await storage.open(`uploads/${i}.bin`);
        if (!stored) throw new Error('attachment missing');
        yield { ...file, body: stored.body };
      }
    }
    await storage.put('downloads/package.zip', packageZipStream({ name: '申报书.docx', body: randomBytes(200_000) }, attachments()));

    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    clearInterval(sampler);
    const maxStallMs = delay.max / 1e6;
    const zipBytes = statSync(join(root, 'downloads/package.zip')).size;
    process.stdout.write(
      `package ${(zipBytes / MiB).toFixed(0)} MB in ${seconds.toFixed(1)} s; event-loop delay max ${maxStallMs.toFixed(1)} ms, ` +
        `p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms (idle: max ${idleMaxMs.toFixed(1)} ms, load ${(loadavg()[0] ?? 0).toFixed(1)}); ` +
        `RSS ${(rssBefore / MiB).toFixed(0)} → peak ${(rssPeak / MiB).toFixed(0)} MB\n`,
    );

    // The zip is whole: every entry's CRC checks out (Info-ZIP's own reader).
    const listing = execFileSync('unzip', ['-tq', join(root, 'downloads/package.zip')], { encoding: 'utf8' });
    expect(listing).toMatch(/No errors detected/);
    expect(zipBytes).toBeGreaterThan(200 * MiB);
    expect(maxStallMs).toBeLessThan(250);
    // Far below the 200 MB a buffered package would take.
    expect(rssPeak - rssBefore).toBeLessThan(100 * MiB);
  }, 60_000);
});
