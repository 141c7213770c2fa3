// Issue 16, finding 2: a per-account upload quota and rate (counted in the database), and the sweep
// of uploads nothing refers to.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { creditCodeCheckChar, Errno } from '@flagship/api-client';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken, STAFF_TOKEN_PREFIX } from '../src/auth/tokens';
import { applications, auditLogs, policies, settings, staff, staffSessions, uploads, users } from '../src/db/schema';
import { storageFor } from '../src/lib/storage';
import type { Database } from '../src/db/client';
import { ORPHAN_UPLOAD_SWEEP_JOB, sweepOrphanUploads } from '../src/shared/orphan-uploads-repository';
import { createCall, PNG, pdf, someDistrict, validData } from './apply-fixtures';
import { drivers, silentLog, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

/** A PDF of exactly `bytes` bytes. */
const pdfOf = (bytes: number) => Buffer.concat([pdf(), Buffer.alloc(bytes - pdf().length, 0x20)]);

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { errno: number; errmsg: string; data: { id: number; url: string } & { retryAfter?: number } };
}

/** One upload over plain HTTP, so the answer's headers can be read too. */
async function send(server: TestServer, token: string, bytes: Buffer, name = 'file.pdf'): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${server.baseUrl}/admin/upload`, { method: 'POST', body: form, headers: { authKey: token } });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] };
}

async function staffToken(server: TestServer): Promise<{ id: number; token: string }> {
  const [member] = await server.handle.db.insert(staff).values({ account: `editor-${Date.now()}-${Math.random()}`, passwordHash: 'x', role: 'admin' }).returning({ id: staff.id });
  const token = newToken(STAFF_TOKEN_PREFIX);
  await server.handle.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: member!.id, expiresAt: new Date(Date.now() + 3600_000) });
  return { id: member!.id, token };
}

const storedCount = (server: TestServer) => readdirSync(join(server.config.dataDir, 'uploads'), { recursive: true, encoding: 'utf8' }).filter((p) => /\.[a-z]+$/.test(p)).length;
const uploadCount = async (server: TestServer) => (await server.handle.db.select({ id: uploads.id }).from(uploads)).length;

/** Move a user's (or staff member's) uploads out of the rate window, as if made an hour ago. */
async function age(server: TestServer, ids: number[], hours = 1) {
  await server.handle.db
    .update(uploads)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(inArray(uploads.id, ids));
}

describe.each(drivers)('upload quota and rate on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, {
      uploadQuota: { userBytes: 40_000, staffBytes: null },
      uploadRate: { maxFiles: 3, maxBytes: 30 * 1024, windowMs: 600_000 },
    });
  });
  afterAll(() => server?.close());

  const token = (user: User) => user.api.session.getToken()!;

  it('refuses an upload past the quota with 413, keeps nothing, and counts only what is kept', async () => {
    const user = await server.newUser();
    const first = await send(server, token(user), pdfOf(15_000));
    const second = await send(server, token(user), pdfOf(15_000));
    expect([first.status, second.status]).toEqual([200, 200]);
    await age(server, [first.body.data.id, second.body.data.id]);
    const [files, rows] = [storedCount(server), await uploadCount(server)];

    const refused = await send(server, token(user), pdfOf(15_000));
    expect(refused.status).toBe(413);
    expect(refused.body.errno).toBe(Errno.TOO_LARGE);
    expect(refused.body.errmsg).toMatch(/^上传空间已满：您已保存 29.3 KB 文件，上限 39.1 KB。.*24 小时后自动清理$/);
    expect(storedCount(server)).toBe(files);
    expect(await uploadCount(server)).toBe(rows);
    // What still fits is taken, to the byte.
    expect((await send(server, token(user), pdfOf(10_000))).status).toBe(200);

    // The clean-up promised is the one staff set in 站点设置, not the server's default.
    await server.handle.db.update(settings).set({ orphanUploadGraceHours: 72 }).where(eq(settings.id, 1));
    try {
      const later = await send(server, token(user), pdfOf(15_000));
      expect(later.status).toBe(413);
      expect(later.body.errmsg).toMatch(/上传 72 小时后自动清理$/);
    } finally {
      await server.handle.db.update(settings).set({ orphanUploadGraceHours: null }).where(eq(settings.id, 1));
    }
    // Full to the byte: refused before the body is read, with the same answer.
    const full = await send(server, token(user), PNG, 'a.png');
    expect(full.status).toBe(413);
  });

  it('refuses the upload past the rate (files) with 429 and Retry-After, and keeps nothing', async () => {
    const user = await server.newUser();
    for (let i = 0; i < 3; i++) expect((await send(server, token(user), PNG, `${i}.png`)).status).toBe(200);
    const [files, rows] = [storedCount(server), await uploadCount(server)];
    const refused = await send(server, token(user), PNG, 'again.png');
    expect(refused.status).toBe(429);
    expect(refused.body.errno).toBe(Errno.TOO_MANY_REQUESTS);
    expect(refused.body.errmsg).toMatch(/^上传过于频繁：10 分钟内最多上传 3 个文件、共 30 KB，请 10 分钟后再试$/);
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.body.data.retryAfter).toBe(retryAfter);
    expect(storedCount(server)).toBe(files);
    expect(await uploadCount(server)).toBe(rows);
    // Another applicant is not braked by this one.
    const other = await server.newUser();
    expect((await send(server, token(other), PNG)).status).toBe(200);
  });

  it('refuses the upload past the rate (bytes) with 429, and takes uploads again once the window has moved on', async () => {
    const user = await server.newUser();
    const first = await send(server, token(user), pdfOf(15_000));
    const second = await send(server, token(user), pdfOf(14_000));
    expect([first.status, second.status]).toEqual([200, 200]);
    const refused = await send(server, token(user), pdfOf(2_000));
    expect(refused.status).toBe(429);
    expect(refused.body.errmsg).toContain('30 KB');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Fits by bytes once the first has left the window.
    await age(server, [first.body.data.id]);
    expect((await send(server, token(user), pdfOf(2_000))).status).toBe(200);
  });

  it('holds the rate under a concurrent burst: no more files are kept than allowed', async () => {
    const user = await server.newUser();
    const rows = await uploadCount(server);
    const files = storedCount(server);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send(server, token(user), pdfOf(2_000 + i))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect(await uploadCount(server)).toBe(rows + 3);
    expect(storedCount(server)).toBe(files + 3);
  });

  it('brakes staff by the same rate, with no quota', async () => {
    const editor = await staffToken(server);
    const made: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) {
        const answer = await send(server, editor.token, pdfOf(14_000));
        expect(answer.status).toBe(200);
        made.push(answer.body.data.id);
      }
      await age(server, made);
    }
    // 56 kB kept, past the applicants' 40 kB quota; the rate still counts.
    for (let i = 0; i < 3; i++) expect((await send(server, editor.token, PNG)).status).toBe(200);
    expect((await send(server, editor.token, PNG)).status).toBe(429);
  });
});

describe.each(drivers)('orphan upload sweep on %s', (driver) => {
  let server: TestServer;
  let alice: User;
  let bob: User;
  let editor: { id: number; token: string };
  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([server.newUser(), server.newUser()]);
    editor = await staffToken(server);
  });
  afterAll(() => server?.close());

  const upload = async (token: string, bytes: Buffer = pdf(), name = 'f.pdf') => {
    const answer = await send(server, token, bytes, name);
    expect(answer.status).toBe(200);
    return answer.body.data.id;
  };
  const sweep = async () => {
    await server.app.jobs.send(ORPHAN_UPLOAD_SWEEP_JOB, {});
    await server.app.jobs.settle([ORPHAN_UPLOAD_SWEEP_JOB]);
  };
  const keyOf = async (id: number) => (await server.handle.db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.id, id)))[0]?.key;

  it('deletes old uploads nothing refers to, from the table and from storage, and keeps everything referred to or fresh', async () => {
    const token = (user: User) => user.api.session.getToken()!;
    const orphan = await upload(token(alice));
    const staffOrphan = await upload(editor.token, PNG, 'unused.png');
    const fresh = await upload(token(alice));

    const { projectId, formIds } = await createCall(server.handle.db, 'open', 2);
    const drafted = await upload(token(alice));
    await alice.api.apply.save({ projectId, formId: formIds[0]!, version: 0, data: { proposal: drafted } });
    const submitted = await upload(token(alice));
    const evidence = await upload(token(alice), PNG, 'e.png');
    await alice.api.apply.save({ projectId, formId: formIds[1]!, version: 0, submit: true, data: validData({ proposal: submitted, evidence: [evidence] }) });

    const licence = await upload(token(bob), PNG, 'licence.png');
    const body = '91330106MA2AB3C4D';
    const region = await someDistrict(server.handle.db);
    await bob.api.enterprise.submitAuthentication({
      enterpriseName: '钱塘文化传媒有限公司',
      creditCode: body + creditCodeCheckChar(body),
      type: '有限责任公司',
      legalRepresentative: '王五',
      regionId: region.id,
      address: '西湖区文三路 100 号',
      contactName: '赵六',
      contactPhone: '13912345678',
      licenseFiles: [licence],
      introduction: '<p>简介</p>',
    });

    const inRichText = await upload(editor.token, PNG, 'inline.png');
    const attached = await upload(editor.token, pdf(), 'notice.pdf');
    await server.handle.db.insert(policies).values({
      title: '清理测试公告',
      content: `<p>见图</p><p><img src="/api/file/${inRichText}" alt=""></p>`,
      attachments: [{ name: '附件.pdf', url: `/api/file/${attached}`, size: 100 }],
    });
    const banner = await upload(editor.token, PNG, 'banner.png');
    const about = await upload(editor.token, PNG, 'about.png');
    await server.handle.db
      .update(settings)
      .set({ banners: sql`banners || ${JSON.stringify([{ title: 't', subtitle: '', link: '', image: `/api/file/${banner}` }])}::jsonb`, about: sql`about || ${`<img src="/api/file/${about}">`}` })
      .where(eq(settings.id, 1));
    const avatar = await upload(token(bob), PNG, 'me.png');
    await server.handle.db.update(users).set({ avatar }).where(eq(users.id, bob.userId));

    const kept = [drafted, submitted, evidence, licence, inRichText, attached, banner, about, avatar];
    const gone = [orphan, staffOrphan];
    await age(server, [...kept, ...gone], 25);
    const goneKeys = await Promise.all(gone.map(keyOf));
    const keptKeys = await Promise.all([...kept, fresh].map(keyOf));

    await sweep();

    const left = new Set((await server.handle.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, [...kept, ...gone, fresh]))).map((r) => r.id));
    expect(gone.filter((id) => left.has(id))).toEqual([]);
    expect([...kept, fresh].filter((id) => !left.has(id))).toEqual([]);
    const storage = storageFor(server.config);
    for (const key of goneKeys) expect(await storage.get(key!)).toBeNull();
    for (const key of keptKeys) expect(await storage.get(key!)).not.toBeNull();
    const response = await fetch(`${server.baseUrl}/api/file/${orphan}`, { headers: { authKey: token(alice) } });
    expect(response.status).toBe(404);
    const [entry] = await server.handle.db.select().from(auditLogs).where(eq(auditLogs.action, 'upload.sweep')).orderBy(desc(auditLogs.id)).limit(1);
    expect(entry).toMatchObject({ actorKind: 'system', objectType: 'upload' });
    expect((entry!.detail as { ids: number[] }).ids).toEqual(expect.arrayContaining(gone));
    // The avatar survived: the column still points at it.
    expect((await server.handle.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, bob.userId)))[0]?.avatar).toBe(avatar);
  });

  it('keeps an unused upload younger than the grace period', async () => {
    const id = await upload(alice.api.session.getToken()!);
    await age(server, [id], 23);
    await sweep();
    expect(await keyOf(id)).toBeDefined();
  });
});

/** Runs `before` once, when the server next opens a transaction: after a handler's checks, before its writes. */
function beforeNextTransaction() {
  let pending: (() => Promise<void>) | undefined;
  return {
    arm(before: () => Promise<void>) {
      pending = before;
    },
    wrap: (db: Database): Database =>
      new Proxy(db, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (property === 'transaction') {
            return async (...args: Parameters<Database['transaction']>) => {
              const before = pending;
              pending = undefined;
              await before?.();
              return target.transaction(...args);
            };
          }
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
  };
}

describe.each(drivers)('orphan sweep racing an attachment on %s', (driver) => {
  let server: TestServer;
  let alice: User;
  const gate = beforeNextTransaction();
  beforeAll(async () => {
    server = await startTestServer(driver, {}, { wrapDb: gate.wrap });
    alice = await server.newUser();
  });
  afterAll(() => server?.close());

  const oldUpload = async (bytes: Buffer, name: string) => {
    const answer = await send(server, alice.api.session.getToken()!, bytes, name);
    await age(server, [answer.body.data.id], 25);
    return answer.body.data.id;
  };
  const sweepNow = () => gate.arm(async () => void (await sweepOrphanUploads({ db: server.handle.db, storage: storageFor(server.config), log: silentLog, config: server.config })));

  it('a draft attaching an old unused upload while the sweep takes it is refused, not saved pointing at nothing', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open', 1);
    const id = await oldUpload(pdf(), 'old.pdf');
    sweepNow();
    const answer = await alice.api.apply.save({ projectId, formId: formIds[0]!, version: 0, data: { proposal: id } }, { silent: true }).catch((error: unknown) => error);
    expect(answer).toMatchObject({ errno: Errno.INVALID_INPUT, errmsg: expect.stringMatching(/文件已被清理，请重新上传/) as unknown });
    expect((answer as { fields: Record<string, string> }).fields).toHaveProperty('proposal');
    expect(await server.handle.db.select().from(applications).where(eq(applications.formId, formIds[0]!))).toEqual([]);
  });

  it('an enterprise authentication naming an old unused licence while the sweep takes it is refused', async () => {
    const id = await oldUpload(PNG, 'licence.png');
    const body = '91330106MA2AB3C4D';
    const region = await someDistrict(server.handle.db);
    sweepNow();
    const answer = await alice.api.enterprise
      .submitAuthentication(
        {
          enterpriseName: '钱塘文化传媒有限公司',
          creditCode: body + creditCodeCheckChar(body),
          type: '有限责任公司',
          legalRepresentative: '王五',
          regionId: region.id,
          address: '西湖区文三路 100 号',
          contactName: '赵六',
          contactPhone: '13912345678',
          licenseFiles: [id],
          introduction: '<p>简介</p>',
        },
        { silent: true },
      )
      .catch((error: unknown) => error);
    expect(answer).toMatchObject({ errno: Errno.INVALID_INPUT, errmsg: expect.stringMatching(/文件已被清理，请重新上传/) as unknown });
    expect(await alice.api.enterprise.checkAuthenticationStatus()).toMatchObject({ code: 'unauth' });
  });
});
