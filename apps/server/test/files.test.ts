import { createHash } from 'node:crypto';
import { Errno } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken, STAFF_TOKEN_PREFIX } from '../src/auth/tokens';
import { applications, staff, staffSessions, uploads } from '../src/db/schema';
import { applicationDocx } from '../src/lib/documents';
import { cfb, createCall, EXE, HTML, PNG, pdf, SVG, validData } from './apply-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

describe.each(drivers)('uploads on %s', (driver) => {
  let server: TestServer;
  let owner: User;
  let other: User;
  beforeAll(async () => {
    server = await startTestServer(driver);
    [owner, other] = await Promise.all([server.newUser(), server.newUser()]);
  });
  afterAll(() => server?.close());

  const upload = (user: User, bytes: Buffer, name: string) => user.api.files.upload({ file: new Blob([new Uint8Array(bytes)]), name }, { silent: true });

  it('stores an image and answers its metadata, sniffed type and SHA-256', async () => {
    const file = await upload(owner, PNG, '海报 2026.png');
    expect(file).toMatchObject({
      name: '海报 2026.png',
      mime: 'image/png',
      size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
      url: `/api/file/${file.id}`,
    });
    expect(Date.parse(file.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('serves a file back to its owner with safe headers, by header or authkey link', async () => {
    const bytes = pdf('owner only');
    const file = await upload(owner, bytes, '申报书（终稿）.pdf');
    const response = await fetch(`${server.baseUrl}${file.url}`, { headers: { authKey: owner.api.session.getToken()! } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('申报书（终稿）.pdf').replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

    const link = owner.api.urls.file({ id: file.id });
    expect(link).toContain('authkey=');
    const viaLink = await fetch(link);
    expect(viaLink.status).toBe(200);
    expect(Buffer.from(await viaLink.arrayBuffer()).equals(bytes)).toBe(true);

    const blob = await owner.api.files.get({ id: file.id });
    expect(blob).toBeInstanceOf(Blob);
  });

  it('does not serve a file to anyone else, and says nothing about it', async () => {
    const file = await upload(owner, pdf('secret content'), 'secret.pdf');
    const response = await fetch(`${server.baseUrl}${file.url}`, { headers: { authKey: other.api.session.getToken()! } });
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toMatchObject({ errno: Errno.NOT_FOUND });
    // The same answer as for an id that does not exist.
    const missing = await fetch(`${server.baseUrl}/api/file/999999`, { headers: { authKey: other.api.session.getToken()! } });
    expect(JSON.parse(await missing.text())).toEqual(JSON.parse(text));

    const anonymous = await fetch(`${server.baseUrl}${file.url}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('secret');
  });

  it('lets staff upload files and read those sent to them, never a file only a draft uses; a public file is readable by every session', async () => {
    const [member] = await server.handle.db.insert(staff).values({ account: `reviewer-${Date.now()}`, passwordHash: 'x' }).returning({ id: staff.id });
    const token = newToken(STAFF_TOKEN_PREFIX);
    await server.handle.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: member!.id, expiresAt: new Date(Date.now() + 3600_000) });
    const headers = { authKey: token };

    const read = async (url: string) => (await fetch(`${server.baseUrl}${url}`, { headers })).status;
    const mine = await upload(owner, pdf('for the reviewer'), 'owner.pdf');
    const drafted = await upload(owner, pdf('only in a draft'), 'draft.pdf');
    expect(await read(mine.url)).toBe(404);
    const { projectId, formIds } = await createCall(server.handle.db, 'open', 2);
    await owner.api.apply.save({ projectId, formId: formIds[1]!, version: 0, data: { proposal: drafted.id } });
    const sent = await owner.api.apply.save({ projectId, formId: formIds[0]!, version: 0, submit: true, data: validData({ proposal: mine.id }) });
    expect(await read(mine.url)).toBe(200);
    expect(await read(drafted.url)).toBe(404);
    // Returned and corrected with another file: what the first submission held stays readable.
    await server.handle.db.update(applications).set({ status: 'returned' }).where(eq(applications.id, sent.id));
    const corrected = await upload(owner, pdf('corrected'), 'corrected.pdf');
    await owner.api.apply.save({ projectId, formId: formIds[0]!, version: sent.version, data: validData({ proposal: corrected.id }) });
    expect(await read(mine.url)).toBe(200);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'notice.png');
    const uploaded = (await (await fetch(`${server.baseUrl}/admin/upload`, { method: 'POST', body: form, headers })).json()) as { errno: number; data: { id: number; url: string } };
    expect(uploaded.errno).toBe(Errno.OK);
    const [row] = await server.handle.db.select().from(uploads).where(eq(uploads.id, uploaded.data.id));
    expect(row).toMatchObject({ ownerStaffId: member!.id, ownerUserId: null });
    expect(await read(uploaded.data.url)).toBe(200);
    const byApplicant = await fetch(`${server.baseUrl}${uploaded.data.url}`, { headers: { authKey: other.api.session.getToken()! } });
    expect(byApplicant.status).toBe(404);
    await server.handle.db.update(uploads).set({ public: true }).where(eq(uploads.id, uploaded.data.id));
    const published = await fetch(`${server.baseUrl}${uploaded.data.url}`, { headers: { authKey: other.api.session.getToken()! } });
    expect(published.status).toBe(200);
    expect(published.headers.get('content-disposition')).toMatch(/^inline; /);
    // Public uploads are covers and photos on public pages: visitors without a session see them too.
    const anonymous = await fetch(`${server.baseUrl}${uploaded.data.url}`);
    expect(anonymous.status).toBe(200);
    // A private file asks for a login, the same whether it exists or not.
    expect((await fetch(`${server.baseUrl}${mine.url}`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/file/999999`)).status).toBe(401);
  });

  it('needs a session to upload', async () => {
    const error = await apiError(server.client().api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: 'a.png' }, { silent: true }));
    expect(error.errno).toBe(Errno.LOGIN_REQUIRED);
  });

  it('refuses HTML, SVG with a script and a renamed executable', async () => {
    for (const [bytes, name] of [
      [HTML, 'page.html'],
      [HTML, 'innocent.pdf'],
      [SVG, 'logo.svg'],
      [SVG, 'logo.png'],
      [EXE, 'report.pdf'],
      [EXE, 'setup.exe'],
      [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'run.jpg'],
    ] as const) {
      const error = await apiError(upload(owner, bytes, name));
      expect(error.errno, name).toBe(Errno.INVALID_INPUT);
      expect(error.errmsg).toContain('不支持的文件类型');
      expect(error.fields.file).toBeDefined();
    }
  });

  it('accepts Office documents by their content, old formats by their streams', async () => {
    const docx = await applicationDocx({
      projectTitle: 't', formTitle: 'f', applicant: 'a', status: 'draft', serialNumber: null, submittedAt: null, sha256: null, fields: [], data: {}, lookups: {},
    });
    expect((await upload(owner, docx, '方案.docx')).mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await upload(owner, cfb('WordDocument'), '旧版.doc')).mime).toBe('application/msword');
    expect((await upload(owner, cfb('Workbook'), '预算.xls')).mime).toBe('application/vnd.ms-excel');
    // A compound file that is no Office document (an installer, say) is refused.
    expect((await apiError(upload(owner, cfb('SummaryInformation'), 'setup.doc'))).errno).toBe(Errno.INVALID_INPUT);
  });

  it('accepts a plain zip and an Excel workbook by their content', async () => {
    const zip = Buffer.from(zipSync({ '说明.txt': strToU8('附件说明') }));
    expect(await upload(owner, zip, '材料.zip')).toMatchObject({ name: '材料.zip', mime: 'application/zip', size: zip.length });
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('预算').addRow(['排练', 12000]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await upload(owner, xlsx, '预算.xlsx')).toMatchObject({ name: '预算.xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  });

  it('keeps the original name only as clean metadata with a fitting extension', async () => {
    expect((await upload(owner, PNG, '../../etc/passwd')).name).toBe('passwd.png');
    expect((await upload(owner, PNG, 'C:\\Users\\me\\照片.jpg')).name).toBe('照片.jpg.png');
    expect((await upload(owner, pdf(), 'a<b>c|d?.pdf')).name).toBe('abcd.pdf');
  });

  it('refuses an empty file', async () => {
    const error = await apiError(upload(owner, Buffer.alloc(0), 'empty.pdf'));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
  });

  it('answers 413 for a file over the limit (21 MB)', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(21 * 1024 * 1024)]);
    const error = await apiError(upload(owner, big, 'big.pdf'));
    expect(error.errno).toBe(Errno.TOO_LARGE);
    expect(error.status).toBe(413);
    expect(error.errmsg).toContain('20 MB');
  });
});
