import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Errno, type Apply, type DownloadJob } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { downloadJobs, projects } from '../src/db/schema';
import { applicationDocx } from '../src/lib/documents';
import { DOWNLOAD_SWEEP_JOB, failIfStalled, sweepJobs } from '../src/shared/download-jobs-repository';
import { storageFor } from '../src/lib/storage';
import { createCall, PNG, pdf, someDistrict, TEST_FIELDS, validData } from './apply-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe.each(drivers)('documents and packages on %s', (driver) => {
  let server: TestServer;
  let alice: User;
  let bob: User;
  let call: { projectId: number; formIds: number[] };
  let apply: Apply;
  let region: { id: number; path: string };
  const proposalBytes = pdf('proposal body');
  const evidenceBytes = pdf('evidence body');

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([server.newUser(), server.newUser()]);
    call = await createCall(server.handle.db, 'open', 3);
    region = await someDistrict(server.handle.db);
    const upload = (bytes: Buffer, name: string) => alice.api.files.upload({ file: new Blob([new Uint8Array(bytes)]), name });
    const proposal = await upload(proposalBytes, '申报书正文.pdf');
    const evidence = await upload(evidenceBytes, '获奖证书.pdf');
    // Same name twice: the package must keep both.
    const evidence2 = await upload(pdf('second'), '获奖证书.pdf');
    const poster = await upload(PNG, '海报.png');
    const data = {
      ...validData({ proposal: proposal.id, evidence: [evidence.id, evidence2.id], poster: poster.id }, region.id),
      plan: '<h2>创作背景</h2><p>第一段<strong>重点内容</strong>与<em>斜体说明</em></p><ol><li>剧本打磨</li><li>排练合成</li></ol><ul><li>宣传推广</li></ul><table><tbody><tr><td>阶段</td><td>时间</td></tr></tbody></table>',
    };
    apply = await alice.api.apply.save({ projectId: call.projectId, formId: call.formIds[0]!, data, version: 0, submit: true });
  });
  afterAll(() => server?.close());

  const params = () => ({ projectId: call.projectId, formId: call.formIds[0]! });

  it('exports my application as a .docx holding every label and answer', async () => {
    const url = alice.api.urls.export(params());
    expect(url).toContain('authkey=');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(DOCX);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[^"]*\.docx"; filename\*=UTF-8''[^']+\.docx$/);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe(`测试专项资助项目（open）-测试申报书 1-${apply.serialNumber}.docx`);

    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const xml = strFromU8(files['word/document.xml']!);
    for (const text of [
      '测试专项资助项目（open）',
      apply.serialNumber!,
      '基本信息',
      '项目名称',
      '原创越剧《钱塘潮》',
      '演出场次',
      '180,000.50 元',
      '戏剧',
      region.path,
      '创作背景',
      '重点内容',
      '剧本打磨',
      '申报书正文.pdf',
      '获奖证书.pdf',
      '海报.png',
      '张三',
      '编剧',
      apply.receipt!.sha256,
    ]) {
      expect(xml, text).toContain(text);
    }
    // Section headings are headings, rich text keeps bold and italics, lists are numbered, tables are tables.
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>[\s\S]*?基本信息/);
    expect(xml).toMatch(/<w:b\/>[\s\S]{0,200}重点内容/);
    expect(xml).toMatch(/<w:i\/>[\s\S]{0,200}斜体说明/);
    expect(xml).toMatch(/<w:numPr>[\s\S]{0,200}<\/w:numPr>[\s\S]{0,400}剧本打磨/);
    expect((xml.match(/<w:tbl>/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(xml.indexOf('项目名称')).toBeLessThan(xml.indexOf('实施方案'));
    expect(xml.indexOf('实施方案')).toBeLessThan(xml.indexOf('证明材料'));
  });

  const deepSpans = (depth: number, text: string) => `<p>${'<span>'.repeat(depth)}${text}${'</span>'.repeat(depth)}</p>`;
  const documentXml = (docx: Uint8Array) => strFromU8(unzipSync(docx)['word/document.xml']!);

  it('exports rich text saved 20,000 elements deep', async () => {
    const formId = call.formIds[2]!;
    const saved = await alice.api.apply.save({ projectId: call.projectId, formId, data: { plan: deepSpans(20_000, '深层内容') }, version: 0 });
    expect(saved.data.plan).toContain('深层内容');
    const response = await fetch(alice.api.urls.export({ projectId: call.projectId, formId }));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(documentXml(new Uint8Array(await response.arrayBuffer()))).toContain('深层内容');
  });

  it('renders rich text stored deeper than the sanitiser now allows', async () => {
    const docx = await applicationDocx({
      projectTitle: 't', formTitle: 'f', applicant: 'a', status: 'draft', serialNumber: null, submittedAt: null, sha256: null,
      fields: TEST_FIELDS, data: { plan: deepSpans(20_000, '旧数据') }, lookups: {},
    });
    expect(documentXml(docx)).toContain('旧数据');
  });

  it('exports nothing for someone without an application, or without a session', async () => {
    const response = await fetch(bob.api.urls.export(params()));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.text()).not.toContain('钱塘潮');
    expect((await fetch(`${server.baseUrl}/api/project/${call.projectId}/form/${call.formIds[0]}/export`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/project/${call.projectId}/form/${call.formIds[0]}/export?authkey=forged`)).status).toBe(401);
  });

  const waitForJob = async (user: User, name: string, form = params()): Promise<DownloadJob> => {
    for (let i = 0; i < 100; i++) {
      const job = await user.api.apply.downloadStatus({ ...form, name });
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('download job did not finish');
  };

  const until = async (condition: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('condition not met in time');
  };

  let jobName: string;

  it('packages the document and the attachments in a zip through a download job', async () => {
    const job = await alice.api.apply.download(params());
    expect(job.name).toMatch(/^[0-9a-f]{32}$/);
    expect(['pending', 'running', 'done']).toContain(job.status);
    expect(Date.parse(job.expiresAt) - Date.parse(job.createdAt)).toBeGreaterThan(23 * 3600_000);
    jobName = job.name;
    expect(await waitForJob(alice, job.name)).toMatchObject({ status: 'done', error: null });
    // Asked again, the same job answers.
    expect((await alice.api.apply.download(params())).name).toBe(job.name);

    const response = await fetch(alice.api.urls.download({ ...params(), name: job.name }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; .*filename\*=UTF-8''.+\.zip$/);
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(zip).sort();
    expect(names).toEqual(
      [`测试专项资助项目（open）-测试申报书 1-${apply.serialNumber}.docx`, '附件/申报书正文.pdf', '附件/获奖证书.pdf', '附件/获奖证书 (2).pdf', '附件/海报.png'].sort(),
    );
    expect(Buffer.from(zip['附件/申报书正文.pdf']!).equals(proposalBytes)).toBe(true);
    expect(Buffer.from(zip['附件/获奖证书.pdf']!).equals(evidenceBytes)).toBe(true);
    expect(Buffer.from(zip['附件/海报.png']!).equals(PNG)).toBe(true);
    const docx = unzipSync(zip[names.find((n) => n.endsWith('.docx'))!]!);
    expect(strFromU8(docx['word/document.xml']!)).toContain('原创越剧《钱塘潮》');

    // With the header instead of authkey it is served too.
    const viaHeader = await fetch(`${server.baseUrl}/api/project/${call.projectId}/form/${call.formIds[0]}/download?name=${job.name}`, {
      headers: { authKey: alice.api.session.getToken()! },
    });
    expect(viaHeader.headers.get('content-type')).toBe('application/zip');
  });

  it('keeps jobs and packages from anyone else', async () => {
    expect((await apiError(bob.api.apply.downloadStatus({ ...params(), name: jobName }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    const response = await fetch(bob.api.urls.download({ ...params(), name: jobName }));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    // Bob has no application here, so no job either.
    expect((await apiError(bob.api.apply.download(params(), { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    // The job belongs to its form.
    const otherForm = { projectId: call.projectId, formId: call.formIds[1]! };
    expect((await apiError(alice.api.apply.downloadStatus({ ...otherForm, name: jobName }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
  });

  it('makes a new package once the application changed', async () => {
    const second = { projectId: call.projectId, formId: call.formIds[1]! };
    const draft = await alice.api.apply.save({ ...second, data: { projectName: '第一版' }, version: 0 });
    const first = await alice.api.apply.download(second);
    expect(await waitForJob(alice, first.name, second)).toMatchObject({ status: 'done' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await alice.api.apply.save({ ...second, data: { projectName: '第二版' }, version: draft.version });
    const fresh = await alice.api.apply.download(second);
    expect(fresh.name).not.toBe(first.name);
    expect(await waitForJob(alice, fresh.name, second)).toMatchObject({ status: 'done' });
  });

  it('sweeps expired jobs and their files without waiting for their owner', async () => {
    const second = { projectId: call.projectId, formId: call.formIds[1]! };
    const job = await alice.api.apply.download(second);
    await waitForJob(alice, job.name, second);
    const [row] = await server.handle.db.select().from(downloadJobs).where(eq(downloadJobs.name, job.name));
    const file = join(server.config.dataDir, 'uploads', row!.storageKey!);
    expect(existsSync(file)).toBe(true);
    await server.handle.db.update(downloadJobs).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(downloadJobs.id, row!.id));
    const error = await apiError(alice.api.apply.downloadStatus({ ...second, name: job.name }, { silent: true }));
    expect(error.errno).toBe(Errno.NOT_FOUND);
    expect(error.errmsg).toContain('过期');
    // The sweep (a scheduled job, every 10 minutes; sent at once here) deletes the file and the row.
    await server.app.jobs.send(DOWNLOAD_SWEEP_JOB, {});
    await until(async () => !existsSync(file) && (await server.handle.db.select().from(downloadJobs).where(eq(downloadJobs.id, row!.id))).length === 0);
    expect((await apiError(alice.api.apply.downloadStatus({ ...second, name: job.name }, { silent: true }))).errmsg).toBe('下载任务不存在');
  });

  it('reports a job cut short by a dead process as failed, and a new request starts a fresh job', async () => {
    const own = await createCall(server.handle.db, 'open', 1);
    const form = { projectId: own.projectId, formId: own.formIds[0]! };
    const apply = await alice.api.apply.save({ ...form, data: { projectName: '中断' }, version: 0 });
    const [stuck] = await server.handle.db
      .insert(downloadJobs)
      .values({ name: randomBytes(16).toString('hex'), userId: alice.userId, applicationId: apply.id, status: 'running', expiresAt: new Date(Date.now() + 3600_000), updatedAt: new Date(Date.now() - 60 * 60_000) })
      .returning();
    // Failed by a sweep between someone's read and their stall check, it still answers as failed.
    await sweepJobs({ db: server.handle.db, storage: storageFor(server.config.dataDir) });
    expect(await failIfStalled(server.handle.db, stuck!)).toMatchObject({ status: 'failed' });
    expect(await alice.api.apply.downloadStatus({ ...form, name: stuck!.name })).toMatchObject({ status: 'failed', error: '打包中断，请重新下载' });
    const fresh = await alice.api.apply.download(form);
    expect(fresh.name).not.toBe(stuck!.name);
    expect(await waitForJob(alice, fresh.name, form)).toMatchObject({ status: 'done' });
  });

  it('answers for a job from a second server instance over the same database', async () => {
    const job = await alice.api.apply.download(params());
    await waitForJob(alice, job.name);
    // PGlite is one process's database: the second instance shares its handle; PostgreSQL gets a second pool.
    const second = driver === 'postgres' ? await openDatabase({ dataDir: server.config.dataDir, databaseUrl: server.config.databaseUrl }) : undefined;
    const app = await buildApp({ config: server.config, db: second?.db ?? server.handle.db, logger: false });
    try {
      const base = `/api/project/${call.projectId}/form/${call.formIds[0]}/download`;
      const headers = { authkey: alice.api.session.getToken()! };
      const status = await app.inject({ url: `${base}/status?name=${job.name}`, headers });
      expect(status.json()).toMatchObject({ errno: Errno.OK, data: { name: job.name, status: 'done' } });
      const zip = await app.inject({ url: `${base}?name=${job.name}`, headers });
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload)))).toContain('附件/海报.png');
    } finally {
      await app.close();
      await second?.close();
    }
  });

  it('lets the owner read, export, download and print after the call is unpublished, but start or submit nothing', async () => {
    const offline = await createCall(server.handle.db, 'open', 2);
    const form = { projectId: offline.projectId, formId: offline.formIds[0]! };
    const draft = await alice.api.apply.save({ ...form, data: { projectName: '已下线项目的申报' }, version: 0 });
    await server.handle.db.update(projects).set({ published: false }).where(eq(projects.id, offline.projectId));

    expect((await alice.api.project.form(form)).apply).toMatchObject({ id: draft.id, data: { projectName: '已下线项目的申报' } });
    expect((await fetch(alice.api.urls.export(form))).headers.get('content-type')).toBe(DOCX);
    const job = await alice.api.apply.download(form);
    expect(await waitForJob(alice, job.name, form)).toMatchObject({ status: 'done' });
    expect((await fetch(alice.api.urls.download({ ...form, name: job.name }))).headers.get('content-type')).toBe('application/zip');
    expect((await alice.api.apply.batchPrint({ projectId: offline.projectId, ids: [draft.id] })).list.map((item) => item.apply.id)).toEqual([draft.id]);

    const otherForm = { projectId: offline.projectId, formId: offline.formIds[1]! };
    for (const refused of [
      () => alice.api.apply.save({ ...otherForm, data: {}, version: 0 }, { silent: true }),
      () => alice.api.apply.save({ ...form, data: draft.data, version: draft.version, submit: true }, { silent: true }),
      () => alice.api.project.form(otherForm, { silent: true }),
      () => bob.api.project.form(form, { silent: true }),
    ]) {
      expect((await apiError(refused())).errmsg).toBe('项目不存在或已下线');
    }
    expect((await fetch(bob.api.urls.export(form))).status).toBe(404);
  });

  it('refuses a download status without a job name', async () => {
    const error = await apiError(alice.api.apply.downloadStatus({ ...params(), name: '' }, { silent: true }));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
  });
});
