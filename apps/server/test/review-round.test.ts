// The staff side of a call's review round: the scheme and its freezing, new rounds, roles,
// taking assignments back and reopening reviews, progress per expert.
import { Errno, type ReviewRoundInput } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCall } from './apply-fixtures';
import { auditOf, newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';
import { assign, createRound, insertExpert, newExpert, setPhase, TEST_CRITERIA, type ExpertClient } from './review-fixtures';
import { insertApplications, roundBody } from './review-round-fixtures';

const DAY = 86_400_000;

describe.each(drivers)('review round on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  let reviewer: StaffClient;
  let expert: ExpertClient;

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
    reviewer = await newReviewer(server);
    expert = await newExpert(server);
  });
  afterAll(() => server?.close());

  /** PUT the scheme as raw JSON (the SDK would not send a malformed body). */
  async function putScheme(projectId: number, body: unknown) {
    const response = await fetch(`${server.baseUrl}/api/console/project/${projectId}/review`, {
      method: 'PUT',
      headers: { authkey: admin.api.session.getToken() as string, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, ...((await response.json()) as { errno: number; errmsg: string }) };
  }

  it('has no round until a scheme is saved; an unknown call is not found', async () => {
    const { projectId } = await createCall(server.handle.db);
    expect(await admin.api.console.reviewRoundGet({ projectId })).toBeNull();
    expect((await apiError(admin.api.console.reviewRoundGet({ projectId: 999_999 }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await apiError(admin.api.console.reviewRoundSave({ projectId: 999_999, ...roundBody() }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
  });

  it('refuses a bad scheme with a Chinese message naming the rule', async () => {
    const { projectId } = await createCall(server.handle.db);
    const good = roundBody();
    const criterion = TEST_CRITERIA[0]!;
    const cases: [unknown, string][] = [
      [{ ...good, criteria: [] }, '至少需要一个评分项'],
      [{ ...good, criteria: [criterion, criterion] }, '评分项标识不能重复'],
      [{ ...good, criteria: [{ ...criterion, key: 'Bad key' }] }, '评分项标识只能包含小写字母'],
      [{ ...good, criteria: [{ ...criterion, weight: 0 }] }, '权重应大于 0'],
      [{ ...good, criteria: [{ ...criterion, min: 10, max: 5 }] }, '最高分应大于最低分'],
      [{ ...good, criteria: [{ ...criterion, bands: [{ min: 0, max: 50, label: '超出' }] }] }, '分段应在最低分与最高分之间'],
      [{ ...good, reviewEndsAt: good.reviewStartsAt }, '评审结束时间应晚于开始时间'],
      [{ ...good, expertsPerApplication: 0 }, '每份申报至少 1 位专家'],
      [{ ...good, disagreementThreshold: 101 }, '分歧阈值不能大于 100'],
      [{ ...good, peerVisibility: 'always' }, '互见设置应为 never 或 after_submit'],
    ];
    for (const [body, message] of cases) {
      const answer = await putScheme(projectId, body);
      expect([answer.status, answer.errno], message).toEqual([400, Errno.INVALID_INPUT]);
      expect(answer.errmsg).toContain(message);
    }
    expect(await admin.api.console.reviewRoundGet({ projectId })).toBeNull();
  });

  it('saves round 1 and edits it freely before any score, each save audited', async () => {
    const { projectId } = await createCall(server.handle.db);
    const first = await admin.api.console.reviewRoundSave({ projectId, ...roundBody() });
    expect(first).toMatchObject({ projectId, number: 1, phase: 'assignment', frozen: false, blind: false, peerVisibility: 'never', expertsPerApplication: 3, disagreementThreshold: 20, reminderDaysBefore: 2 });
    expect(first.criteria).toEqual(TEST_CRITERIA);
    const edited = await admin.api.console.reviewRoundSave({ projectId, ...roundBody({ blind: true, criteria: [TEST_CRITERIA[0]!] }) });
    expect(edited).toMatchObject({ id: first.id, number: 1, blind: true, criteria: [TEST_CRITERIA[0]] });
    expect(await admin.api.console.reviewRoundGet({ projectId })).toEqual(edited);
    const [entry] = await auditOf(server, 'review.round.save');
    expect(entry).toMatchObject({ actorId: admin.staffId, objectId: String(projectId), detail: { roundId: first.id, changed: expect.arrayContaining(['criteria', 'blind']) } });
    expect(entry?.detail).not.toHaveProperty('changed', expect.arrayContaining(['peerVisibility']));
  });

  it('freezes the criteria, blind mode, peer visibility and applicant comments once a score is saved; dates and figures still change', async () => {
    const call = await createCall(server.handle.db);
    const { projectId } = call;
    const body = roundBody();
    const round = await admin.api.console.reviewRoundSave({ projectId, ...body });
    const [application] = await insertApplications(server.handle.db, call, 1);
    const other = await insertExpert(server.handle.db);
    // A draft that was never saved keeps the scheme open.
    await assign(server.handle.db, { roundId: round.id, applicationId: application!.applicationId, expertId: other.expertId, status: 'declared' });
    expect((await admin.api.console.reviewRoundGet({ projectId }))?.frozen).toBe(false);
    await assign(server.handle.db, { roundId: round.id, applicationId: application!.applicationId, expertId: expert.expertId, status: 'declared', scores: { quality: 8 }, savedAt: new Date() });
    expect((await admin.api.console.reviewRoundGet({ projectId }))?.frozen).toBe(true);

    const frozenChanges: [Partial<ReviewRoundInput>, string][] = [
      [{ criteria: [TEST_CRITERIA[0]!] }, '评分项'],
      [{ blind: true }, '匿名评审'],
      [{ peerVisibility: 'after_submit' as const }, '互见设置'],
      [{ applicantComments: true }, '向申报人展示意见'],
    ];
    for (const [change, name] of frozenChanges) {
      const refused = await apiError(admin.api.console.reviewRoundSave({ projectId, ...body, ...change }, { silent: true }));
      expect(refused.errno).toBe(Errno.CONFLICT);
      expect(refused.message).toContain(name);
      expect(refused.message).toContain('新建评审轮次');
    }
    const later = new Date(Date.now() + 30 * DAY).toISOString();
    const moved = await admin.api.console.reviewRoundSave({ projectId, ...body, reviewEndsAt: later, expertsPerApplication: 5, disagreementThreshold: 15, reminderDaysBefore: 3 });
    expect(moved).toMatchObject({ id: round.id, frozen: true, reviewEndsAt: later, expertsPerApplication: 5, disagreementThreshold: 15, reminderDaysBefore: 3, criteria: TEST_CRITERIA });
  });

  it('starts a new round only once the current one is frozen, with the given scheme and no assignments', async () => {
    const call = await createCall(server.handle.db);
    const { projectId } = call;
    const round = await admin.api.console.reviewRoundSave({ projectId, ...roundBody() });
    const refused = await apiError(admin.api.console.reviewRoundNew({ projectId, ...roundBody() }, { silent: true }));
    expect(refused.errno).toBe(Errno.CONFLICT);
    expect(refused.message).toContain('直接修改评审方案');
    const [application] = await insertApplications(server.handle.db, call, 1);
    await assign(server.handle.db, { roundId: round.id, applicationId: application!.applicationId, expertId: expert.expertId, status: 'submitted', scores: { quality: 5, impact: 50 }, total: 50, savedAt: new Date(), submittedAt: new Date() });
    expect((await admin.api.console.reviewAssignmentList({ projectId })).total).toBe(1);

    const second = await admin.api.console.reviewRoundNew({ projectId, ...roundBody({ criteria: [TEST_CRITERIA[1]!], blind: true }) });
    expect(second).toMatchObject({ projectId, number: 2, frozen: false, blind: true, criteria: [TEST_CRITERIA[1]] });
    expect(await admin.api.console.reviewRoundGet({ projectId })).toEqual(second);
    expect((await admin.api.console.reviewAssignmentList({ projectId })).total).toBe(0);
    expect((await apiError(admin.api.console.reviewRoundNew({ projectId, ...roundBody() }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    expect((await auditOf(server, 'review.round.new'))[0]).toMatchObject({ actorId: admin.staffId, objectId: String(projectId), detail: { roundId: second.id, number: 2, previousRoundId: round.id } });
  });

  it('lets a reviewer read and assign but only an admin set the scheme; an expert and an applicant reach none of it', async () => {
    const call = await createCall(server.handle.db);
    const { projectId } = call;
    await admin.api.console.reviewRoundSave({ projectId, ...roundBody() });
    const [application] = await insertApplications(server.handle.db, call, 1);

    expect((await reviewer.api.console.reviewRoundGet({ projectId }))?.number).toBe(1);
    const assigned = await reviewer.api.console.reviewAssign({ projectId, applicationIds: [application!.applicationId], expertIds: [expert.expertId] });
    expect(assigned.created).toBe(1);
    expect((await reviewer.api.console.reviewAssignmentList({ projectId })).list[0]).toMatchObject({ expertId: expert.expertId, status: 'assigned' });
    for (const refused of [
      () => reviewer.api.console.reviewRoundSave({ projectId, ...roundBody() }, { silent: true }),
      () => reviewer.api.console.reviewRoundNew({ projectId, ...roundBody() }, { silent: true }),
    ]) {
      expect((await apiError(refused())).errno).toBe(Errno.FORBIDDEN);
    }

    const [assignment] = (await admin.api.console.reviewAssignmentList({ projectId })).list;
    const asExpert = expert.api.console;
    const silent = { silent: true } as const;
    for (const attempt of [
      () => asExpert.reviewRoundGet({ projectId }, silent),
      () => asExpert.reviewRoundSave({ projectId, ...roundBody() }, silent),
      () => asExpert.reviewRoundNew({ projectId, ...roundBody() }, silent),
      () => asExpert.reviewAssignmentList({ projectId }, silent),
      () => asExpert.reviewAssign({ projectId, applicationIds: [application!.applicationId], expertIds: [expert.expertId] }, silent),
      () => asExpert.reviewAutoAssign({ projectId }, silent),
      () => asExpert.reviewUnassign({ id: assignment!.id }, silent),
      () => asExpert.reviewReopen({ id: assignment!.id, reason: '再看看' }, silent),
      () => asExpert.reviewProgress({ projectId }, silent),
      () => asExpert.reviewRanking({ projectId }, silent),
      () => asExpert.reviewDecisions({ projectId, applicationIds: [application!.applicationId], status: 'approved' }, silent),
    ]) {
      expect((await apiError(attempt())).errno).toBe(Errno.FORBIDDEN);
    }
    const applicant = await server.newUser();
    const asApplicant = await fetch(`${server.baseUrl}/api/console/project/${projectId}/review/ranking`, { headers: { authkey: applicant.api.session.getToken() as string } });
    expect(asApplicant.status).toBe(403);
  });

  it('takes back an assignment only before any declaration, and reopens only a submitted review while experts can score, with a reason in the audit log', async () => {
    const call = await createCall(server.handle.db);
    const { projectId } = call;
    const round = await admin.api.console.reviewRoundSave({ projectId, ...roundBody({ reviewStartsAt: new Date(Date.now() - DAY).toISOString() }) });
    const apps = await insertApplications(server.handle.db, call, 5);
    const on = (i: number, values: Partial<Parameters<typeof assign>[1]>) =>
      assign(server.handle.db, { roundId: round.id, applicationId: apps[i]!.applicationId, expertId: expert.expertId, ...values });
    const fresh = await on(0, {});
    const declared = await on(1, { status: 'declared', declaredAt: new Date() });
    const drafted = await on(2, { status: 'declared', declaredAt: new Date(), scores: { quality: 3 }, savedAt: new Date() });
    const conflicted = await on(3, { status: 'conflict', conflictReason: '曾任该单位顾问', declaredAt: new Date() });
    const submitted = await on(4, { status: 'submitted', scores: { quality: 9, impact: 90 }, total: 90, recommendation: 'fund', savedAt: new Date(), submittedAt: new Date() });

    await reviewer.api.console.reviewUnassign({ id: fresh.id });
    expect((await auditOf(server, 'review.unassign'))[0]).toMatchObject({ actorId: reviewer.staffId, objectId: String(fresh.id), detail: { applicationId: apps[0]!.applicationId, expertId: expert.expertId } });
    // A declaration, either way, is kept.
    for (const kept of [declared, drafted, conflicted, submitted]) {
      expect((await apiError(reviewer.api.console.reviewUnassign({ id: kept.id }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    }
    expect((await apiError(reviewer.api.console.reviewUnassign({ id: 999_999 }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await admin.api.console.reviewAssignmentList({ projectId })).list.map((a) => a.id).sort((a, b) => a - b)).toEqual([declared.id, drafted.id, conflicted.id, submitted.id]);

    const noReason = await apiError(reviewer.api.console.reviewReopen({ id: submitted.id, reason: ' ' }, { silent: true }));
    expect(noReason.errno).toBe(Errno.INVALID_INPUT);
    expect(noReason.message).toContain('请填写重新开放的原因');
    for (const open of [drafted, conflicted]) {
      expect((await apiError(reviewer.api.console.reviewReopen({ id: open.id, reason: '补充意见' }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    }
    // Once the reviewing phase has closed the expert could not save it: refused until the dates move.
    await setPhase(server.handle.db, round.id, 'closed');
    const closed = await apiError(reviewer.api.console.reviewReopen({ id: submitted.id, reason: '补充意见' }, { silent: true }));
    expect([closed.errno, closed.message]).toEqual([Errno.CONFLICT, '评审不在评审阶段，专家无法修改；请先调整评审时间再重新开放']);
    await setPhase(server.handle.db, round.id, 'reviewing');
    const reopened = await reviewer.api.console.reviewReopen({ id: submitted.id, reason: '评分与意见不一致，请核对' });
    expect(reopened).toMatchObject({ id: submitted.id, status: 'declared', submittedAt: null, total: 90, recommendation: 'fund', overdue: false });
    expect((await auditOf(server, 'review.reopen'))[0]).toMatchObject({ actorId: reviewer.staffId, objectId: String(submitted.id), detail: { reason: '评分与意见不一致，请核对' } });
    expect((await apiError(reviewer.api.console.reviewReopen({ id: submitted.id, reason: '再次' }, { silent: true }))).errno).toBe(Errno.CONFLICT);
  });

  it('shows progress per expert, with what is overdue once the reviewing phase has closed', async () => {
    const call = await createCall(server.handle.db);
    const { projectId } = call;
    expect(await admin.api.console.reviewProgress({ projectId })).toEqual([]);
    const round = await createRound(server.handle.db, projectId, { phase: 'reviewing' });
    const apps = await insertApplications(server.handle.db, call, 4);
    const second = await insertExpert(server.handle.db, { name: '进度专家乙' });
    const statuses = ['assigned', 'declared', 'submitted', 'conflict'] as const;
    for (const [i, status] of statuses.entries()) await assign(server.handle.db, { roundId: round.id, applicationId: apps[i]!.applicationId, expertId: expert.expertId, status });
    await assign(server.handle.db, { roundId: round.id, applicationId: apps[0]!.applicationId, expertId: second.expertId, status: 'submitted' });

    const progress = await reviewer.api.console.reviewProgress({ projectId });
    const mine = progress.find((p) => p.expertId === expert.expertId);
    expect(mine).toEqual({ expertId: expert.expertId, expertName: expert.name, account: expert.account, assigned: 3, declared: 1, conflicts: 1, submitted: 1, overdue: 0 });
    expect(progress.find((p) => p.expertId === second.expertId)).toMatchObject({ assigned: 1, submitted: 1, overdue: 0 });

    await setPhase(server.handle.db, round.id, 'closed');
    expect((await reviewer.api.console.reviewProgress({ projectId })).find((p) => p.expertId === expert.expertId)?.overdue).toBe(2);
    const overdue = await reviewer.api.console.reviewAssignmentList({ projectId, expertId: expert.expertId, status: 'assigned' });
    expect(overdue.list).toHaveLength(1);
    expect(overdue.list[0]).toMatchObject({ overdue: true, applicationId: apps[0]!.applicationId, serialNumber: apps[0]!.serialNumber, applicationTitle: '申报项目1' });
  });
});
