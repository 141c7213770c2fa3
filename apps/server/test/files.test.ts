import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Errno } from '@flagship/api-client';
import { startS3Server, type ThrowawayS3 } from '@flagship/testing';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken, newToken, STAFF_TOKEN_PREFIX } from '../src/auth/tokens';
import { applications, staff, staffSessions, uploads } from '../src/db/schema';
import { applicationDocx } from '../src/lib/documents';
import { loadConfig } from '../src/env';
import { s3Client } from '../src/lib/storage';
import { cfb, createCall, EXE, HTML, PNG, pdf, SVG, validData } from './apply-fixtures';
import { apiError, drivers, startTestServer, type Driver, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

// Every database driver on local disk, and PGlite with an S3-compatible bucket (s3rver on loopback).
const setups: { driver: Driver; storage: 'disk' | 's3' }[] = [...drivers.map((driver) => ({ driver, storage: 'disk' as const })), { driver: 'pglite', storage: 's3' }];

describe.each(setups)('uploads on $driver with $storage storage', ({ driver, storage }) => {
  let server: TestServer;
  let owner: User;
  let other: User;
  let s3: ThrowawayS3 | undefined;
  beforeAll(async () => {
    if (storage === 's3') s3 = await startS3Server();
    server = await startTestServer(driver, s3 ? { storage: loadConfig(s3.env).storage } : {});
    [owner, other] = await Promise.all([server.newUser(), server.newUser()]);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  /** Every key in storage, to see that a refused upload left nothing behind. */
  const storedKeys = async (): Promise<string[]> => {
    const settings = server.config.storage;
    if (settings.kind === 'disk') return readdirSync(join(server.config.dataDir, 'uploads'), { recursive: true, encoding: 'utf8' }).sort();
    const client = s3Client(settings);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    client.destroy();
    return keys.sort();
  };

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
    for (const [bytes, name, message] of [
      [HTML, 'page.html', '不支持的文件类型'],
      [SVG, 'logo.svg', '不支持的文件类型'],
      [EXE, 'setup.exe', '不支持的文件类型'],
      // Named as a type that is taken: the content is what is wrong, not the type.
      [HTML, 'innocent.pdf', '文件内容与扩展名不符：该文件不是有效的 PDF 文件'],
      [SVG, 'logo.png', '文件内容与扩展名不符：该文件不是有效的 PNG 图片'],
      [EXE, 'report.pdf', '文件内容与扩展名不符：该文件不是有效的 PDF 文件'],
      [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'run.jpg', '文件内容与扩展名不符：该文件不是有效的 JPG 图片'],
    ] as const) {
      const error = await apiError(upload(owner, bytes, name));
      expect(error.errno, name).toBe(Errno.INVALID_INPUT);
      expect(error.errmsg, name).toContain(message);
      expect(error.fields.file).toBeDefined();
    }
  });

  it('says that a text file renamed .pdf is not a real PDF, without offering PDF as the remedy', async () => {
    const error = await apiError(upload(owner, Buffer.from('项目预算说明\n第一项：舞美制作 12 万元\n'), '预算说明.PDF'));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.errmsg).toBe('文件内容与扩展名不符：该文件不是有效的 PDF 文件');
    expect(error.fields).toEqual({ file: '文件内容与扩展名不符' });
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

  it('stores names without bidi controls or invisible format characters, and names a file left with none', async () => {
    const stored = async (bytes: Buffer, name: string) => {
      const file = await upload(owner, bytes, name);
      const [row] = await server.handle.db.select({ originalName: uploads.originalName }).from(uploads).where(eq(uploads.id, file.id));
      expect(row!.originalName).toBe(file.name);
      return file.name;
    };
    expect(await stored(pdf(), '报告\u202efdp.exe')).toBe('报告fdp.exe.pdf');
    expect(await stored(PNG, '\u202egnp.exe.png')).toBe('gnp.exe.png');
    expect(await stored(pdf(), '申\u200b报\u200c书\u200d\ufeff\u2066终\u2069稿\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u2067\u2068\u00ad\u2060.pdf')).toBe('申报书终稿.pdf');
    expect(await stored(PNG, '\u202e\u200b.png')).toBe('未命名.png');
    expect(await stored(PNG, '\u2066\u2069')).toBe('未命名.png');
  });

  it('refuses an empty file', async () => {
    const error = await apiError(upload(owner, Buffer.alloc(0), 'empty.pdf'));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
  });

  it('answers 413 for a file over the limit (21 MB), and leaves nothing in storage', async () => {
    const before = await storedKeys();
    const rows = await server.handle.db.select({ id: uploads.id }).from(uploads);
    const big = Buffer.concat([pdf(), Buffer.alloc(21 * 1024 * 1024)]);
    const error = await apiError(upload(owner, big, 'big.pdf'));
    expect(error.errno).toBe(Errno.TOO_LARGE);
    expect(error.status).toBe(413);
    expect(error.errmsg).toContain('20 MB');
    expect(await storedKeys()).toEqual(before);
    expect(await server.handle.db.select({ id: uploads.id }).from(uploads)).toHaveLength(rows.length);
    // The connection is still good for the next request.
    expect((await upload(owner, PNG, 'after.png')).mime).toBe('image/png');
  });

  it('survives an upload cut off before its first bytes are sniffed, and stores nothing', async () => {
    const before = await storedKeys();
    const { hostname, port } = new URL(server.baseUrl);
    const boundary = 'flagship-cut-off';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="cut.pdf"\r\ncontent-type: application/pdf\r\n\r\n`;
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    socket.write(
      `POST /admin/upload HTTP/1.1\r\nhost: ${hostname}:${port}\r\nauthkey: ${owner.api.session.getToken()}\r\n` +
        `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${5 * 1024 * 1024}\r\n\r\n${head}`,
    );
    // 50 kB of a 5 MB body: fewer than the bytes the type is sniffed from, then the line drops.
    socket.write(Buffer.concat([pdf(), Buffer.alloc(50 * 1024, 1)]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The process is still up (an unhandled stream error would have ended it) and nothing was kept.
    expect((await upload(owner, PNG, 'after-cut.png')).mime).toBe('image/png');
    expect((await storedKeys()).length).toBe(before.length + 1);
  });

  it('sniffs the type of a large file from its first bytes and the rest as it streams', async () => {
    const before = await storedKeys();
    // An old Word file whose directory (with the WordDocument stream's name) is far past the first bytes.
    const header = cfb('Root Entry').subarray(0, 512);
    const word = Buffer.concat([header, Buffer.alloc(3 * 1024 * 1024, 1), Buffer.from('WordDocument', 'utf16le'), Buffer.alloc(100)]);
    const doc = await upload(owner, word, '旧版大文件.doc');
    expect(doc).toMatchObject({ mime: 'application/msword', size: word.length, sha256: createHash('sha256').update(word).digest('hex') });
    // A compound file that turns out to be no Office document is refused once read, and removed.
    const installer = Buffer.concat([header, Buffer.alloc(3 * 1024 * 1024, 1)]);
    const refused = await apiError(upload(owner, installer, 'setup.doc'));
    expect(refused.errno).toBe(Errno.INVALID_INPUT);
    expect(refused.errmsg).toBe('文件内容与扩展名不符：该文件不是有效的 Word 文档');
    // A Word document whose [Content_Types].xml comes last, after a large part: told by its folders.
    const filler = Buffer.from(Array.from({ length: 400_000 }, (_, i) => (i * 7919) % 251));
    const docx = Buffer.from(
      zipSync(
        {
          'word/media/image1.bin': [new Uint8Array(filler), { level: 0 }],
          'word/document.xml': strToU8('<w:document/>'),
          '[Content_Types].xml': strToU8('<Types><Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
        },
        { level: 0 },
      ),
    );
    expect((await upload(owner, docx, '方案.docx')).mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const after = await storedKeys();
    expect(after.filter((k) => !before.includes(k))).toHaveLength(2);
  });

  it('serves byte ranges: 206 for a range, 416 past the end, whole when If-Range does not match', async () => {
    const bytes = pdf('ranges '.repeat(100));
    const file = await upload(owner, bytes, '范围.pdf');
    const get = (headers: Record<string, string> = {}, method = 'GET') =>
      fetch(`${server.baseUrl}${file.url}`, { method, headers: { authKey: owner.api.session.getToken()!, ...headers } });
    const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    const etag = whole.headers.get('etag');
    expect(etag).toBe(`"${file.sha256}"`);
    expect((await body(whole)).equals(bytes)).toBe(true);

    const first = await get({ range: 'bytes=0-9' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${bytes.length}`);
    expect(first.headers.get('content-length')).toBe('10');
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect((await body(first)).equals(bytes.subarray(0, 10))).toBe(true);

    const middle = await get({ range: 'bytes=100-199' });
    expect(middle.status).toBe(206);
    expect((await body(middle)).equals(bytes.subarray(100, 200))).toBe(true);

    const rest = await get({ range: `bytes=${bytes.length - 50}-` });
    expect(rest.headers.get('content-range')).toBe(`bytes ${bytes.length - 50}-${bytes.length - 1}/${bytes.length}`);
    expect((await body(rest)).equals(bytes.subarray(-50))).toBe(true);

    const suffix = await get({ range: 'bytes=-20' });
    expect(suffix.status).toBe(206);
    expect((await body(suffix)).equals(bytes.subarray(-20))).toBe(true);

    const past = await get({ range: `bytes=${bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    await past.arrayBuffer();

    // A resumed download whose copy is still current gets the rest; an outdated one the whole file.
    const resumed = await get({ range: 'bytes=10-', 'if-range': etag! });
    expect(resumed.status).toBe(206);
    expect((await body(resumed)).equals(bytes.subarray(10))).toBe(true);
    const outdated = await get({ range: 'bytes=10-', 'if-range': '"something-else"' });
    expect(outdated.status).toBe(200);
    expect((await body(outdated)).equals(bytes)).toBe(true);

    // Several ranges at once, or nonsense, are ignored: the whole file.
    for (const range of ['bytes=0-1,5-6', 'bytes=9-2', 'items=0-1']) {
      const ignored = await get({ range });
      expect(ignored.status, range).toBe(200);
      expect((await body(ignored)).equals(bytes), range).toBe(true);
    }

    // A browser revalidating its copy gets 304 and no bytes.
    const revalidated = await get({ 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const changed = await get({ 'if-none-match': '"older"' });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();

    const head = await get({}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));

    // Someone else's file answers 404 whatever the range.
    const theirs = await fetch(`${server.baseUrl}${file.url}`, { headers: { authKey: other.api.session.getToken()!, range: 'bytes=0-9' } });
    expect(theirs.status).toBe(404);
  });
});

/** An HTTP request written byte by byte on a raw socket; the sending side is then closed and the answer read. */
async function rawRequest(baseUrl: string, head: string, body: Buffer): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = once(socket, 'close');
  socket.end(Buffer.concat([Buffer.from(head), body]));
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  socket.destroy();
  const answer = Buffer.concat(received).toString('utf8');
  const [statusLine = '', ...rest] = answer.split('\r\n');
  return { status: Number(statusLine.split(' ')[1]), text: rest.join('\r\n').split('\r\n\r\n').slice(1).join('\r\n\r\n') };
}

describe('a multipart upload cut short', () => {
  let server: TestServer;
  const lines: { level: number; msg: string; err?: { message?: string } }[] = [];
  let tokens: { applicant: string; staff: string };
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
    const user = await server.newUser();
    const [member] = await server.handle.db.insert(staff).values({ account: `uploader-${Date.now()}`, passwordHash: 'x' }).returning({ id: staff.id });
    const staffToken = newToken(STAFF_TOKEN_PREFIX);
    await server.handle.db.insert(staffSessions).values({ tokenHash: hashToken(staffToken), staffId: member!.id, expiresAt: new Date(Date.now() + 3600_000) });
    tokens = { applicant: user.api.session.getToken()!, staff: staffToken };
  });
  afterAll(() => server?.close());

  const boundary = 'flagship-truncated';
  const partHead = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="cut.pdf"\r\ncontent-type: application/pdf\r\n\r\n`;
  const cases = [
    // Every byte the length promised arrives, but the closing boundary never does.
    { name: 'without its closing boundary', body: Buffer.concat([Buffer.from(partHead), pdf('cut'), Buffer.alloc(70 * 1024, 1)]), extra: 0 },
    { name: 'inside the part headers', body: Buffer.from(partHead.slice(0, 40)), extra: 0 },
    { name: 'before its first bytes are sniffed', body: Buffer.concat([Buffer.from(partHead), pdf('cut')]), extra: 0 },
    // The length promises more than is sent and the client stops sending: Node closes the
    // connection, so no answer reaches it, but the log must not call it a server error.
    { name: 'short of its content-length', body: Buffer.concat([Buffer.from(partHead), pdf('cut'), Buffer.alloc(70 * 1024, 1)]), extra: 1024 * 1024 },
  ];
  for (const who of ['applicant', 'staff'] as const) {
    for (const { name, body, extra } of cases) {
      it(`${extra ? 'logs' : 'answers 400 and logs'} an upload by ${who} whose body ends ${name} as a client error`, async () => {
        const { hostname, port } = new URL(server.baseUrl);
        const from = lines.length;
        const head =
          `POST /admin/upload HTTP/1.1\r\nhost: ${hostname}:${port}\r\nauthkey: ${tokens[who]}\r\nconnection: close\r\n` +
          `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${body.length + extra}\r\n\r\n`;
        const answer = await rawRequest(server.baseUrl, head, body);
        if (extra === 0) {
          expect(answer.status, answer.text).toBe(400);
          const json = JSON.parse(answer.text) as { errno: number; errmsg: string };
          expect(json.errno).toBe(Errno.INVALID_INPUT);
          expect(json.errmsg).toMatch(/^上传未完成：/);
        }
        await vi.waitFor(() => expect(lines.slice(from).some((l) => l.msg === 'request body cut short' && l.level === 30)).toBe(true));
        expect(lines.slice(from).filter((l) => l.level >= 50)).toEqual([]);
      });
    }
  }
});
