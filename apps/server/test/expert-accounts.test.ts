// Experts' review accounts: interests on the library entry, the invitation (e-mail or text
// message), accepting it, disabling, what an expert may not reach, deleting an expert with ties,
// and the experts' comments an applicant sees with the decision.
import { Errno } from '@flagship/api-client';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, updateStaff } from '../src/auth/staff';
import { applications, enterprises, staff, staffInvitations } from '../src/db/schema';
import { createCall } from './apply-fixtures';
import { auditOf, staffLogin, type StaffClient } from './console-fixtures';
import { addAssignment, addRound, EXPERT_PASSWORD, expertEmail, expertLogin, invitationToken, newExpert } from './expert-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

describe.each(drivers)('expert accounts on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;

  beforeAll(async () => {
    server = await startTestServer(driver, { consoleUrl: 'https://review.example.org/console' });
    admin = await staffLogin(server);
  });
  afterAll(() => server?.close());

  it('keeps declared interests and library enterprises on the expert, and refuses an unknown enterprise naming the field', async () => {
    const [a, b] = await server.handle.db.select({ id: enterprises.id, name: enterprises.name }).from(enterprises).orderBy(asc(enterprises.id)).limit(2);
    const created = await admin.api.console.expertCreate({ name: '利益专家', declaredInterests: '某某剧院\n某某文化公司', interestEnterpriseIds: [b!.id, a!.id, b!.id] });
    expect(created.account).toBeNull();
    expect(created.declaredInterests).toBe('某某剧院\n某某文化公司');
    expect(created.interestEnterpriseIds).toEqual([b!.id, a!.id]);
    expect(created.interestEnterprises).toEqual([b, a]);

    const refused = await apiError(admin.api.console.expertUpdate({ id: created.id, name: '利益专家', interestEnterpriseIds: [a!.id, 987_654] }));
    expect(refused.errno).toBe(Errno.INVALID_INPUT);
    expect(refused.message).toContain('关联企业');
    expect(refused.message).toContain('987654');
    expect((await admin.api.console.expertGet({ id: created.id })).interestEnterpriseIds).toEqual([b!.id, a!.id]);

    const list = await admin.api.console.expertList({ keyword: '利益专家' });
    expect(list.list.find((e) => e.id === created.id)?.account).toBeNull();
  });

  it('invites by e-mail with a console link, lets the expert set a strong password once, then sign in as an expert', async () => {
    const expertId = await newExpert(admin, '邮件专家');
    const account = expertEmail();
    const invited = await admin.api.console.expertInvite({ id: expertId, account });
    expect(invited).toMatchObject({ account, disabled: false, accepted: false });
    const [row] = await server.handle.db.select().from(staff).where(eq(staff.account, account));
    expect(row).toMatchObject({ role: 'expert', expertId, name: '邮件专家' });

    const message = (await server.outbox()).filter((m) => m.includes(`To: ${account}\n`)).at(-1)!;
    expect(message).toContain('https://review.example.org/console/invite?token=');
    const token = await invitationToken(server, account);
    // Only the hash is kept.
    const stored = await server.handle.db.select().from(staffInvitations).where(eq(staffInvitations.staffId, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await auditOf(server, 'expert.invite'))[0]).toMatchObject({ objectId: String(expertId) });

    // Not accepted yet: no password signs in.
    const early = await apiError(staffLogin(server, account, EXPERT_PASSWORD));
    expect(early.errno).toBe(Errno.INVALID_INPUT);

    const visitor = server.client();
    const weak = await apiError(visitor.api.console.invitationAccept({ token, password: 'password1' }));
    expect(weak.errno).toBe(Errno.INVALID_INPUT);
    expect(weak.message).toContain('密码');
    expect(await visitor.api.console.invitationAccept({ token, password: EXPERT_PASSWORD })).toEqual({ account });
    const again = await apiError(visitor.api.console.invitationAccept({ token, password: EXPERT_PASSWORD }));
    expect(again.errno).toBe(Errno.INVALID_INPUT);
    expect(again.message).toBe('邀请链接无效或已过期');

    const expert = await staffLogin(server, account, EXPERT_PASSWORD);
    expect(await expert.api.console.me()).toMatchObject({ account, role: 'expert' });
    expect((await admin.api.console.expertGet({ id: expertId })).account).toMatchObject({ account, accepted: true, disabled: false });

    const accepted = await apiError(admin.api.console.expertInvite({ id: expertId, account }));
    expect(accepted.errno).toBe(Errno.CONFLICT);
    expect(accepted.message).toBe('该专家已接受邀请');
  });

  it('sends the invitation for a mobile number to the text-message outbox; a new invitation ends the old link', async () => {
    const expertId = await newExpert(admin, '短信专家');
    const mobile = `138${String(Date.now() % 1e8).padStart(8, '0')}`;
    await admin.api.console.expertInvite({ id: expertId, account: mobile });
    const first = await invitationToken(server, mobile);
    const sms = (await server.outbox()).filter((m) => m.includes(`To: ${mobile}\n`)).at(-1)!;
    expect(sms).toContain('短信');
    expect(sms).toContain('【评审专家邀请】');

    const resent = await admin.api.console.expertInvite({ id: expertId, account: mobile });
    expect(resent.accepted).toBe(false);
    const second = await invitationToken(server, mobile);
    expect(second).not.toBe(first);
    const old = await apiError(server.client().api.console.invitationAccept({ token: first, password: EXPERT_PASSWORD }));
    expect(old.message).toBe('邀请链接无效或已过期');
    expect(await server.client().api.console.invitationAccept({ token: second, password: EXPERT_PASSWORD })).toEqual({ account: mobile });
  });

  it('refuses an account another staff member has, an expired link and an unknown one', async () => {
    const taken = expertEmail();
    await createStaff(server.handle.db, { account: taken, password: 'Review@2026-ok', role: 'reviewer' });
    const expertId = await newExpert(admin, '重名专家');
    const clash = await apiError(admin.api.console.expertInvite({ id: expertId, account: taken }));
    expect(clash.errno).toBe(Errno.CONFLICT);
    expect(clash.message).toContain(taken);
    expect((await admin.api.console.expertGet({ id: expertId })).account).toBeNull();

    const notFound = await apiError(admin.api.console.expertInvite({ id: 987_654, account: expertEmail() }));
    expect(notFound.errno).toBe(Errno.NOT_FOUND);

    const account = expertEmail();
    const invited = await admin.api.console.expertInvite({ id: expertId, account });
    const token = await invitationToken(server, account);
    await server.handle.db.update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.staffId, invited.staffId));
    const expired = await apiError(server.client().api.console.invitationAccept({ token, password: EXPERT_PASSWORD }));
    expect(expired.errno).toBe(Errno.INVALID_INPUT);
    expect(expired.message).toBe('邀请链接无效或已过期');
    const unknown = await apiError(server.client().api.console.invitationAccept({ token: 'x'.repeat(43), password: EXPERT_PASSWORD }));
    expect(unknown.message).toBe('邀请链接无效或已过期');
  });

  it('disables an account (its sessions end, it cannot sign in, the library entry stays) and enables it again', async () => {
    const expertId = await newExpert(admin, '停用专家');
    const expert = await expertLogin(server, admin, expertId);
    const disabled = await admin.api.console.expertAccountUpdate({ id: expertId, disabled: true });
    expect(disabled.disabled).toBe(true);
    expect((await apiError(expert.api.console.me())).errno).toBe(Errno.SESSION_INVALID);
    expect((await apiError(staffLogin(server, expert.account, EXPERT_PASSWORD))).errno).toBe(Errno.INVALID_INPUT);
    expect((await admin.api.console.expertGet({ id: expertId })).name).toBe('停用专家');
    expect((await auditOf(server, 'expert.disableAccount'))[0]).toMatchObject({ objectId: String(expertId) });

    await admin.api.console.expertAccountUpdate({ id: expertId, disabled: false });
    expect(await (await staffLogin(server, expert.account, EXPERT_PASSWORD)).api.console.me()).toMatchObject({ role: 'expert' });

    const none = await apiError(admin.api.console.expertAccountUpdate({ id: await newExpert(admin), disabled: true }));
    expect(none.errno).toBe(Errno.NOT_FOUND);
  });

  it('keeps an expert out of staff endpoints', async () => {
    const expert = await expertLogin(server, admin, await newExpert(admin, '越权专家'));
    const other = await newExpert(admin);
    const calls = [
      () => expert.api.console.expertList({}),
      () => expert.api.console.expertGet({ id: other }),
      () => expert.api.console.expertInvite({ id: other, account: expertEmail() }),
      () => expert.api.console.expertAccountUpdate({ id: other, disabled: true }),
      () => expert.api.console.auditList({}),
      () => expert.api.console.projectOptions(),
      () => expert.api.console.enterpriseList({}),
    ];
    for (const call of calls) expect((await apiError(call())).errno).toBe(Errno.FORBIDDEN);
  });

  it('refuses to delete an expert with an account or assignments (409 with the reason), deletes one without', async () => {
    const withAccount = await newExpert(admin, '有账号专家');
    await admin.api.console.expertInvite({ id: withAccount, account: expertEmail() });
    const refused = await apiError(admin.api.console.expertDelete({ id: withAccount }));
    expect(refused.errno).toBe(Errno.CONFLICT);
    expect(refused.message).toContain('评审账号');

    const assigned = await newExpert(admin, '有任务专家');
    const call = await createCall(server.handle.db, 'closed');
    const applicant = await server.newUser();
    const [application] = await server.handle.db
      .insert(applications)
      .values({ userId: applicant.userId, projectId: call.projectId, formId: call.formIds[0]!, status: 'submitted', submittedAt: new Date() })
      .returning({ id: applications.id });
    await addAssignment(server.handle.db, await addRound(server.handle.db, call.projectId), application!.id, assigned);
    const busy = await apiError(admin.api.console.expertDelete({ id: assigned }));
    expect(busy.errno).toBe(Errno.CONFLICT);
    expect(busy.message).toContain('评审任务');

    const free = await newExpert(admin, '无牵挂专家');
    expect(await admin.api.console.expertDelete({ id: free })).toBeNull();
  });

  it('lets no operator make or turn an account into an expert one outside the invitation', async () => {
    await expect(createStaff(server.handle.db, { account: 'cli-expert', password: 'Review@2026-ok', role: 'expert' })).rejects.toThrow(/角色/);
    const expert = await expertLogin(server, admin, await newExpert(admin, '命令行专家'));
    await expect(updateStaff(server.handle.db, { account: expert.account, role: 'reviewer' })).rejects.toThrow(/角色不能更改/);
    // Disabling through the command still works on an expert.
    expect(await updateStaff(server.handle.db, { account: expert.account, disabled: true })).toMatchObject({ role: 'expert', disabled: true });
  });

  describe("the experts' comments to the applicant", () => {
    it('shows non-empty comments of submitted reviews of the current round once decided, where the round allows, never who wrote them', async () => {
      const db = server.handle.db;
      const call = await createCall(db, 'closed');
      const applicant = await server.newUser();
      const stranger = await server.newUser();
      const [application] = await db
        .insert(applications)
        .values({ userId: applicant.userId, projectId: call.projectId, formId: call.formIds[0]!, status: 'reviewing', submittedAt: new Date() })
        .returning({ id: applications.id });
      const id = application!.id;
      const [e1, e2, e3, e4] = [await newExpert(admin, '甲专家'), await newExpert(admin, '乙专家'), await newExpert(admin, '丙专家'), await newExpert(admin, '丁专家')];
      const old = await addRound(db, call.projectId, { number: 1, applicantComments: true });
      await addAssignment(db, old, id, e1!, { status: 'submitted', commentToApplicant: '上一轮的意见', submittedAt: new Date() });
      const current = await addRound(db, call.projectId, { number: 2, applicantComments: true });
      await addAssignment(db, current, id, e1!, { status: 'submitted', commentToApplicant: '选题有特色，预算偏高。', submittedAt: new Date() });
      await addAssignment(db, current, id, e2!, { status: 'submitted', commentToApplicant: '  ', submittedAt: new Date() });
      await addAssignment(db, current, id, e3!, { status: 'declared', commentToApplicant: '草稿中的意见' });
      await addAssignment(db, current, id, e4!, { status: 'submitted', commentToApplicant: '建议补充演出计划。', submittedAt: new Date() });

      // Not decided yet: nothing.
      expect(await applicant.api.apply.reviewComments({ id })).toEqual([]);
      await db.update(applications).set({ status: 'approved' }).where(eq(applications.id, id));
      const comments = await applicant.api.apply.reviewComments({ id });
      expect([...comments].sort()).toEqual(['建议补充演出计划。', '选题有特色，预算偏高。'].sort());
      const raw = JSON.stringify(comments);
      for (const name of ['甲专家', '乙专家', '丙专家', '丁专家', 'expert']) expect(raw).not.toContain(name);

      // Someone else's application is not found, like every other one.
      expect((await apiError(stranger.api.apply.reviewComments({ id }))).errno).toBe(Errno.NOT_FOUND);
      expect((await apiError(applicant.api.apply.reviewComments({ id: 987_654 }))).errno).toBe(Errno.NOT_FOUND);

      // A round that keeps comments from applicants shows none.
      await addRound(db, call.projectId, { number: 3, applicantComments: false });
      expect(await applicant.api.apply.reviewComments({ id })).toEqual([]);
    });
  });
});
