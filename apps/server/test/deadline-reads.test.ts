// What the deadline-hour work (issue 11) changed on the applicant's reads, pinned: how many
// statements each read sends, the call list's counts kept per filter until a call changes (on
// every instance) or a window opens or closes, and prepared statements shared by every applicant
// answering each applicant with their own rows.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema';
import { clientWithToken, createCall, directUser, someDistrict } from './apply-fixtures';
import { drivers, startTestServer, type TestServer } from './harness';

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

  it('counts the call list once per filter, and again after any change to the calls', async () => {
    const first = await listTotal();
    const repeated = await sentDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await listTotal()).total).toBe(first.total);
    });
    expect(repeated.filter((q) => COUNTING.test(q))).toHaveLength(0);
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
    // The change reaches the list once its notice arrives (asynchronously, but within milliseconds).
    await expect.poll(find).toBe(true);
    const openBefore = (await listTotal('&status=open')).total;
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

    // Interleaved, so that a statement prepared for one applicant serves the other next.
    for (let round = 0; round < 3; round++) {
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
        // The session, then: the call, its forms and my applications to it; my application to the
        // form, and the call with the form; a page of mine and their count; one application.
        expect(counts).toEqual({ detail: 4, form: 3, mine: 3, application: 2 });
      }
    }
    // Someone else's application answers like a missing one, through the same prepared statement.
    await expect(bobApi.project.applyDetail({ applyId: aliceDraft.id }, { silent: true })).rejects.toMatchObject({ errno: 404 });
  });
});
