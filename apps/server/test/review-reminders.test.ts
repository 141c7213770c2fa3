// Review reminders with an injected clock: before the reviewing phase closes and once it has
// passed, each kind once per outstanding assignment, one message per expert and run.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, projects } from '../src/db/schema';
import { beijingTime } from '../src/lib/beijing-time';
import { createMailer } from '../src/lib/mailer';
import { REVIEW_REMINDER_JOB, sendReviewReminders } from '../src/modules/console/expert-accounts/review-reminders-repository';
import { createCall } from './apply-fixtures';
import { staffLogin, type StaffClient } from './console-fixtures';
import { addAssignment, addRound, expertLogin, newExpert } from './expert-fixtures';
import { drivers, silentLog, startTestServer, type TestServer } from './harness';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(drivers)('review reminders on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;

  beforeAll(async () => {
    server = await startTestServer(driver, { consoleUrl: 'https://review.example.org/console' });
    admin = await staffLogin(server);
  });
  afterAll(() => server?.close());

  /** A call with a title of its own and `count` applications of one applicant, submitted. */
  async function callWithApplications(title: string, count: number): Promise<{ projectId: number; applicationIds: number[] }> {
    const db = server.handle.db;
    const call = await createCall(db, 'closed', count);
    await db.update(projects).set({ title }).where(eq(projects.id, call.projectId));
    const applicant = await server.newUser();
    const rows = await db
      .insert(applications)
      .values(call.formIds.map((formId) => ({ userId: applicant.userId, projectId: call.projectId, formId, status: 'submitted' as const, submittedAt: new Date() })))
      .returning({ id: applications.id });
    return { projectId: call.projectId, applicationIds: rows.map((r) => r.id) };
  }

  const remindersTo = async (account: string, subject: string) =>
    (await server.outbox()).filter((m) => m.includes(`To: ${account}\n`) && m.includes(`Subject: ${subject}\n`));

  it('reminds an expert of outstanding reviews before the phase closes and once it has passed, never twice', async () => {
    const db = server.handle.db;
    const t0 = Date.now();
    const mailer = createMailer({ smtpUrl: undefined, from: 'test', dataDir: server.config.dataDir, log: silentLog });
    const run = (at: number) => sendReviewReminders({ db, mailer, log: silentLog, config: server.config }, new Date(at));

    const first = await callWithApplications('提醒测试项目甲', 4);
    const second = await callWithApplications('提醒测试项目乙', 1);
    const replaced = await callWithApplications('提醒测试项目丙', 1);
    const endsFirst = new Date(t0 + 5 * DAY);
    const endsSecond = new Date(t0 + 10 * DAY);
    const roundFirst = await addRound(db, first.projectId, { reviewStartsAt: new Date(t0 - DAY), reviewEndsAt: endsFirst, reminderDaysBefore: 2 });
    const roundSecond = await addRound(db, second.projectId, { reviewStartsAt: new Date(t0 - DAY), reviewEndsAt: endsSecond, reminderDaysBefore: 2 });
    // A round a later one replaced: its assignments are not reminded of.
    const oldRound = await addRound(db, replaced.projectId, { number: 1, reviewStartsAt: new Date(t0 - DAY), reviewEndsAt: endsFirst });
    await addRound(db, replaced.projectId, { number: 2, reviewStartsAt: new Date(t0 + 20 * DAY), reviewEndsAt: new Date(t0 + 30 * DAY) });

    const expertA = await newExpert(admin, '提醒专家甲');
    const a = await expertLogin(server, admin, expertA);
    const expertB = await newExpert(admin, '提醒专家乙');
    const b = await expertLogin(server, admin, expertB);
    const expertC = await newExpert(admin, '停用的专家');
    const c = await expertLogin(server, admin, expertC);
    await admin.api.console.expertAccountUpdate({ id: expertC, disabled: true });
    const noAccount = await newExpert(admin, '无账号专家');

    const [app1, app2, app3, app4] = first.applicationIds as [number, number, number, number];
    await addAssignment(db, roundFirst, app1, expertA);
    await addAssignment(db, roundFirst, app2, expertA, { status: 'declared' });
    await addAssignment(db, roundFirst, app3, expertA, { status: 'submitted', submittedAt: new Date() });
    await addAssignment(db, roundSecond, second.applicationIds[0]!, expertA);
    await addAssignment(db, oldRound, replaced.applicationIds[0]!, expertA);
    await addAssignment(db, roundFirst, app1, expertB, { status: 'submitted', submittedAt: new Date() });
    await addAssignment(db, roundFirst, app2, expertB, { status: 'conflict', conflictReason: '同一单位' });
    await addAssignment(db, roundFirst, app1, expertC);
    await addAssignment(db, roundFirst, app2, noAccount);

    // Reviewing, but not yet within two days of the close.
    await run(t0);
    await run(t0 + 3 * DAY - HOUR);
    expect(await remindersTo(a.account, '评审截止提醒')).toHaveLength(0);

    // Within two days of the first call's close: one message to expert A, that call only.
    await run(t0 + 3 * DAY + HOUR);
    let before = await remindersTo(a.account, '评审截止提醒');
    expect(before).toHaveLength(1);
    expect(before[0]).toContain('提醒专家甲');
    expect(before[0]).toContain('「提醒测试项目甲」2 份');
    expect(before[0]).toContain(`${beijingTime(endsFirst)}（北京时间）`);
    expect(before[0]).toContain('https://review.example.org/console');
    expect(before[0]).not.toContain('提醒测试项目乙');
    expect(before[0]).not.toContain('提醒测试项目丙');
    for (const other of [b, c]) expect(await remindersTo(other.account, '评审截止提醒')).toHaveLength(0);

    // The next hours: nothing again; an assignment added meanwhile gets its own reminder.
    await run(t0 + 3 * DAY + 2 * HOUR);
    expect(await remindersTo(a.account, '评审截止提醒')).toHaveLength(1);
    await addAssignment(db, roundFirst, app4, expertA);
    await run(t0 + 3 * DAY + 3 * HOUR);
    before = await remindersTo(a.account, '评审截止提醒');
    expect(before).toHaveLength(2);
    expect(before[1]).toContain('「提醒测试项目甲」1 份');
    await run(t0 + 4 * DAY);
    expect(await remindersTo(a.account, '评审截止提醒')).toHaveLength(2);
    expect(await remindersTo(a.account, '评审逾期提醒')).toHaveLength(0);

    // Passed: one overdue message for the three outstanding of the first call.
    await run(t0 + 5 * DAY + HOUR);
    const passed = await remindersTo(a.account, '评审逾期提醒');
    expect(passed).toHaveLength(1);
    expect(passed[0]).toContain('「提醒测试项目甲」3 份，已于');
    await run(t0 + 5 * DAY + 2 * HOUR);
    expect(await remindersTo(a.account, '评审逾期提醒')).toHaveLength(1);

    // The second call's turn.
    await run(t0 + 8 * DAY + HOUR);
    expect((await remindersTo(a.account, '评审截止提醒')).at(-1)).toContain('「提醒测试项目乙」1 份');
    await run(t0 + 10 * DAY + HOUR);
    expect((await remindersTo(a.account, '评审逾期提醒')).at(-1)).toContain('「提醒测试项目乙」1 份');
    await run(t0 + 12 * DAY);
    expect(await remindersTo(a.account, '评审截止提醒')).toHaveLength(3);
    expect(await remindersTo(a.account, '评审逾期提醒')).toHaveLength(2);
    for (const other of [b, c]) expect(await remindersTo(other.account, '评审逾期提醒')).toHaveLength(0);
    expect((await server.outbox()).filter((m) => m.includes('无账号专家'))).toHaveLength(0);
  });

  it('runs as the hourly job of the queue, to a mobile number as a text message', async () => {
    const db = server.handle.db;
    const call = await callWithApplications('提醒测试项目丁', 1);
    const round = await addRound(db, call.projectId, { reviewStartsAt: new Date(Date.now() - DAY), reviewEndsAt: new Date(Date.now() + DAY), reminderDaysBefore: 2 });
    const expertId = await newExpert(admin, '短信提醒专家');
    const mobile = `137${String(Date.now() % 1e8).padStart(8, '0')}`;
    await expertLogin(server, admin, expertId, mobile);
    await addAssignment(db, round, call.applicationIds[0]!, expertId);
    for (let i = 0; i < 2; i++) {
      await server.app.jobs.send(REVIEW_REMINDER_JOB, {});
      await server.app.jobs.settle([REVIEW_REMINDER_JOB]);
    }
    const sms = (await server.outbox()).filter((m) => m.includes(`To: ${mobile}\n`) && m.includes('【评审截止提醒】'));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain('「提醒测试项目丁」1 份');
  });
});
