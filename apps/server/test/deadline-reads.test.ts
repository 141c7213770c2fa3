// What the deadline-hour work (issue 11) changed on the applicant's reads, pinned: how many
// statements each read sends, the call list's counts kept per filter until a call changes (on
// every instance) or a window opens or closes, sessions and calls kept until they change or
// expire, and prepared statements shared by every applicant answering each applicant with their
// own rows.
import { Errno } from '@flagship/api-client';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../src/auth/tokens';
import { categories, enterprises, experts, forms, policies, projects, resultAnnouncements, sessions, settings, users } from '../src/db/schema';
import { searchVectorSql } from '../src/db/search';
import { rowsOf } from '../src/lib/rows';
import { keptCalls } from '../src/shared/kept-calls-repository';
import { clientWithToken, createCall, directUser, pdf, someDistrict, TEST_FIELDS, validData } from './apply-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

const COUNTING = /count\(\*\) filter/;

describe.each(drivers)('the applicant reads of the deadline hour on %s', (driver) => {
  let server: TestServer;
  const statements: string[] = [];
  /** The statements the server sends while `run` runs. */
  const sentDuring = async (run: () => Promise<unknown>) => {
    const from = statements.length;
    await run();
    return statements.slice(from);
  };

  beforeAll(async () => {
    server = await startTestServer(driver, {}, {
      onQuery: (query) => statements.push(query),
      // No scheduled sweeps: a tick during a read would add its statements to the read's.
      wrapJobs: (jobs) => ({ ...jobs, kind: jobs.kind, schedule: async () => {} }),
    });
  });
  afterAll(() => server?.close());

  const listTotal = async (query = '') => {
    const answer = (await (await fetch(`${server.baseUrl}/api/project?page=1&pageSize=10${query}`)).json()) as { data: { total: number; list: { id: number; status: string }[] } };
    return answer.data;
  };

  it('counts the call list once per filter and keeps its pages, and reads them again after any change to the calls', async () => {
    const first = await listTotal();
    const repeated = await sentDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await listTotal()).total).toBe(first.total);
    });
    expect(repeated.filter((q) => COUNTING.test(q))).toHaveLength(0);
    // The same page again is kept whole (a public fact, until a call changes or a window turns).
    expect(repeated.filter((q) => !/from "settings"/.test(q))).toHaveLength(0);
    // Another filter is counted on its own.
    const byYear = await sentDuring(() => listTotal('&year=2026'));
    expect(byYear.filter((q) => COUNTING.test(q))).toHaveLength(1);

    // A call written straight into the database (not through the app) is seen at once: the
    // trigger announces it on commit.
    const added = await createCall(server.handle.db, 'open');
    await expect.poll(async () => (await listTotal()).total).toBe(first.total + 1);
    await server.handle.db.update(projects).set({ published: false }).where(eq(projects.id, added.projectId));
    await expect.poll(async () => (await listTotal()).total).toBe(first.total);
  });

  it('moves a call from open to closed when its window ends, with no change announced', async () => {
    const { projectId } = await createCall(server.handle.db, 'open');
    // Long enough to be seen open on a loaded machine, short enough to wait for.
    await server.handle.db.update(projects).set({ applyEnd: new Date(Date.now() + 4_000) }).where(eq(projects.id, projectId));
    const find = async () => {
      const all = await listTotal('&status=open');
      return all.list.some((p) => p.id === projectId);
    };
    // The changes reach the list once their notices arrive (asynchronously, but within
    // milliseconds): until then a page may be read from counts taken before them, so wait for the
    // open total the database gives, the new call included.
    const openInDatabase = async () =>
      Number(rowsOf<{ n: number }>(await server.handle.db.execute(sql`select count(*) as n from projects where published and apply_start <= now() and apply_end > now()`))[0]?.n);
    const openBefore = await openInDatabase();
    await expect.poll(async () => (await listTotal('&status=open')).total).toBe(openBefore);
    await expect.poll(find).toBe(true);
    await expect.poll(async () => (await listTotal('&status=open')).total, { timeout: 15_000 }).toBe(openBefore - 1);
    expect(await find()).toBe(false);
  });

  it('sends a fixed number of statements per read, and each applicant gets their own rows', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const formId = formIds[0]!;
    const region = await someDistrict(server.handle.db);
    const [alice, bob] = [await directUser(server.handle.db), await directUser(server.handle.db)];
    const [aliceApi, bobApi] = [clientWithToken(server.baseUrl, alice), clientWithToken(server.baseUrl, bob)];
    const aliceDraft = await aliceApi.apply.save({ projectId, formId, data: { projectName: '爱丽丝的作品', region: region.id }, version: 0 }, { silent: true });
    const bobDraft = await bobApi.apply.save({ projectId, formId, data: { projectName: '鲍勃的作品', region: region.id }, version: 0 }, { silent: true });

    // Interleaved, so that a statement prepared for one applicant serves the other next. The first
    // round reads each session and the call once; from then on both are kept.
    for (let round = 0; round < 4; round++) {
      for (const [api, draft, title] of [
        [aliceApi, aliceDraft, '爱丽丝的作品'],
        [bobApi, bobDraft, '鲍勃的作品'],
      ] as const) {
        const counts: Record<string, number> = {};
        // The site gate reads its setting every few seconds, whichever request comes then.
        const count = async (name: string, read: () => Promise<unknown>) => {
          counts[name] = (await sentDuring(read)).filter((q) => !/from "settings"/.test(q)).length;
        };
        await count('detail', async () => {
          const detail = await api.project.detail({ id: projectId });
          expect(detail.forms[0]?.myApply?.id).toBe(draft.id);
        });
        await count('form', async () => {
          const form = await api.project.form({ projectId, formId });
          expect(form.apply?.id).toBe(draft.id);
          expect(form.apply?.data).toMatchObject({ projectName: title });
        });
        await count('mine', async () => {
          const mine = await api.project.myApplyList({ page: 1, pageSize: 10 });
          expect(mine.list.map((a) => a.id)).toEqual([draft.id]);
          expect(mine.total).toBe(1);
        });
        await count('application', async () => {
          expect((await api.project.applyDetail({ applyId: draft.id })).data).toMatchObject({ projectName: title });
        });
        await count('search', async () => {
          expect((await api.content.search({ keyword: '资助' })).list.length).toBeGreaterThan(0);
        });
        // Kept: the session, the call with its forms, the call with the form, the search answer.
        // Read: my applications to the call; my application to the form; a page of mine with their
        // count; one application.
        if (round > 0) expect(counts).toEqual({ detail: 1, form: 1, mine: 1, application: 1, search: 0 });
      }
    }
    // An autosave after the first is one statement: written by (applicant, form, version), with
    // no read of the application before it. A stale version still reads, and is refused.
    let version = aliceDraft.version;
    for (let save = 0; save < 2; save++) {
      let answers: unknown;
      const sent = await sentDuring(async () => {
        const saved = await aliceApi.apply.save({ projectId, formId, data: { projectName: `爱丽丝的作品 ${save}`, region: region.id }, version });
        ({ version, data: answers } = saved);
      });
      const written = sent.filter((q) => !/from "settings"/.test(q));
      expect(written).toHaveLength(1);
      // The answers written do not come back from the database; the save answers with them as stored.
      expect(written[0]).not.toMatch(/returning[^]*"data"/);
      expect(answers).toEqual((await aliceApi.project.applyDetail({ applyId: aliceDraft.id })).data);
      expect(answers).toMatchObject({ projectName: `爱丽丝的作品 ${save}` });
    }
    await expect(aliceApi.apply.save({ projectId, formId, data: { projectName: '旧版本' }, version: version - 1 }, { silent: true })).rejects.toMatchObject({ errno: 409 });
    expect((await bobApi.project.applyDetail({ applyId: bobDraft.id })).data).toMatchObject({ projectName: '鲍勃的作品' });
    // A page past the end still says how many there are.
    expect(await aliceApi.project.myApplyList({ page: 3, pageSize: 10 })).toMatchObject({ list: [], total: 1 });
    // Someone else's application answers like a missing one, through the same prepared statement.
    await expect(bobApi.project.applyDetail({ applyId: aliceDraft.id }, { silent: true })).rejects.toMatchObject({ errno: 404 });
  });

  it('writes an autosave without touching an index, and reads my list in the order of an index', async () => {
    const { db } = server.handle;
    const { projectId, formIds } = await createCall(db, 'open');
    const formId = formIds[0]!;
    const alice = await directUser(db);
    const api = clientWithToken(server.baseUrl, alice);
    const draft = await api.apply.save({ projectId, formId, data: { projectName: '索引测试' }, version: 0 }, { silent: true });
    const [autosave] = (await sentDuring(() => api.apply.save({ projectId, formId, data: { projectName: '索引测试 2' }, version: draft.version }))).filter((q) => /^update "applications"/.test(q));
    // The columns the autosave sets (its trigger also sets the amount from the answers).
    const setPart = /\bset\b([^]*?)\bwhere\b/i.exec(autosave ?? '')?.[1] ?? '';
    const setColumns = [...setPart.matchAll(/"(\w+)" = /g)].map((m) => m[1] as string);
    expect(setColumns).toEqual(expect.arrayContaining(['data', 'updated_at']));
    // An update that changes no indexed column can stay on its page without a new entry in any of
    // the table's seven indexes (PostgreSQL's HOT update), when its page has room: 99 % of the bench's saves.
    const indexes = rowsOf<{ name: string; definition: string }>(
      await db.execute(sql`select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition from pg_index where indrelid = 'applications'::regclass`),
    );
    expect(indexes.length).toBeGreaterThan(3);
    for (const column of [...setColumns, 'requested_amount']) {
      for (const { name, definition } of indexes) expect(definition, `${name} indexes ${column}`).not.toMatch(new RegExp(`\\b${column}\\b`));
    }
    // My list, newest first, comes from an index in its order: no sort, and the page's limit ends
    // the scan. Its own statement, planned as the server plans it (once for every applicant); the
    // table is tiny here, so only index scans are allowed and the plan shows which index.
    const [mine] = (await sentDuring(() => api.project.myApplyList({ page: 1, pageSize: 10 }))).filter((q) => /from "applications"/.test(q));
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare my_list_plan as ${mine ?? ''}`));
      try {
        return rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain execute my_list_plan(${alice.userId}, 11, 0)`)))
          .map((row) => Object.values(row)[0])
          .join('\n');
      } finally {
        await tx.execute(sql`deallocate my_list_plan`);
      }
    });
    expect(plan).toMatch(/Index Scan using applications_user_created_idx/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('submits a saved draft with no read of it before: the uploads it names, the submission, the confirmation', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const form = { projectId, formId: formIds[0]! };
    const region = await someDistrict(server.handle.db);
    const alice = await server.newUser();
    const proposal = (await alice.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })).id;
    const draft = await alice.api.apply.save({ ...form, data: { projectName: '草稿' }, version: 0 });
    // The site gate's own kept read of the access password may come due; it is not the submission's.
    const sent = (await sentDuring(() => alice.api.apply.save({ ...form, data: validData({ proposal }, region.id), version: draft.version, submit: true }))).filter(
      (q) => !/from "settings"/.test(q),
    );
    expect(sent.filter((q) => /from "applications"/.test(q) && !/^with /.test(q) && !/"forms"/.test(q))).toEqual([]);
    expect(sent).toEqual([expect.stringMatching(/from "uploads"/), expect.stringMatching(/^with held as/), expect.stringMatching(/from "forms"/)]);
    const submitted = await alice.api.project.applyDetail({ applyId: draft.id });
    expect(submitted).toMatchObject({ status: 'submitted', serialNumber: expect.stringMatching(/^FS-/), version: draft.version + 1 });
    // Sent again at the version it had: refused, and nothing changed (the full way says why).
    const again = await apiError(alice.api.apply.save({ ...form, data: validData({ proposal }, region.id), version: draft.version, submit: true }, { silent: true }));
    expect(again.errno).toBe(Errno.FORBIDDEN);
    expect(await alice.api.project.applyDetail({ applyId: draft.id })).toMatchObject({ serialNumber: submitted.serialNumber, version: submitted.version });
  });

  const detailOf = async (api: ReturnType<typeof clientWithToken>, projectId: number) => api.project.detail({ id: projectId }, { silent: true });
  const errnoOf = (read: Promise<unknown>) =>
    read.then(
      () => Errno.OK as number,
      (error: { errno: number }) => error.errno,
    );

  it('keeps a session until it ends or expires, and reads a changed one again at once', async () => {
    const { projectId } = await createCall(server.handle.db, 'open');
    const alice = await directUser(server.handle.db);
    const api = clientWithToken(server.baseUrl, alice);
    await detailOf(api, projectId);
    // Kept: the next reads send no statement for the session.
    const again = await sentDuring(() => detailOf(api, projectId));
    expect(again.filter((q) => /from "sessions"/.test(q))).toHaveLength(0);

    // Ended in the database by someone else (another instance, an operator): refused once the
    // notice arrives, within moments.
    await server.handle.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(alice.token)));
    await expect.poll(() => errnoOf(detailOf(api, projectId)), { timeout: 5_000 }).toBe(Errno.SESSION_INVALID);

    // Ended by this instance (logout): refused at once, without waiting for the notice; another
    // applicant's session stays kept.
    const bob = await directUser(server.handle.db);
    const bobApi = clientWithToken(server.baseUrl, bob);
    const carol = await directUser(server.handle.db);
    const carolApi = clientWithToken(server.baseUrl, carol);
    await detailOf(bobApi, projectId);
    await detailOf(carolApi, projectId);
    await bobApi.auth.logout();
    expect(await errnoOf(detailOf(bobApi, projectId))).toBe(Errno.SESSION_INVALID);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await sentDuring(() => detailOf(carolApi, projectId))).filter((q) => /from "sessions"/.test(q))).toHaveLength(0);

    // A session is kept no longer than it lives, with no notice at all.
    const token = newToken();
    await server.handle.db.insert(sessions).values({ tokenHash: hashToken(token), userId: bob.userId, expiresAt: new Date(Date.now() + 2_000) });
    const shortApi = clientWithToken(server.baseUrl, { ...bob, token });
    expect(await errnoOf(detailOf(shortApi, projectId))).toBe(Errno.OK);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await errnoOf(detailOf(shortApi, projectId))).toBe(Errno.SESSION_INVALID);
  });

  it('drops only the sessions a change names, and every session when a change names too many', async () => {
    const { projectId } = await createCall(server.handle.db, 'open');
    const [alice, bob] = [await directUser(server.handle.db), await directUser(server.handle.db)];
    const [aliceApi, bobApi] = [clientWithToken(server.baseUrl, alice), clientWithToken(server.baseUrl, bob)];
    await detailOf(aliceApi, projectId);
    await detailOf(bobApi, projectId);
    const sessionReads = async (api: ReturnType<typeof clientWithToken>) => (await sentDuring(() => detailOf(api, projectId))).filter((q) => /from "sessions"/.test(q)).length;

    // Bob's session ended in SQL: his is dropped once the notice comes, Alice's stays kept.
    await server.handle.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(bob.token)));
    await expect.poll(() => errnoOf(detailOf(bobApi, projectId)), { timeout: 5_000 }).toBe(Errno.SESSION_INVALID);
    expect(await sessionReads(aliceApi)).toBe(0);

    // Alice's account renamed: her session is read again (it carries the account), Bob's new one is not.
    const bobAgain = { ...bob, token: newToken() };
    await server.handle.db.insert(sessions).values({ tokenHash: hashToken(bobAgain.token), userId: bob.userId, expiresAt: new Date(Date.now() + 3600_000) });
    const bobAgainApi = clientWithToken(server.baseUrl, bobAgain);
    await detailOf(bobAgainApi, projectId);
    await server.handle.db.update(users).set({ account: `${alice.account}.renamed` }).where(eq(users.id, alice.userId));
    await expect.poll(() => sessionReads(aliceApi), { timeout: 5_000 }).toBe(1);
    expect(await sessionReads(bobAgainApi)).toBe(0);
    // Another change to the account (its name unchanged) names no session.
    await server.handle.db.update(users).set({ name: '爱丽丝' }).where(eq(users.id, alice.userId));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await sessionReads(aliceApi)).toBe(0);

    // More sessions ended at once than one notice can name (its payload stays under 8 000
    // bytes): the statement still commits, and every kept session is dropped.
    const many = Array.from({ length: 150 }, () => ({ tokenHash: hashToken(newToken()), userId: bob.userId, expiresAt: new Date(Date.now() + 3600_000) }));
    await server.handle.db.insert(sessions).values(many);
    await server.handle.db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, bob.userId), isNull(sessions.revokedAt)));
    await expect.poll(() => sessionReads(aliceApi), { timeout: 5_000 }).toBe(1);
    expect(await errnoOf(detailOf(bobAgainApi, projectId))).toBe(Errno.SESSION_INVALID);
  });

  it('keeps a call and its form until the call, a form, its category or region change; its status follows the clock', async () => {
    const { projectId, formIds } = await createCall(server.handle.db, 'open');
    const formId = formIds[0]!;
    const [category] = await server.handle.db.insert(categories).values({ kind: 'project', name: '保持测试分类' }).returning({ id: categories.id });
    await server.handle.db.update(projects).set({ categoryId: category!.id }).where(eq(projects.id, projectId));
    const alice = await directUser(server.handle.db);
    const api = clientWithToken(server.baseUrl, alice);
    await expect.poll(async () => (await detailOf(api, projectId)).categoryName).toBe('保持测试分类');
    await api.project.form({ projectId, formId });
    // Kept (once the notices of the changes above have arrived): no statement reads the call or its forms.
    const callReads = async () => {
      const sent = await sentDuring(async () => {
        await detailOf(api, projectId);
        await api.project.form({ projectId, formId });
      });
      return sent.filter((q) => /from "(projects|forms)"/.test(q)).length;
    };
    await expect.poll(callReads).toBe(0);
    expect(await callReads()).toBe(0);

    // Changes made straight in the database are seen once their notice arrives.
    await server.handle.db.update(projects).set({ title: '改过的标题' }).where(eq(projects.id, projectId));
    await expect.poll(async () => (await detailOf(api, projectId)).title).toBe('改过的标题');
    await expect.poll(async () => (await api.project.form({ projectId, formId })).project.title).toBe('改过的标题');
    await server.handle.db.update(forms).set({ title: '改过的申报书' }).where(eq(forms.id, formId));
    await expect.poll(async () => (await detailOf(api, projectId)).forms[0]?.title).toBe('改过的申报书');
    await expect.poll(async () => (await api.project.form({ projectId, formId })).form.title).toBe('改过的申报书');
    await server.handle.db.update(categories).set({ name: '改过的分类' }).where(eq(categories.id, category!.id));
    await expect.poll(async () => (await detailOf(api, projectId)).categoryName).toBe('改过的分类');

    // The window ends with no change announced: the kept call says 已截止 (closed) from then on.
    await server.handle.db.update(projects).set({ applyEnd: new Date(Date.now() + 2_500) }).where(eq(projects.id, projectId));
    await expect.poll(async () => (await detailOf(api, projectId)).status).toBe('open');
    await expect.poll(async () => (await detailOf(api, projectId)).status, { timeout: 10_000 }).toBe('closed');

    // Unpublished: gone for a visitor, still there for the applicant's own application's form.
    await api.apply.save({ projectId, formId, data: { projectName: '保持测试' }, version: 0 }, { silent: true });
    await server.handle.db.update(projects).set({ published: false }).where(eq(projects.id, projectId));
    await expect.poll(() => errnoOf(detailOf(api, projectId))).toBe(Errno.NOT_FOUND);
    expect((await api.project.form({ projectId, formId })).form.title).toBe('改过的申报书');
  });

  it('titles my applications from the kept calls, without joining them, and shows a renamed call or a new form at once', async () => {
    const { db } = server.handle;
    const { projectId, formIds } = await createCall(db, 'open');
    const formId = formIds[0]!;
    const alice = await directUser(db);
    const api = clientWithToken(server.baseUrl, alice);
    const draft = await api.apply.save({ projectId, formId, data: { projectName: '标题测试' }, version: 0 }, { silent: true });
    /** The call's and form's titles as my list, my application and the call's detail show them. */
    const titles = async () => {
      const [listed] = (await api.project.myApplyList({ page: 1, pageSize: 10 })).list;
      const one = await api.project.applyDetail({ applyId: draft.id });
      const mine = (await api.project.detail({ id: projectId })).forms[0]?.myApply;
      return [listed?.projectTitle, listed?.formTitle, one.projectTitle, one.formTitle, mine?.projectTitle, mine?.formTitle];
    };
    const [call] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, projectId));
    const [form] = await db.select({ title: forms.title }).from(forms).where(eq(forms.id, formId));
    expect(await titles()).toEqual([call!.title, form!.title, call!.title, form!.title, call!.title, form!.title]);
    // Once kept, none of these reads touches the calls or their forms.
    const callReads = async () => (await sentDuring(titles)).filter((q) => /"(projects|forms)"/.test(q)).length;
    await expect.poll(callReads).toBe(0);

    await db.update(projects).set({ title: '改名的资助项目' }).where(eq(projects.id, projectId));
    await db.update(forms).set({ title: '改名的申报书' }).where(eq(forms.id, formId));
    const renamed = ['改名的资助项目', '改名的申报书'];
    await expect.poll(titles).toEqual([...renamed, ...renamed, ...renamed]);
    await expect.poll(callReads).toBe(0);

    // Applications to calls not kept yet: all their titles in one statement.
    const others = [await createCall(db, 'open'), await createCall(db, 'open')];
    for (const other of others) await api.apply.save({ projectId: other.projectId, formId: other.formIds[0]!, data: { projectName: '另一个' }, version: 0 }, { silent: true });
    const otherTitles = await db.select({ id: projects.id, title: projects.title }).from(projects).where(inArray(projects.id, others.map((o) => o.projectId)));
    const loadsBefore = keptCalls(db).loads;
    const listed = (await api.project.myApplyList({ page: 1, pageSize: 10 })).list;
    expect(keptCalls(db).loads - loadsBefore).toBe(1);
    expect(listed.map((a) => a.projectTitle)).toEqual([...others.map((o) => otherTitles.find((t) => t.id === o.projectId)?.title).reverse(), renamed[0]]);
    expect(listed.map((a) => a.formTitle)).toEqual(['测试申报书 1', '测试申报书 1', renamed[1]]);

    // A form whose notice has not arrived (here: never sent) is not missing its title: the call is
    // read again when one of my applications names a form its kept titles do not have.
    await db.execute(sql`alter table forms disable trigger forms_changed`);
    const [added] = await db.insert(forms).values({ projectId, title: '后加的申报书', fields: TEST_FIELDS, sort: 9 }).returning({ id: forms.id });
    await db.execute(sql`alter table forms enable trigger forms_changed`);
    await api.apply.save({ projectId, formId: added!.id, data: { projectName: '后加的' }, version: 0 }, { silent: true });
    let list: { projectTitle: string; formTitle: string; projectId: number }[] = [];
    const sent = await sentDuring(async () => {
      list = (await api.project.myApplyList({ page: 1, pageSize: 10 })).list;
    });
    expect(sent.filter((q) => /"projects"/.test(q))).toHaveLength(1);
    expect(list.filter((a) => a.projectId === projectId).map((a) => [a.projectTitle, a.formTitle])).toEqual([
      ['改名的资助项目', '后加的申报书'],
      renamed,
    ]);
  });

  it('keeps search answers until a call, notice, expert or company changes, or a scheduled notice appears', async () => {
    const db = server.handle.db;
    const keyword = '保持检索';
    const search = () => sentDuring(() => fetch(`${server.baseUrl}/api/search?keyword=${encodeURIComponent(keyword)}`).then((r) => r.json()));
    const counts = async () => {
      const answer = (await (await fetch(`${server.baseUrl}/api/search?keyword=${encodeURIComponent(keyword)}`)).json()) as { data: { counts: Record<string, number> } };
      return answer.data.counts;
    };
    const policy = { title: `${keyword}的公告`, summary: '', content: '', searchVector: searchVectorSql(`${keyword}的公告`) };
    const [notice] = await db.insert(policies).values({ ...policy, publishedAt: new Date(Date.now() - 1_000) }).returning({ id: policies.id });
    await expect.poll(async () => (await counts()).policy, { timeout: 5_000 }).toBe(1);
    // The hits and the counts in one statement, then kept (once no notice arrives during a read: an
    // answer read while one did is used once, not kept).
    const searchReads = async () => (await search()).filter((q) => /search_vector/.test(q)).length;
    await expect.poll(searchReads).toBe(0);
    const titles = async () => {
      const answer = (await (await fetch(`${server.baseUrl}/api/search?keyword=${encodeURIComponent(keyword)}`)).json()) as { data: { list: { title: string; summary: string }[] } };
      return answer.data.list.map((h) => h.title);
    };
    await db.update(policies).set({ title: `${keyword}的公告（更正）` }).where(eq(policies.id, notice!.id));
    await expect.poll(titles, { timeout: 5_000 }).toEqual([`${keyword}的公告（更正）`]);
    await expect.poll(searchReads).toBe(0);
    // Only small pages are kept (what the portal asks for), so that what is kept stays small.
    const bigPage = () => sentDuring(() => fetch(`${server.baseUrl}/api/search?keyword=${encodeURIComponent(keyword)}&pageSize=50`));
    await bigPage();
    expect((await bigPage()).filter((q) => /search_vector/.test(q))).toHaveLength(1);

    // Reading a notice counts a view in its row: no notice, the answer stays kept.
    await db.update(policies).set({ views: sql`${policies.views} + 1` }).where(eq(policies.id, notice!.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await search()).filter((q) => /search_vector/.test(q))).toHaveLength(0);

    // An expert, a company and a call, each written straight into the database.
    await db.insert(experts).values({ name: `${keyword}专家`, published: true, searchVector: searchVectorSql(`${keyword}专家`) });
    await expect.poll(async () => (await counts()).expert, { timeout: 5_000 }).toBe(1);
    await db.insert(enterprises).values({ name: `${keyword}剧团`, creditCode: '91310000MA1KEEP01X', published: true, searchVector: searchVectorSql(`${keyword}剧团`) });
    await expect.poll(async () => (await counts()).enterprise, { timeout: 5_000 }).toBe(1);
    const { projectId } = await createCall(db, 'open');
    await db.update(projects).set({ searchVector: searchVectorSql(`${keyword}的征集`) }).where(eq(projects.id, projectId));
    await expect.poll(async () => (await counts()).project, { timeout: 5_000 }).toBe(1);
    // And each taken back: unpublished, deleted, or moved to a later date.
    await db.update(experts).set({ published: false }).where(eq(experts.name, `${keyword}专家`));
    await expect.poll(async () => (await counts()).expert, { timeout: 5_000 }).toBe(0);
    await db.update(enterprises).set({ address: '杭州市西湖区' }).where(eq(enterprises.name, `${keyword}剧团`));
    await expect.poll(async () => (await search()).filter((q) => /search_vector/.test(q)).length, { timeout: 5_000 }).toBe(1);
    await db.update(enterprises).set({ published: false }).where(eq(enterprises.name, `${keyword}剧团`));
    await expect.poll(async () => (await counts()).enterprise, { timeout: 5_000 }).toBe(0);
    await db.update(projects).set({ published: false }).where(eq(projects.id, projectId));
    await expect.poll(async () => (await counts()).project, { timeout: 5_000 }).toBe(0);
    await db.update(policies).set({ publishedAt: new Date(Date.now() + 3_600_000) }).where(eq(policies.id, notice!.id));
    await expect.poll(async () => (await counts()).policy, { timeout: 5_000 }).toBe(0);
    await db.delete(policies).where(eq(policies.id, notice!.id));
    const [again] = await db.insert(policies).values({ ...policy, publishedAt: new Date(Date.now() - 1_000) }).returning({ id: policies.id });
    await expect.poll(async () => (await counts()).policy, { timeout: 5_000 }).toBe(1);
    await db.delete(policies).where(eq(policies.id, again!.id));
    await expect.poll(async () => (await counts()).policy, { timeout: 5_000 }).toBe(0);

    // A notice scheduled for later appears at its time, with no change announced then.
    await db.insert(policies).values({ ...policy, publishedAt: new Date(Date.now() + 3_000) });
    await expect.poll(async () => (await search()).filter((q) => /search_vector/.test(q)).length, { timeout: 5_000 }).toBe(0);
    expect((await counts()).policy).toBe(0);
    await expect.poll(async () => (await counts()).policy, { timeout: 10_000 }).toBe(1);
  });

  it.runIf(driver === 'postgres')('hears changes again after its listening connection is cut, and drops what it kept meanwhile', async () => {
    const db = server.handle.db;
    const { projectId } = await createCall(db, 'open');
    const api = clientWithToken(server.baseUrl, await directUser(db));
    const callReads = async () => (await sentDuring(() => detailOf(api, projectId))).filter((q) => /from "projects"/.test(q)).length;
    await expect.poll(callReads).toBe(0);

    // An operator, a failover or a network blip ends the connection that LISTENs.
    const listening = () =>
      db.execute(sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`).then((r) => rowsOf<{ pid: number }>(r));
    const before = await listening();
    expect(before.length).toBeGreaterThan(0);
    await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`);
    // It listens again on a new connection, and what was kept is read afresh (a notice sent while
    // no one listened is lost).
    await expect.poll(async () => (await listening()).filter((r) => !before.some((b) => b.pid === r.pid)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(callReads, { timeout: 5_000 }).toBe(1);
    await expect.poll(callReads).toBe(0);
    await db.update(projects).set({ title: '重新收听后的标题' }).where(eq(projects.id, projectId));
    await expect.poll(async () => (await detailOf(api, projectId)).title, { timeout: 5_000 }).toBe('重新收听后的标题');
  });

  it("keeps a call's results notices and the running ones until an announcement or a call changes, or an objection period turns", async () => {
    type Notice = { id: number; title: string; projectTitle: string; status: string };
    const notices = (query: string) => fetch(`${server.baseUrl}/api/result-notices${query}`).then(async (r) => ((await r.json()) as { data: Notice[] }).data);
    const reads = async (query: string) => (await sentDuring(() => notices(query))).filter((q) => /from "result_announcements"/.test(q)).length;
    const call = await createCall(server.handle.db, 'open');
    const ofCall = `?projectId=${call.projectId}`;
    // A call with no notices yet, as every call is at its deadline: read once, then kept.
    expect(await notices(ofCall)).toEqual([]);
    await expect.poll(() => reads(ofCall)).toBe(0);

    // Published straight into the database: its objection period begins in a moment and ends soon after.
    const now = Date.now();
    const [announcement] = await server.handle.db
      .insert(resultAnnouncements)
      .values({ projectId: call.projectId, title: '立项公示（保持测试）', status: 'published', publishedAt: new Date(now), objectionStartsAt: new Date(now + 1_500), objectionEndsAt: new Date(now + 3_500) })
      .returning({ id: resultAnnouncements.id });
    await expect.poll(async () => (await notices(ofCall)).map((n) => n.title)).toEqual(['立项公示（保持测试）']);
    await expect.poll(() => reads(ofCall)).toBe(0);
    const running = async () => (await notices('')).some((n) => n.id === announcement!.id);
    expect(await running()).toBe(false);
    await expect.poll(() => reads('')).toBe(0);
    // Its period begins and ends with no change announced.
    await expect.poll(running, { timeout: 5_000 }).toBe(true);
    await expect.poll(running, { timeout: 5_000 }).toBe(false);

    // Withdrawn, and the call renamed: each seen at once.
    await server.handle.db.update(resultAnnouncements).set({ status: 'withdrawn', withdrawalReason: '测试撤回' }).where(eq(resultAnnouncements.id, announcement!.id));
    await expect.poll(async () => (await notices(ofCall))[0]?.status).toBe('withdrawn');
    await server.handle.db.update(projects).set({ title: '改名后的项目' }).where(eq(projects.id, call.projectId));
    await expect.poll(async () => (await notices(ofCall))[0]?.projectTitle).toBe('改名后的项目');
  });

  it('keeps the site settings until they change', async () => {
    const read = () => fetch(`${server.baseUrl}/api/setting/index`).then(async (r) => ((await r.json()) as { data: { siteTitle: string } }).data.siteTitle);
    const before = await read();
    await expect.poll(async () => (await sentDuring(read)).filter((q) => /from "settings"/.test(q)).length).toBe(0);
    await server.handle.db.update(settings).set({ siteTitle: '保持测试站点' });
    await expect.poll(read, { timeout: 5_000 }).toBe('保持测试站点');
    await server.handle.db.update(settings).set({ siteTitle: before });
    await expect.poll(read, { timeout: 5_000 }).toBe(before);
  });
});
