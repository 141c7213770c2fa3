// What task W (issue 11, the deadline hour's writes) changed on autosave and submission, pinned: a
// draft save without uploads is one write statement and no transaction; a submission writes the
// application, its serial number, the copy of what was sent and the audit line in one statement
// (the serial counter and the dashboard's counters are then held for that statement only); serial
// numbers stay unique and gap-free when stale submissions fail among good ones; no save is lost.
import { ApiError, Errno } from '@flagship/api-client';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, applicationSubmissions, auditLogs, uploads } from '../src/db/schema';
import { clientWithToken, createCall, directUser, pdf, receiptHash, validData } from './apply-fixtures';
import { drivers, hookPreparedSql, startTestServer, type TestServer } from './harness';

const SERIAL = /^FS-\d{4}-(\d{6,})$/;
const serialOf = (value: string | null | undefined) => Number(SERIAL.exec(value ?? '')?.[1] ?? Number.NaN);

describe.each(drivers)('autosave and submission in the deadline hour on %s', (driver) => {
  let server: TestServer;
  const statements: string[] = [];
  let transactions = 0;
  /** Runs once just before the server's next raw statement (the submission's). */
  let beforeNextExecute: (() => Promise<unknown>) | undefined;
  /** Runs once just before the server's next transaction (a draft save's with uploads to hold). */
  let beforeNextTransaction: (() => Promise<unknown>) | undefined;
  const sentDuring = async (run: () => Promise<unknown>) => {
    const from = statements.length;
    await run();
    // The site gate reads its setting every few seconds, whichever request comes then.
    return statements.slice(from).filter((q) => !/from "settings"/.test(q));
  };

  beforeAll(async () => {
    server = await startTestServer(driver, {}, {
      onQuery: (query) => statements.push(query),
      // Counts the transactions the app opens (postgres.js sends BEGIN itself, past the query log).
      wrapDb: (db) =>
        new Proxy(db, {
          get(target, property) {
            const value: unknown = Reflect.get(target, property, target);
            if (property === 'transaction') {
              return async (...args: Parameters<typeof db.transaction>) => {
                transactions++;
                const before = beforeNextTransaction;
                beforeNextTransaction = undefined;
                await before?.();
                return target.transaction(...args);
              };
            }
            const beforeExecute = async () => {
              const before = beforeNextExecute;
              beforeNextExecute = undefined;
              await before?.();
            };
            if (property === 'execute') {
              return async (...args: Parameters<typeof db.execute>) => {
                await beforeExecute();
                return target.execute(...args);
              };
            }
            if (property === '_') return hookPreparedSql(target._, beforeExecute);
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        }),
      wrapJobs: (jobs) => ({ ...jobs, kind: jobs.kind, schedule: async () => {} }),
    });
  });
  afterAll(() => server?.close());

  const applicant = async () => {
    const user = await directUser(server.handle.db);
    const api = clientWithToken(server.baseUrl, user);
    return { user, api };
  };

  it('saves a draft without uploads in one write statement, and every save lands', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const formId = formIds[0]!;
    const { api } = await applicant();
    let draft = await api.apply.save({ projectId, formId, data: { projectName: '第 0 稿' }, version: 0 });
    for (let n = 1; n <= 5; n++) {
      const transactionsBefore = transactions;
      const sent = await sentDuring(async () => {
        draft = await api.apply.save({ projectId, formId, data: { projectName: `第 ${n} 稿`, performances: n }, version: draft.version });
      });
      expect(draft.version).toBe(n + 1);
      expect(draft.data).toMatchObject({ projectName: `第 ${n} 稿`, performances: n });
      // The session, the call with its form, and the save: no read of my application before it
      // (the save finds it by applicant, form and version).
      expect(sent.filter((q) => /^(insert|update|delete)/i.test(q.trim()))).toHaveLength(1);
      expect(sent).toHaveLength(3);
      expect(transactions).toBe(transactionsBefore);
    }
    const [row] = await server.handle.db.select().from(applications).where(eq(applications.id, draft.id));
    expect(row).toMatchObject({ version: 6, data: { projectName: '第 5 稿', performances: 5 } });
    // A stale version is refused as before and changes nothing.
    const stale = await api.apply.save({ projectId, formId, data: { projectName: '旧稿' }, version: 3 }, { silent: true }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ApiError);
    expect(stale).toMatchObject({ errno: Errno.CONFLICT, errmsg: '数据已在别处修改，请刷新后重试' });
    const [after] = await server.handle.db.select().from(applications).where(eq(applications.id, draft.id));
    expect(after?.version).toBe(6);
  });

  it('sanitises rich text on every save, a value resent as stored included', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const formId = formIds[0]!;
    const { api } = await applicant();
    const unsafe = '<p onclick="steal()">方案<script>alert(1)</script><img src="https://evil.example/p.gif"></p>';
    const first = await api.apply.save({ projectId, formId, data: { plan: unsafe }, version: 0 });
    expect(first.data.plan).toBe('<p>方案</p>');
    const resent = await api.apply.save({ projectId, formId, data: { plan: first.data.plan, projectName: '改名' }, version: first.version });
    expect(resent.data.plan).toBe('<p>方案</p>');
    // The unsafe text again: not what is stored, so through the sanitiser again.
    const again = await api.apply.save({ projectId, formId, data: { plan: unsafe }, version: resent.version });
    expect(again.data.plan).toBe('<p>方案</p>');
    const [row] = await server.handle.db.select().from(applications).where(eq(applications.id, first.id));
    expect(row?.data).toEqual({ plan: '<p>方案</p>' });
    // Stored unsanitised (as plain text before the field became rich text, or before a rule
    // changed) and resent as it is: it goes through the sanitiser all the same.
    await server.handle.db.update(applications).set({ data: { plan: unsafe } }).where(eq(applications.id, first.id));
    const resentRaw = await api.apply.save({ projectId, formId, data: { plan: unsafe }, version: again.version });
    expect(resentRaw.data.plan).toBe('<p>方案</p>');
  });

  it('writes a submission, its serial number, its copy and its audit line in one statement', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const formId = formIds[0]!;
    const { api } = await applicant();
    const proposal = (await api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'p.pdf' })).id;
    const draft = await api.apply.save({ projectId, formId, data: { projectName: '草稿' }, version: 0 });
    const data = validData({ proposal });
    let submitted = draft;
    const transactionsBefore = transactions;
    const sent = await sentDuring(async () => {
      submitted = await api.apply.save({ projectId, formId, data, version: draft.version, submit: true });
    });
    const writes = sent.filter((q) => /application_serials|applications|application_submissions|audit_logs/.test(q) && /\b(insert|update)\b/i.test(q));
    expect(writes).toHaveLength(1);
    // After the write, one statement: the confirmation's forms still to send with its recipient.
    const afterWrite = sent.slice(sent.findIndex((q) => q.startsWith('with held')) + 1);
    expect(afterWrite).toHaveLength(1);
    expect(afterWrite[0]).toMatch(/from "forms" inner join "users"/);
    expect(transactions).toBe(transactionsBefore);
    expect(submitted).toMatchObject({ status: 'submitted', version: draft.version + 1 });
    expect(submitted.receipt?.sha256).toBe(receiptHash(data));
    expect(submitted.serialNumber).toMatch(SERIAL);
    expect(submitted.receipt?.serialNumber).toBe(submitted.serialNumber);

    const copies = await server.handle.db.select().from(applicationSubmissions).where(eq(applicationSubmissions.applicationId, draft.id));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ version: submitted.version, receiptHash: receiptHash(data), data });
    const [line] = await server.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'application.submit'), eq(auditLogs.objectId, String(draft.id))));
    expect(line).toMatchObject({
      actorKind: 'user',
      objectType: 'application',
      detail: { serialNumber: submitted.serialNumber, sha256: receiptHash(data), version: submitted.version, formId, declarationAccepted: false },
    });
    // Read back as the applicant sees it.
    expect((await api.project.form({ projectId, formId })).apply).toMatchObject({ status: 'submitted', serialNumber: submitted.serialNumber, receipt: submitted.receipt });
  });

  it('gives concurrent submissions unique, gap-free serial numbers; stale ones take none', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const formId = formIds[0]!;
    const people = await Promise.all(Array.from({ length: 12 }, () => applicant()));
    const proposals = await Promise.all(people.map(({ api }) => api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'p.pdf' })));
    const drafts = await Promise.all(people.map(({ api }) => api.apply.save({ projectId, formId, data: { projectName: '草稿' }, version: 0 })));
    // Every third applicant sends a stale version; the rest submit, all at once, and some of those
    // submit twice (the second is stale once the first has landed).
    const attempts = people.flatMap(({ api }, i) => {
      const send = (version: number) =>
        api.apply.save({ projectId, formId, data: validData({ proposal: proposals[i]!.id }), version, submit: true }, { silent: true });
      if (i % 3 === 0) return [send(drafts[i]!.version + 5)];
      return i % 3 === 1 ? [send(drafts[i]!.version), send(drafts[i]!.version)] : [send(drafts[i]!.version)];
    });
    const results = await Promise.allSettled(attempts);
    const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as ApiError] : []));
    expect(ok).toHaveLength(8);
    // A second submission answered after the first landed finds it submitted (403), else stale (409).
    expect(refused.every((e) => e.errno === Errno.CONFLICT || e.errno === Errno.FORBIDDEN)).toBe(true);
    const numbers = ok.map((a) => serialOf(a.serialNumber)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.at(-1)! - numbers[0]!).toBe(7);
    // The next submission anywhere follows on directly: no number was taken by a refused one.
    const next = await applicant();
    const proposal = (await next.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'p.pdf' })).id;
    const last = await next.api.apply.save({ projectId, formId, data: validData({ proposal }), version: 0, submit: true });
    expect(serialOf(last.serialNumber)).toBe(numbers.at(-1)! + 1);
    // What was stored is what was answered.
    const rows = await server.handle.db.select().from(applications).where(inArray(applications.id, ok.map((a) => a.id)));
    expect(rows.map((r) => r.serialNumber).sort()).toEqual(ok.map((a) => a.serialNumber).sort());
  });

  it('refuses a submission whose upload the orphan sweep took after the check: nothing written, no serial number', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const formId = formIds[0]!;
    const { api } = await applicant();
    const proposal = (await api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'p.pdf' })).id;
    const draft = await api.apply.save({ projectId, formId, data: { projectName: '草稿' }, version: 0 });
    // The sweep's delete, between the handler's checks and the submission statement.
    beforeNextExecute = () => server.handle.db.delete(uploads).where(eq(uploads.id, proposal));
    const refused = await api.apply.save({ projectId, formId, data: validData({ proposal }), version: draft.version, submit: true }, { silent: true }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ errno: Errno.INVALID_INPUT, errmsg: '「申报书」的文件已被清理，请重新上传' });
    expect((refused as ApiError).fields).toHaveProperty('proposal');
    const [row] = await server.handle.db.select().from(applications).where(eq(applications.id, draft.id));
    expect(row).toMatchObject({ status: 'draft', version: draft.version, serialNumber: null });
    expect(await server.handle.db.select().from(applicationSubmissions).where(eq(applicationSubmissions.applicationId, draft.id))).toEqual([]);
  });

  it('refuses a later draft save whose upload the orphan sweep took after the check, saying so', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const formId = formIds[0]!;
    const { api } = await applicant();
    const proposal = (await api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'p.pdf' })).id;
    const draft = await api.apply.save({ projectId, formId, data: { projectName: '草稿' }, version: 0 });
    // The sweep's delete, between the save's checks and the transaction that holds the uploads.
    beforeNextTransaction = () => server.handle.db.delete(uploads).where(eq(uploads.id, proposal));
    const refused = await api.apply.save({ projectId, formId, data: { projectName: '草稿', proposal }, version: draft.version }, { silent: true }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ errno: Errno.INVALID_INPUT, errmsg: '「申报书」的文件已被清理，请重新上传' });
    const [row] = await server.handle.db.select().from(applications).where(eq(applications.id, draft.id));
    expect(row).toMatchObject({ version: draft.version, data: { projectName: '草稿' } });
  });

  it('keeps a returned application its serial number when it is sent again', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const formId = formIds[0]!;
    const { api } = await applicant();
    const proposal = (await api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'p.pdf' })).id;
    const first = await api.apply.save({ projectId, formId, data: validData({ proposal }), version: 0, submit: true });
    await server.handle.db.update(applications).set({ status: 'returned', version: first.version + 1 }).where(eq(applications.id, first.id));
    const again = await api.apply.save({ projectId, formId, data: { ...validData({ proposal }), projectName: '修改后' }, version: first.version + 1, submit: true });
    expect(again.serialNumber).toBe(first.serialNumber);
    expect(again.version).toBe(first.version + 2);
    const copies = await server.handle.db.select().from(applicationSubmissions).where(eq(applicationSubmissions.applicationId, first.id));
    expect(copies.map((c) => c.version).sort()).toEqual([first.version, again.version]);
  });
});
