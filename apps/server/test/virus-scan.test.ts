// Issue 16: uploads are scanned by ClamAV before they are accepted. A real clamd (Debian's
// clamav-daemon) with a database of one signature, EICAR's; on both databases, disk storage.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Errno } from '@flagship/api-client';
import { clamavWanted, EICAR, EICAR_SIGNATURE, startClamd, type ThrowawayClamd } from '@flagship/testing/clamav';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env';
import { clamdScanner } from '../src/lib/virus-scan';
import { PNG, pdf } from './apply-fixtures';
import { staffLogin } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

const wanted = clamavWanted();

/** EICAR as it usually travels: inside a zip (an allowed type), which clamd opens. */
const eicarZip = () => Buffer.from(zipSync({ 'readme.txt': strToU8('材料说明'), 'eicar.com': new Uint8Array(EICAR) }));

describe.runIf(wanted)('the clamd client', () => {
  let clamd: ThrowawayClamd;
  beforeAll(async () => {
    clamd = await startClamd();
  });
  afterAll(async () => {
    await clamd?.stop();
  });

  it('tells a clean stream, EICAR, and EICAR inside a zip', async () => {
    const scanner = clamdScanner(clamd.socket);
    const { Readable } = await import('node:stream');
    expect(await scanner.scan(Readable.from([PNG]))).toEqual({ clean: true });
    expect(await scanner.scan(Readable.from([EICAR]))).toEqual({ clean: false, signature: EICAR_SIGNATURE });
    // A large clean stream in many chunks (back-pressure on the socket).
    const big = Buffer.alloc(8 * 1024 * 1024, 7);
    expect(await scanner.scan(Readable.from([big.subarray(0, 3e6), big.subarray(3e6)]))).toEqual({ clean: true });
    expect(await scanner.scan(Readable.from([eicarZip()]))).toEqual({ clean: false, signature: EICAR_SIGNATURE });
    await expect(scanner.ping()).resolves.toBeUndefined();
  });

  it('says it cannot scan when nobody listens', async () => {
    const scanner = clamdScanner(join(clamd.socket, '..', 'nobody.sock'));
    const { Readable } = await import('node:stream');
    await expect(scanner.scan(Readable.from([PNG]))).rejects.toThrow(/clamd at .*nobody\.sock/);
    await expect(scanner.ping()).rejects.toThrow();
  });
});

describe.runIf(wanted).each(drivers)('uploads scanned by ClamAV on %s', (driver) => {
  let clamd: ThrowawayClamd;
  let server: TestServer;
  beforeAll(async () => {
    clamd = await startClamd();
    server = await startTestServer(driver, { clamdAddress: loadConfig(clamd.env).clamdAddress });
  });
  afterAll(async () => {
    await server?.close();
    await clamd?.stop();
  });

  const storedUploads = () => readdirSync(join(server.config.dataDir, 'uploads'), { recursive: true, encoding: 'utf8' }).sort();
  const upload = (api: ReturnType<TestServer['client']>['api'], bytes: Buffer, name: string) =>
    api.files.upload({ file: new Blob([new Uint8Array(bytes)]), name }, { silent: true });

  it('accepts clean files and refuses an infected one, naming the field and the finding, leaving nothing stored', async () => {
    const user = await server.newUser();
    const clean = await upload(user.api, pdf('clean'), '申报书.pdf');
    expect(clean.mime).toBe('application/pdf');

    const before = storedUploads();
    const error = await apiError(upload(user.api, eicarZip(), '附件.zip'));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.message).toContain('检测到病毒或恶意代码');
    expect(error.message).toContain(EICAR_SIGNATURE);
    expect(error.fields).toEqual({ file: '检测到病毒或恶意代码，已拒绝上传' });
    expect(storedUploads()).toEqual(before);
  });

  it('scans staff uploads too', async () => {
    const admin = await staffLogin(server);
    const error = await apiError(upload(admin.api, eicarZip(), 'policy.zip'));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.fields).toEqual({ file: '检测到病毒或恶意代码，已拒绝上传' });
  });

  it('reports the scanner in the health answer', async () => {
    const health = await server.client().api.base.health();
    expect(health).toMatchObject({ status: 'ok', virusScan: 'ok' });
  });
});

describe.runIf(wanted)('when clamd is down', () => {
  let server: TestServer;
  let clamd: ThrowawayClamd;
  beforeAll(async () => {
    clamd = await startClamd();
    server = await startTestServer('pglite', { clamdAddress: clamd.socket });
    await clamd.stop();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses uploads with 503 rather than accepting them unscanned, and health and readiness say so', async () => {
    const user = await server.newUser();
    const error = await apiError(user.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: 'a.png' }, { silent: true }));
    expect(error.errno).toBe(Errno.UNAVAILABLE);
    expect(error.message).toBe('文件安全扫描暂不可用，请稍后再试');
    const health = await server.client().api.base.health();
    expect(health).toMatchObject({ status: 'degraded', virusScan: 'down' });
    const ready = await fetch(`${server.baseUrl}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ data: { checks: { virusScanner: 'failed' } } });
  });
});

describe('without a scanner', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('accepts uploads unscanned and says so in the health answer', async () => {
    const health = await server.client().api.base.health();
    expect(health).toMatchObject({ status: 'ok', virusScan: 'off' });
  });
});
