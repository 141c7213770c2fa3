// Assigning experts to a call's applications: by hand and in bulk, automatically with balanced
// load and category matching, and never to an expert with a conflict of interest.
import { Errno } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, enterpriseAuthentications, enterprises, experts, projects, reviewAssignments, staff, users } from '../src/db/schema';
import { createCall } from './apply-fixtures';
import { auditOf, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';
import { assign, createRound, insertExpert, setPhase } from './review-fixtures';
import { insertApplications, insertExperts, onlyExperts, roundBody } from './review-round-fixtures';

describe.each(drivers)('review assignment on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
  });
  afterAll(() => server?.close());

  /** Every assignment of a round, as (application, expert) pairs. */
  async function pairsOf(roundId: number) {
    return server.handle.db.select().from(reviewAssignments).where(eq(reviewAssignments.roundId, roundId));
  }

  it('refuses to assign before a scheme is set and once the round has closed', async () => {
    const call = await createCall(server.handle.db);
    const [a] = await insertApplications(server.handle.db, call, 1);
    const [e] = await insertExperts(server.handle.db, 1);
    const input = { projectId: call.projectId, applicationIds: [a!.applicationId], expertIds: [e!.expertId] };
    for (const attempt of [() => admin.api.console.reviewAssign(input, { silent: true }), () => admin.api.console.reviewAutoAssign({ projectId: call.projectId }, { silent: true })]) {
      const refused = await apiError(attempt());
      expect([refused.errno, refused.message]).toEqual([Errno.CONFLICT, '请先设置评审方案']);
    }
    const round = await createRound(server.handle.db, call.projectId, { phase: 'closed' });
    expect((await apiError(admin.api.console.reviewAssign(input, { silent: true }))).message).toContain('评审已结束');
    expect((await apiError(admin.api.console.reviewAutoAssign({ projectId: call.projectId }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    await setPhase(server.handle.db, round.id, 'reviewing');
    expect((await admin.api.console.reviewAssign(input)).created).toBe(1);
  });

  it('assigns every selected application to every selected expert, skipping with a reason what is assigned, not in review or without an account', async () => {
    const call = await createCall(server.handle.db);
    const round = await admin.api.console.reviewRoundSave({ projectId: call.projectId, ...roundBody() });
    const apps = await insertApplications(server.handle.db, call, 3);
    const [returned] = await insertApplications(server.handle.db, call, 1, { status: 'returned' });
    const [drafted] = await insertApplications(server.handle.db, call, 1, { status: 'draft' });
    const [one, two] = await insertExperts(server.handle.db, 2);
    const disabled = await insertExpert(server.handle.db, {}, { disabled: true });
    const [bare] = await server.handle.db.insert(experts).values({ name: '无账号专家' }).returning({ id: experts.id });
    await assign(server.handle.db, { roundId: round.id, applicationId: apps[0]!.applicationId, expertId: one!.expertId });

    const ids = [...apps.map((a) => a.applicationId), returned!.applicationId];
    const result = await admin.api.console.reviewAssign({ projectId: call.projectId, applicationIds: ids, expertIds: [one!.expertId, two!.expertId, disabled.expertId, bare!.id] });
    expect(result.created).toBe(5);
    expect(result.maxLoad).toBe(3);
    expect(result.minLoad).toBe(0);
    const reasons = result.skipped.map((s) => `${s.applicationId}/${s.expertId}: ${s.reason}`);
    expect(reasons).toContain(`${apps[0]!.applicationId}/${one!.expertId}: 已分配给该专家`);
    expect(reasons).toContain(`${returned!.applicationId}/null: 申报当前为「退回修改」，不在评审中`);
    expect(reasons.filter((r) => r.endsWith('专家未开通评审账号或账号已停用'))).toHaveLength(6);
    expect(result.skipped).toHaveLength(8);
    expect(await pairsOf(round.id)).toHaveLength(6);
    expect((await auditOf(server, 'review.assign'))[0]).toMatchObject({ actorId: admin.staffId, objectId: String(call.projectId), detail: { roundId: round.id, created: 5 } });

    // Another call's application, a draft and an unknown expert are refused outright.
    const other = await createCall(server.handle.db);
    const [foreign] = await insertApplications(server.handle.db, other, 1);
    for (const applicationId of [foreign!.applicationId, drafted!.applicationId]) {
      const refused = await apiError(admin.api.console.reviewAssign({ projectId: call.projectId, applicationIds: [applicationId], expertIds: [one!.expertId] }, { silent: true }));
      expect([refused.errno, refused.message]).toEqual([Errno.INVALID_INPUT, `所选申报：编号 ${applicationId} 不存在、不属于该项目或尚未提交`]);
    }
    const unknown = await apiError(admin.api.console.reviewAssign({ projectId: call.projectId, applicationIds: [apps[1]!.applicationId], expertIds: [999_999] }, { silent: true }));
    expect([unknown.errno, unknown.message]).toEqual([Errno.INVALID_INPUT, '所选专家：编号 999999 不存在']);
  });

  it('finds each automatic conflict: organisation or declared interest against the enterprise or the applicant, interest enterprises, an applicant to the same call', async () => {
    const db = server.handle.db;
    const call = await createCall(db);
    await admin.api.console.reviewRoundSave({ projectId: call.projectId, ...roundBody() });
    const [byLibrary, byAuthentication, byName, byEnterpriseId, plain] = await insertApplications(db, call, 5, {
      user: (i) => (i === 2 ? { name: '钱塘 越剧 传习所' } : {}),
    });
    const [enterprise] = await db
      .insert(enterprises)
      .values({ name: '杭州星光文化传媒有限公司', creditCode: `91330100RRA${String(Date.now()).slice(-6)}X`, userId: byLibrary!.userId })
      .returning({ id: enterprises.id });
    const [held] = await db
      .insert(enterprises)
      .values({ name: '宁波海风演艺有限公司', creditCode: `91330200RRB${String(Date.now()).slice(-6)}Y`, userId: byEnterpriseId!.userId })
      .returning({ id: enterprises.id });
    await db.insert(enterpriseAuthentications).values({ userId: byAuthentication!.userId, enterpriseName: 'ACME  Studio Ltd', creditCode: '91330106MA2AU7D1T0', type: '有限责任公司', legalRepresentative: '王五' });
    // Someone with only a draft in the call is still one of its applicants.
    await insertApplications(db, call, 1, { status: 'draft', user: () => ({ email: 'Drafter@Example.org', mobile: '13700001234' }) });

    const experts = await insertExperts(db, 5, (i) =>
      [
        { organisation: '星光文化' },
        { organisation: '某大学', declaredInterests: '省歌舞剧院\n  acme studio  ' },
        { organisation: '钱塘越剧传习所' },
        { organisation: '某研究院', interestEnterpriseIds: [held!.id, enterprise!.id + 10_000] },
        { organisation: '无关单位' },
      ][i]!,
    );
    const applicantExpert = await insertExpert(db, { organisation: '独立评论人' });
    await db.update(users).set({ email: applicantExpert.account }).where(eq(users.id, plain!.userId));
    const drafterExpert = await insertExpert(db, { organisation: '自由撰稿人' });
    await db.update(staff).set({ account: '13700001234' }).where(eq(staff.id, drafterExpert.staffId));

    const result = await admin.api.console.reviewAssign({
      projectId: call.projectId,
      applicationIds: [byLibrary!.applicationId, byAuthentication!.applicationId, byName!.applicationId, byEnterpriseId!.applicationId, plain!.applicationId],
      expertIds: [...experts.map((e) => e.expertId), applicantExpert.expertId, drafterExpert.expertId],
    });
    const conflict = (a: { applicationId: number }, e: { expertId: number }) => result.skipped.find((s) => s.applicationId === a.applicationId && s.expertId === e.expertId)?.reason;
    expect(conflict(byLibrary!, experts[0]!)).toContain('工作单位或利益关联');
    expect(conflict(byAuthentication!, experts[1]!)).toContain('工作单位或利益关联');
    expect(conflict(byName!, experts[2]!)).toContain('工作单位或利益关联');
    expect(conflict(byEnterpriseId!, experts[3]!)).toContain('利益关联');
    for (const a of [byLibrary!, byAuthentication!, byName!, byEnterpriseId!, plain!]) {
      expect(conflict(a, applicantExpert)).toContain('申报人');
      expect(conflict(a, drafterExpert)).toContain('申报人');
    }
    expect(conflict(plain!, experts[4]!)).toBeUndefined();
    expect(result.skipped).toHaveLength(14);
    expect(result.created).toBe(35 - 14);
  });

  it('assigns automatically N experts per application with balanced load, counting what is there, never a conflicted expert', async () => {
    const db = server.handle.db;
    const call = await createCall(db);
    const round = await admin.api.console.reviewRoundSave({ projectId: call.projectId, ...roundBody({ expertsPerApplication: 3 }) });
    const apps = await insertApplications(db, call, 10);
    const pool = await insertExperts(db, 5, (i) => (i === 4 ? { organisation: '申报单位冲突测试' } : {}));
    await onlyExperts(db, pool.map((e) => e.expertId));
    await db.update(users).set({ name: '申报单位冲突测试' }).where(eq(users.id, apps[9]!.userId));
    // One declared conflict on the first application: kept, not counted, that expert not chosen again.
    await assign(db, { roundId: round.id, applicationId: apps[0]!.applicationId, expertId: pool[0]!.expertId, status: 'conflict', conflictReason: '亲属关系' });
    await assign(db, { roundId: round.id, applicationId: apps[1]!.applicationId, expertId: pool[1]!.expertId, status: 'declared' });

    const result = await admin.api.console.reviewAutoAssign({ projectId: call.projectId });
    expect(result.skipped).toEqual([]);
    expect(result.created).toBe(10 * 3 - 1);
    expect(result.maxLoad - result.minLoad).toBeLessThanOrEqual(1);
    const rows = await pairsOf(round.id);
    for (const a of apps) {
      const on = rows.filter((r) => r.applicationId === a.applicationId && r.status !== 'conflict');
      expect(new Set(on.map((r) => r.expertId)).size).toBe(3);
    }
    expect(rows.filter((r) => r.applicationId === apps[0]!.applicationId && r.expertId === pool[0]!.expertId)).toHaveLength(1);
    expect(rows.some((r) => r.applicationId === apps[9]!.applicationId && r.expertId === pool[4]!.expertId)).toBe(false);
    const loads = pool.map((e) => rows.filter((r) => r.expertId === e.expertId && r.status !== 'conflict').length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect((await auditOf(server, 'review.autoAssign'))[0]).toMatchObject({ objectId: String(call.projectId), detail: { roundId: round.id, perApplication: 3, created: 29 } });

    // Staffed already: nothing to do. One more each: balanced again.
    expect((await admin.api.console.reviewAutoAssign({ projectId: call.projectId })).created).toBe(0);
    const more = await admin.api.console.reviewAutoAssign({ projectId: call.projectId, perApplication: 4 });
    expect(more.created).toBe(10);
    expect([more.minLoad, more.maxLoad]).toEqual([8, 8]);
    // Too few experts left for a fifth each: said per application.
    const short = await admin.api.console.reviewAutoAssign({ projectId: call.projectId, perApplication: 5, applicationIds: [apps[0]!.applicationId, apps[9]!.applicationId] });
    expect(short.created).toBe(0);
    expect(short.skipped).toEqual([
      { applicationId: apps[0]!.applicationId, expertId: null, reason: '可分配的专家不足：还差 1 位' },
      { applicationId: apps[9]!.applicationId, expertId: null, reason: '可分配的专家不足：还差 1 位' },
    ]);
  });

  it('refuses a selection too large to assign in one go, naming the rule', async () => {
    const call = await createCall(server.handle.db);
    await admin.api.console.reviewRoundSave({ projectId: call.projectId, ...roundBody() });
    const ids = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + i);
    const refused = await apiError(admin.api.console.reviewAssign({ projectId: call.projectId, applicationIds: ids(2000, 1), expertIds: ids(11, 1) }, { silent: true }));
    expect([refused.errno, refused.message]).toEqual([Errno.INVALID_INPUT, '所选专家：一次最多分配 20000 个“申报 × 专家”组合，请分批分配']);
  });

  it('keeps a conflict declared in an earlier round: a new round never gives that application back to that expert', async () => {
    const db = server.handle.db;
    const call = await createCall(db);
    const first = await admin.api.console.reviewRoundSave({ projectId: call.projectId, ...roundBody({ expertsPerApplication: 2 }) });
    const [app] = await insertApplications(db, call, 1);
    const pool = await insertExperts(db, 3);
    await onlyExperts(db, pool.map((e) => e.expertId));
    await assign(db, { roundId: first.id, applicationId: app!.applicationId, expertId: pool[0]!.expertId, status: 'conflict', conflictReason: '曾任该剧目顾问' });
    await assign(db, { roundId: first.id, applicationId: app!.applicationId, expertId: pool[1]!.expertId, status: 'submitted', scores: { quality: 5, impact: 50 }, savedAt: new Date() });
    const second = await admin.api.console.reviewRoundNew({ projectId: call.projectId, ...roundBody({ expertsPerApplication: 3 }) });

    const bulk = await admin.api.console.reviewAssign({ projectId: call.projectId, applicationIds: [app!.applicationId], expertIds: [pool[0]!.expertId] });
    expect([bulk.created, bulk.skipped.map((s) => s.reason)]).toEqual([0, ['该专家与此申报存在利益冲突（已声明）']]);
    const auto = await admin.api.console.reviewAutoAssign({ projectId: call.projectId });
    expect(auto.created).toBe(2);
    expect((await pairsOf(second.id)).map((r) => r.expertId).sort()).toEqual([pool[1]!.expertId, pool[2]!.expertId].sort());
  });

  it("prefers, among the least loaded, experts of the call's category or with it among their specialities", async () => {
    const db = server.handle.db;
    const call = await createCall(db);
    const [category] = await db.insert(categories).values({ kind: 'project', name: '舞台 艺术' }).returning({ id: categories.id });
    await db.update(projects).set({ categoryId: category!.id }).where(eq(projects.id, call.projectId));
    await admin.api.console.reviewRoundSave({ projectId: call.projectId, ...roundBody({ expertsPerApplication: 1 }) });
    const apps = await insertApplications(db, call, 4);
    const pool = await insertExperts(db, 4, (i) => [{}, { categoryId: category!.id }, {}, { specialities: ['舞台艺术创作'] }][i]!);
    await onlyExperts(db, pool.map((e) => e.expertId));
    await admin.api.console.reviewAutoAssign({ projectId: call.projectId, applicationIds: [apps[0]!.applicationId, apps[1]!.applicationId] });
    const round = await admin.api.console.reviewRoundGet({ projectId: call.projectId });
    const chosen = (await pairsOf(round!.id)).map((r) => r.expertId).sort((a, b) => a - b);
    expect(chosen).toEqual([pool[1]!.expertId, pool[3]!.expertId]);
    // Then load comes first: the others, though not matching, before a second review for either.
    await admin.api.console.reviewAutoAssign({ projectId: call.projectId, applicationIds: [apps[2]!.applicationId, apps[3]!.applicationId] });
    expect(new Set((await pairsOf(round!.id)).map((r) => r.expertId)).size).toBe(4);
  });

  it('plans 2,000 applications × 200 experts × 3 in a few seconds, balanced', { timeout: 120_000 }, async () => {
    const db = server.handle.db;
    const call = await createCall(db);
    await admin.api.console.reviewRoundSave({ projectId: call.projectId, ...roundBody({ expertsPerApplication: 3 }) });
    await insertApplications(db, call, 2000);
    const pool = await insertExperts(db, 200);
    await onlyExperts(db, pool.map((e) => e.expertId));
    const started = performance.now();
    const result = await admin.api.console.reviewAutoAssign({ projectId: call.projectId });
    const seconds = (performance.now() - started) / 1000;
    expect(result).toMatchObject({ created: 6000, skipped: [], minLoad: 30, maxLoad: 30 });
    expect(seconds).toBeLessThan(10);
  });
});
