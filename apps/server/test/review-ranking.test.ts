// The ranking of a call from its submitted reviews, its filters and distribution, and decisions
// taken from it in bulk through the usual approve/reject path.
import { Errno, type ReviewRecommendation } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../src/db/schema';
import { createCall } from './apply-fixtures';
import { auditOf, newReviewer, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';
import { assign, createRound } from './review-fixtures';
import { insertApplications, insertExperts, type DirectApplication } from './review-round-fixtures';

type Review = [total: number, recommendation: ReviewRecommendation];

describe.each(drivers)('review ranking on %s', (driver) => {
  let server: TestServer;
  let reviewer: StaffClient;
  let call: { projectId: number; formIds: number[] };
  let apps: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g', DirectApplication>;

  beforeAll(async () => {
    server = await startTestServer(driver);
    reviewer = await newReviewer(server);
    const db = server.handle.db;
    call = await createCall(db);
    const round = await createRound(db, call.projectId, { phase: 'reviewing', disagreementThreshold: 20 });
    const [a, b, c, d, e, f, g] = await insertApplications(db, call, 7, { title: (i) => `排名项目${'ABCDEFG'[i]}` });
    apps = { a: a!, b: b!, c: c!, d: d!, e: e!, f: f!, g: g! };
    const experts = await insertExperts(db, 6);
    const submitted = async (app: DirectApplication, reviews: Review[]) => {
      for (const [i, [total, recommendation]] of reviews.entries()) {
        await assign(db, { roundId: round.id, applicationId: app.applicationId, expertId: experts[i]!.expertId, status: 'submitted', total, recommendation, savedAt: new Date(), submittedAt: new Date() });
      }
    };
    await submitted(apps.a, [[40, 'do_not_fund'], [70, 'fund'], [75, 'fund'], [80, 'do_not_fund'], [95, 'fund']]);
    await submitted(apps.b, [[85, 'fund_with_changes'], [88, 'fund'], [90, 'fund_with_changes']]);
    // A saved draft and a conflict of B count for nothing but the draft's assignment.
    await assign(db, { roundId: round.id, applicationId: apps.b.applicationId, expertId: experts[3]!.expertId, status: 'declared', total: 10, savedAt: new Date() });
    await assign(db, { roundId: round.id, applicationId: apps.b.applicationId, expertId: experts[4]!.expertId, status: 'conflict', conflictReason: '同事' });
    await submitted(apps.c, [[60, 'do_not_fund'], [62, 'do_not_fund']]);
    await assign(db, { roundId: round.id, applicationId: apps.d.applicationId, expertId: experts[0]!.expertId });
    await submitted(apps.f, [[0, 'fund_with_changes'], [61, 'fund_with_changes'], [61, 'fund_with_changes'], [61, 'fund_with_changes'], [100, 'fund_with_changes']]);
    // A higher mean than A's but a lower trimmed mean: ranked after A.
    await submitted(apps.g, [[73, 'fund'], [73, 'do_not_fund']]);
    // Neither a withdrawn application nor a draft is in the ranking.
    await insertApplications(db, call, 1, { status: 'withdrawn' });
    await insertApplications(db, call, 1, { status: 'draft' });
  });
  afterAll(() => server?.close());

  it('ranks every application of the call by trimmed mean, then mean, then serial number, with its figures', async () => {
    const ranking = await reviewer.api.console.reviewRanking({ projectId: call.projectId, pageSize: 50 });
    expect(ranking.list.map((r) => [r.rank, r.applicationTitle])).toEqual([
      [1, '排名项目B'],
      [2, '排名项目A'],
      [3, '排名项目G'],
      [4, '排名项目C'],
      [5, '排名项目F'],
      [6, '排名项目D'],
      [7, '排名项目E'],
    ]);
    const row = (app: DirectApplication) => ranking.list.find((r) => r.applicationId === app.applicationId);
    expect(row(apps.a)).toMatchObject({ serialNumber: apps.a.serialNumber, status: 'submitted', assigned: 5, reviews: 5, mean: 72, median: 75, trimmedMean: 75, spread: 55, flagged: true, recommendations: { fund: 3, fund_with_changes: 0, do_not_fund: 2 } });
    expect(row(apps.b)).toMatchObject({ assigned: 4, reviews: 3, mean: 87.67, median: 88, trimmedMean: 87.67, spread: 5, flagged: false, recommendations: { fund: 1, fund_with_changes: 2, do_not_fund: 0 } });
    expect(row(apps.c)).toMatchObject({ reviews: 2, mean: 61, median: 61, trimmedMean: 61, spread: 2, flagged: false });
    expect(row(apps.f)).toMatchObject({ reviews: 5, mean: 56.6, median: 61, trimmedMean: 61, spread: 100, flagged: true });
    expect(row(apps.d)).toMatchObject({ assigned: 1, reviews: 0, mean: null, median: null, trimmedMean: null, spread: null, flagged: false });
    expect(row(apps.e)).toMatchObject({ assigned: 0, reviews: 0, trimmedMean: null });
    expect(row(apps.g)).toMatchObject({ reviews: 2, mean: 73, trimmedMean: 73, spread: 0, flagged: false, recommendations: { fund: 1, fund_with_changes: 0, do_not_fund: 1 } });
    expect(ranking).toMatchObject({ total: 7, reviewed: 5, flaggedCount: 2, distribution: [0, 0, 0, 0, 0, 0, 2, 2, 1, 0] });
  });

  it('filters by flag and by prevailing recommendation, keeping the rank and the whole-call figures, and pages', async () => {
    const flagged = await reviewer.api.console.reviewRanking({ projectId: call.projectId, flagged: 'true' });
    expect(flagged.list.map((r) => [r.rank, r.applicationId])).toEqual([
      [2, apps.a.applicationId],
      [5, apps.f.applicationId],
    ]);
    expect(flagged).toMatchObject({ total: 2, flaggedCount: 2, reviewed: 5, distribution: [0, 0, 0, 0, 0, 0, 2, 2, 1, 0] });
    expect((await reviewer.api.console.reviewRanking({ projectId: call.projectId, flagged: 'false' })).total).toBe(5);
    const byRecommendation = async (recommendation: ReviewRecommendation) =>
      (await reviewer.api.console.reviewRanking({ projectId: call.projectId, recommendation })).list.map((r) => r.applicationId);
    // A tie of recommendations goes to the more favourable one.
    expect(await byRecommendation('fund')).toEqual([apps.a.applicationId, apps.g.applicationId]);
    expect(await byRecommendation('fund_with_changes')).toEqual([apps.b.applicationId, apps.f.applicationId]);
    expect(await byRecommendation('do_not_fund')).toEqual([apps.c.applicationId]);
    const page = await reviewer.api.console.reviewRanking({ projectId: call.projectId, page: 2, pageSize: 2 });
    expect(page).toMatchObject({ total: 7, page: 2, pageSize: 2 });
    expect(page.list.map((r) => r.rank)).toEqual([3, 4]);
    const bad = await fetch(`${server.baseUrl}/api/console/project/${call.projectId}/review/ranking?flagged=maybe`, { headers: { authkey: reviewer.api.session.getToken() as string } });
    const envelope = (await bad.json()) as { errno: number; errmsg: string };
    expect([bad.status, envelope.errno]).toEqual([400, Errno.INVALID_INPUT]);
    expect(envelope.errmsg).toContain('应为 true 或 false');
  });

  it('has a ranking without a round: every application, no figures', async () => {
    const other = await createCall(server.handle.db);
    await insertApplications(server.handle.db, other, 2);
    const ranking = await reviewer.api.console.reviewRanking({ projectId: other.projectId });
    expect(ranking).toMatchObject({ total: 2, reviewed: 0, flaggedCount: 0, distribution: Array(10).fill(0) });
    expect((await apiError(reviewer.api.console.reviewRanking({ projectId: 999_999 }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
  });

  it('decides in bulk through the usual decision: status, version, audit and the notice to the applicant; what cannot be decided is skipped', async () => {
    const db = server.handle.db;
    const version = async (app: DirectApplication) => (await db.select({ v: applications.version }).from(applications).where(eq(applications.id, app.applicationId)))[0]!.v;
    const before = await version(apps.b);
    const approved = await reviewer.api.console.reviewDecisions({ projectId: call.projectId, applicationIds: [apps.b.applicationId, apps.a.applicationId], status: 'approved', message: '评审通过' });
    expect(approved).toEqual({ decided: 2, skipped: [] });
    expect(await version(apps.b)).toBe(before + 1);
    expect((await auditOf(server, 'apply.approve')).slice(0, 2).map((e) => e.objectId).sort()).toEqual([String(apps.a.applicationId), String(apps.b.applicationId)].sort());

    const noMessage = await apiError(reviewer.api.console.reviewDecisions({ projectId: call.projectId, applicationIds: [apps.c.applicationId], status: 'rejected' }, { silent: true }));
    expect([noMessage.errno, noMessage.message]).toEqual([Errno.INVALID_INPUT, '审核意见：不通过时请填写审核意见']);

    const foreign = (await insertApplications(db, await createCall(db), 1))[0]!;
    const rejected = await reviewer.api.console.reviewDecisions({
      projectId: call.projectId,
      applicationIds: [apps.b.applicationId, apps.c.applicationId, foreign.applicationId],
      status: 'rejected',
      message: '综合得分偏低',
    });
    expect(rejected).toEqual({
      decided: 1,
      skipped: [
        { applicationId: apps.b.applicationId, reason: '申报当前为「已通过」，不能再作决定' },
        { applicationId: foreign.applicationId, reason: '申报不存在、不属于该项目或尚未提交' },
      ],
    });
    expect((await auditOf(server, 'apply.reject'))[0]).toMatchObject({ actorId: reviewer.staffId, objectId: String(apps.c.applicationId), detail: { from: 'submitted', to: 'rejected', message: '综合得分偏低' } });
    const outbox = await server.outbox();
    const notice = outbox.find((m) => m.includes(`To: ${apps.c.account}`));
    expect(notice).toBeDefined();
    expect(notice).toContain('审核结果：未通过');
    expect(notice).toContain('综合得分偏低');
    expect(outbox.some((m) => m.includes(`To: ${apps.a.account}`))).toBe(true);

    const ranking = await reviewer.api.console.reviewRanking({ projectId: call.projectId });
    expect(ranking.list.find((r) => r.applicationId === apps.c.applicationId)?.status).toBe('rejected');
  });
});
