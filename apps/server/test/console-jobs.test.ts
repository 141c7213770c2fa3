// Staff's spreadsheets and batch downloads as background jobs: started by the console, built by the
// job queue off the request, polled for progress, the file fetched when done; one staff member's
// job is nobody else's.
import { Errno, type StaffJob } from '@flagship/api-client';
import { startS3Server, type ThrowawayS3 } from '@flagship/testing';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffJobs, uploads } from '../src/db/schema';
import { loadConfig } from '../src/env';
import { storageFor } from '../src/lib/storage';
import { sweepStaffJobs } from '../src/modules/console/application-review/staff-jobs';
import { createCall, pdf, someDistrict, validData } from './apply-fixtures';
import { auditOf, emailAccount, newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type Driver, type TestServer } from './harness';

type Applicant = Awaited<ReturnType<TestServer['newUser']>>;

/** Poll a job as the console does until it is done or failed; answers it with every progress seen. */
async function finished(staff: StaffClient, job: StaffJob, timeoutMs = 30_000): Promise<{ job: StaffJob; seen: StaffJob['progress'][] }> {
  const seen = [job.progress];
  const deadline = Date.now() + timeoutMs;
  let current = job;
  while (current.status === 'pending' || current.status === 'running') {
    if (Date.now() > deadline) throw new Error(`Job ${job.name} still ${current.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    current = await staff.api.console.jobStatus({ name: job.name });
    seen.push(current.progress);
  }
  return { job: current, seen };
}

// Every database driver on local disk, and PGlite with an S3-compatible bucket (s3rver on loopback):
// the files are streamed into storage either way.
const setups: { driver: Driver; storage: 'disk' | 's3' }[] = [...drivers.map((driver) => ({ driver, storage: 'disk' as const })), { driver: 'pglite', storage: 's3' }];

describe.each(setups)('console export and download jobs on $driver with $storage storage', ({ driver, storage }) => {
  let server: TestServer;
  let s3: ThrowawayS3 | undefined;
  let admin: StaffClient;
  let reviewer: StaffClient;
  let projectId: number;
  let formId: number;
  let region: { id: number; path: string };
  const sent: { id: number; serial: string; applicant: Applicant }[] = [];

  /** A new applicant's submitted application, with `file` as its proposal. */
  async function submit(name = '申报书.pdf') {
    const applicant = await server.newUser(emailAccount());
    const proposal = await applicant.api.files.upload({ file: new Blob([new Uint8Array(pdf(applicant.account))]), name });
    const saved = await applicant.api.apply.save({ projectId, formId, version: 0, submit: true, data: validData({ proposal: proposal.id }, region.id) });
    return { id: saved.id, serial: saved.serialNumber!, applicant, uploadId: proposal.id };
  }

  beforeAll(async () => {
    if (storage === 's3') s3 = await startS3Server();
    server = await startTestServer(driver, s3 ? { storage: loadConfig(s3.env).storage } : {});
    admin = await staffLogin(server);
    reviewer = await newReviewer(server);
    region = await someDistrict(server.handle.db);
    ({ projectId, formIds: [formId = 0] } = await createCall(server.handle.db, 'open'));
    for (let i = 0; i < 3; i++) sent.push(await submit());
    await admin.api.console.applyReview({ applyId: sent[0]!.id, status: 'approved', message: '同意' });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  it('exports the call as a spreadsheet off the request: the job answers at once, then its .xlsx holds every row', async () => {
    const started = await reviewer.api.console.applyExportJob({ projectId });
    expect(started).toMatchObject({ kind: 'export', status: 'pending', progress: { done: 0, total: 3 }, error: null });
    expect(started.fileName).toMatch(/^测试专项资助项目（open）-申报汇总\.xlsx$/);
    expect(Math.abs(Date.parse(started.expiresAt) - Date.parse(started.createdAt) - 24 * 3600_000)).toBeLessThan(5_000);

    const { job } = await finished(reviewer, started);
    expect(job).toMatchObject({ status: 'done', progress: { done: 3, total: 3 }, error: null });

    const blob = await reviewer.api.console.jobFile({ name: job.name });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['申报编号', '申报人', '状态', '提交时间']);
    expect(header).toEqual(expect.arrayContaining(['项目名称', '演出场次', '申请资助金额', '所在地区', '申报书', '主创团队']));
    expect(header).not.toContain('基本信息');
    const rows = [];
    for (let i = 2; i <= sheet.rowCount; i++) rows.push((sheet.getRow(i).values as unknown[]).slice(1).map(String));
    expect(rows.map((r) => r[0]).sort()).toEqual(sent.map((s) => s.serial).sort());
    const approved = rows.find((r) => r[0] === sent[0]!.serial)!;
    expect(approved).toContain('已通过');
    expect(approved).toContain('原创越剧《钱塘潮》');
    expect(approved).toContain(region.path);
    expect(approved).toContain('申报书.pdf');
    expect(approved).toContain('180,000.50 元');

    // The browser's link: the token as authkey, streamed from storage with its name.
    const link = `${server.baseUrl}/api/console/jobs/${job.name}/file?authkey=${encodeURIComponent(reviewer.api.session.getToken()!)}`;
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('申报汇总.xlsx'));
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    // A broken download resumes where it stopped.
    const etag = response.headers.get('etag')!;
    expect(etag).toBe(`"${job.name}"`);
    const rest = await fetch(link, { headers: { range: 'bytes=2-', 'if-range': etag } });
    expect(rest.status).toBe(206);
    expect(Number(rest.headers.get('content-length'))).toBe(Number(response.headers.get('content-length')) - 2);

    const [entry] = await auditOf(server, 'apply.export');
    expect(entry).toMatchObject({ actorId: reviewer.staffId, objectId: String(projectId), detail: { formId: null, status: null, job: job.name } });
  });

  it('exports only what the filter asks for', async () => {
    const { job } = await finished(admin, await admin.api.console.applyExportJob({ projectId, formId, status: 'approved' }));
    expect(job.progress).toEqual({ done: 1, total: 1 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await admin.api.console.jobFile({ name: job.name })).arrayBuffer());
    expect(workbook.worksheets[0]!.rowCount).toBe(2);
  });

  it('downloads chosen applications as one zip of their packages, its progress reaching the total', async () => {
    const ids = [sent[0]!.id, sent[1]!.id];
    const started = await admin.api.console.applyDownloadJob({ projectId, ids: [...ids, ids[0]!] });
    expect(started).toMatchObject({ kind: 'download', status: 'pending', progress: { done: 0, total: 2 } });
    expect(started.fileName).toMatch(/-申报材料\.zip$/);
    const { job, seen } = await finished(admin, started);
    expect(job).toMatchObject({ status: 'done', progress: { done: 2, total: 2 } });
    // Progress only moves forward.
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.done).toBeGreaterThanOrEqual(seen[i - 1]!.done);

    const outer = unzipSync(new Uint8Array(await (await admin.api.console.jobFile({ name: job.name })).arrayBuffer()));
    const names = Object.keys(outer).sort();
    expect(names).toHaveLength(2);
    for (const [i, name] of names.entries()) {
      expect(name).toContain([sent[0]!.serial, sent[1]!.serial].sort()[i]);
      const inner = unzipSync(outer[name]!);
      expect(Object.keys(inner).some((n) => n.endsWith('.docx'))).toBe(true);
      expect(Object.keys(inner)).toContain('附件/申报书.pdf');
    }
    expect((await auditOf(server, 'apply.download'))[0]).toMatchObject({ actorId: admin.staffId, objectId: String(projectId), detail: { ids, job: job.name } });
  });

  it('keeps a job to the staff member who started it: anyone else finds nothing', async () => {
    const { job } = await finished(admin, await admin.api.console.applyDownloadJob({ projectId, ids: [sent[2]!.id] }));
    const status = await apiError(reviewer.api.console.jobStatus({ name: job.name }, { silent: true }));
    expect(status).toMatchObject({ errno: Errno.NOT_FOUND, errmsg: '任务不存在或已过期' });
    expect((await apiError(reviewer.api.console.jobFile({ name: job.name }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    const file = (token: string | null | undefined) => fetch(`${server.baseUrl}/api/console/jobs/${job.name}/file${token ? `?authkey=${encodeURIComponent(token)}` : ''}`);
    expect((await file(reviewer.api.session.getToken())).status).toBe(404);
    expect((await file(sent[2]!.applicant.api.session.getToken())).status).toBe(403);
    expect((await file(null)).status).toBe(401);
    // The same staff member in another session is still its owner.
    const otherAdmin = await staffLogin(server);
    expect(otherAdmin.staffId).toBe(admin.staffId);
    expect((await otherAdmin.api.console.jobStatus({ name: job.name })).status).toBe('done');
  });

  it('fails a download whose file is gone from storage, naming it; the file then answers the failure', async () => {
    const broken = await submit('丢失的附件.pdf');
    const [upload] = await server.handle.db.select().from(uploads).where(eq(uploads.id, broken.uploadId));
    await storageFor(server.config).delete(upload!.storageKey);

    const { job } = await finished(admin, await admin.api.console.applyDownloadJob({ projectId, ids: [sent[0]!.id, broken.id] }));
    expect(job.status).toBe('failed');
    expect(job.error).toBe(`申报 ${broken.serial} 的附件「丢失的附件.pdf」已不存在，无法打包`);
    const error = await apiError(admin.api.console.jobFile({ name: job.name }, { silent: true }));
    expect(error).toMatchObject({ errno: Errno.CONFLICT, errmsg: job.error });
    // Nothing half-written is left behind.
    const [row] = await server.handle.db.select().from(staffJobs).where(eq(staffJobs.name, job.name));
    expect(row?.storageKey).toBeNull();
  });

  it('answers bad input with a Chinese message naming the field', async () => {
    const messageOf = async (promise: Promise<unknown>) => (await apiError(promise)).errmsg;
    expect(await messageOf(admin.api.console.applyDownloadJob({ projectId, ids: [] }, { silent: true }))).toBe('申报编号：请选择申报');
    expect(await messageOf(admin.api.console.applyDownloadJob({ projectId, ids: Array.from({ length: 51 }, (_, i) => i + 1) }, { silent: true }))).toBe('申报编号：一次最多选择 50 份');
    expect(await messageOf(admin.api.console.applyDownloadJob({ projectId, ids: [0] }, { silent: true }))).toMatch(/^申报编号：/);
    expect(await messageOf(admin.api.console.applyDownloadJob({ projectId, ids: 'x' as unknown as number[] }, { silent: true }))).toBe('申报编号：请选择申报');
    expect(await messageOf(admin.api.console.applyExportJob({ projectId, formId: 999_999 }, { silent: true }))).toBe('表单编号：该项目没有这个表单');
    expect(await messageOf(admin.api.console.applyExportJob({ projectId, status: 'nope' as 'draft' }, { silent: true }))).toMatch(/^状态：/);
    expect(await messageOf(admin.api.console.jobStatus({ name: 'x'.repeat(65) }, { silent: true }))).toBe('名称：任务名过长');

    const other = await createCall(server.handle.db, 'open');
    const elsewhere = await apiError(admin.api.console.applyDownloadJob({ projectId: other.projectId, ids: [sent[0]!.id] }, { silent: true }));
    expect(elsewhere.errno).toBe(Errno.NOT_FOUND);
    expect(elsewhere.errmsg).toContain(String(sent[0]!.id));
    expect((await apiError(admin.api.console.applyExportJob({ projectId: 999_999 }, { silent: true }))).errmsg).toBe('项目不存在');
    expect((await apiError(admin.api.console.jobStatus({ name: 'nope' }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    // A raw body that is not JSON of the right shape.
    const token = admin.api.session.getToken()!;
    const raw = await fetch(`${server.baseUrl}/api/console/project/${projectId}/download-jobs`, { method: 'POST', headers: { authkey: token, 'content-type': 'application/json' }, body: '{"ids":"1"}' });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { errmsg: string }).errmsg).toMatch(/^申报编号：/);
  });

  it('sweeps expired jobs with their files, and fails jobs that stopped moving', async () => {
    const { job: old } = await finished(admin, await admin.api.console.applyExportJob({ projectId }));
    const stuck = await admin.api.console.applyExportJob({ projectId });
    await finished(admin, stuck);
    const db = server.handle.db;
    const [oldRow] = await db.select().from(staffJobs).where(eq(staffJobs.name, old.name));
    const files = storageFor(server.config);
    expect(await files.get(oldRow!.storageKey!)).not.toBeNull();
    await db.update(staffJobs).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffJobs.name, old.name));
    await db
      .update(staffJobs)
      .set({ status: 'running', updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(staffJobs.name, stuck.name));

    await sweepStaffJobs({ db, storage: files });
    expect(await files.get(oldRow!.storageKey!)).toBeNull();
    expect(await db.select().from(staffJobs).where(inArray(staffJobs.name, [old.name]))).toEqual([]);
    expect((await apiError(admin.api.console.jobStatus({ name: old.name }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect(await admin.api.console.jobStatus({ name: stuck.name })).toMatchObject({ status: 'failed', error: '任务中断，请重新开始' });
  });
});
