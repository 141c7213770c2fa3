// Deadline reminders with an injected clock (issue 13): 7 days and 1 day before a call closes,
// each once per application, kind and deadline, listing the forms still unsent; after the close,
// a copy of each unsent draft, once. Two runs at once send once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, deadlineReminders, projects, users } from '../src/db/schema';
import { beijingTime } from '../src/lib/beijing-time';
import { createMailer } from '../src/lib/mailer';
import { DRAFT_COPY_SUBJECT, REMINDER_SUBJECT, sendDeadlineReminders } from '../src/shared/reminders-repository';
import { createCall, directUser } from './apply-fixtures';
import { drivers, silentLog, startTestServer, type TestServer } from './harness';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(drivers)('deadline reminders on %s', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  const run = (at: number) => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'test', dataDir: server.config.dataDir, log: silentLog });
    return sendDeadlineReminders({ db: server.handle.db, mailer, log: silentLog }, new Date(at));
  };
  /** An applicant with an e-mail account (a mobile-only one is texted), straight in the database. */
  const newApplicant = () => directUser(server.handle.db);
  const mailsTo = async (account: string, subject: string) =>
    (await server.outbox()).filter((m) => m.includes(`To: ${account}\n`) && m.includes(`Subject: ${subject}\n`));

  /** A call closing at `end` with `formCount` forms, under a title of its own. */
  async function callClosingAt(title: string, end: number, formCount = 1) {
    const db = server.handle.db;
    const call = await createCall(db, 'open', formCount);
    await db.update(projects).set({ title, applyStart: new Date(end - 60 * DAY), applyEnd: new Date(end) }).where(eq(projects.id, call.projectId));
    return call;
  }

  type Status = (typeof applications.$inferInsert)['status'];
  /** An application as the platform stores it: a withdrawal also sets `deleted_at`. */
  async function apply(userId: number, projectId: number, formId: number, status: Status, data: Record<string, unknown> = { projectName: '草稿' }, deleted = false) {
    const [row] = await server.handle.db
      .insert(applications)
      .values({ userId, projectId, formId, status, data, deletedAt: deleted || status === 'withdrawn' ? new Date() : null, submittedAt: status === 'draft' ? null : new Date() })
      .returning({ id: applications.id });
    return row!.id;
  }

  it('reminds of an unsent draft 7 days and 1 day before the close, each once, with the deadline in Beijing time', async () => {
    const t0 = Date.now();
    const end = t0 + 10 * DAY;
    const call = await callClosingAt('七天一天提醒项目', end);
    const drafting = await newApplicant();
    const sent = await newApplicant();
    await apply(drafting.userId, call.projectId, call.formIds[0]!, 'draft');
    await apply(sent.userId, call.projectId, call.formIds[0]!, 'submitted');

    // More than 7 days ahead: nothing yet.
    await run(end - 7 * DAY - HOUR);
    expect(await mailsTo(drafting.account, REMINDER_SUBJECT)).toHaveLength(0);

    // Inside 7 days, hourly runs: one reminder.
    for (let at = end - 7 * DAY + 5 * 60_000; at < end - 7 * DAY + 4 * HOUR; at += HOUR) await run(at);
    let mails = await mailsTo(drafting.account, REMINDER_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('「七天一天提醒项目」');
    expect(mails[0]).toContain(`${beijingTime(new Date(end))}（北京时间）`);
    expect(mails[0]).toContain('不足 7 天');
    expect(mails[0]).toContain('「测试申报书 1」（草稿未提交）');

    // Two days ahead: still the 7-day one only.
    await run(end - 2 * DAY);
    expect(await mailsTo(drafting.account, REMINDER_SUBJECT)).toHaveLength(1);

    // Hourly around the last day: the 1-day reminder comes in the first hour under 24 h, once.
    for (let at = end - DAY - 2 * HOUR + 5 * 60_000; at < end; at += HOUR) await run(at);
    mails = await mailsTo(drafting.account, REMINDER_SUBJECT);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('不足 1 天');
    const rows = await server.handle.db.select().from(deadlineReminders).where(eq(deadlineReminders.deadline, new Date(end)));
    expect(rows.map((r) => r.kind).sort()).toEqual(['day', 'week']);
    expect(rows[0]!.sentAt.getTime()).toBeGreaterThan(0);

    // Whoever sent everything hears nothing.
    expect(await mailsTo(sent.account, REMINDER_SUBJECT)).toHaveLength(0);
  });

  it('sends once when two runs go at once', async () => {
    const t0 = Date.now();
    const end = t0 + 5 * DAY;
    const call = await callClosingAt('并发提醒项目', end, 2);
    const users = [await newApplicant(), await newApplicant(), await newApplicant()];
    for (const user of users) {
      await apply(user.userId, call.projectId, call.formIds[0]!, 'draft');
      await apply(user.userId, call.projectId, call.formIds[1]!, 'draft');
    }
    const counts = await Promise.all([run(t0), run(t0), run(t0)]);
    for (const user of users) expect(await mailsTo(user.account, REMINDER_SUBJECT)).toHaveLength(1);
    // Each applicant's message was queued by one of the runs (other calls of the database may add theirs).
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(users.length);
  });

  it('reminds anew of a deadline staff moved', async () => {
    const t0 = Date.now();
    const end = t0 + 3 * DAY;
    const call = await callClosingAt('延期提醒项目', end);
    const user = await newApplicant();
    await apply(user.userId, call.projectId, call.formIds[0]!, 'draft');
    await run(t0);
    await run(t0 + HOUR);
    expect(await mailsTo(user.account, REMINDER_SUBJECT)).toHaveLength(1);

    // Moved ten days later: nothing until its own 7 days, then one reminder of the new deadline.
    const later = end + 10 * DAY;
    await server.handle.db.update(projects).set({ applyEnd: new Date(later) }).where(eq(projects.id, call.projectId));
    await run(t0 + 2 * HOUR);
    expect(await mailsTo(user.account, REMINDER_SUBJECT)).toHaveLength(1);
    await run(later - 6 * DAY);
    await run(later - 6 * DAY + HOUR);
    const mails = await mailsTo(user.account, REMINDER_SUBJECT);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain(`${beijingTime(new Date(later))}（北京时间）`);
  });

  it('lists exactly the forms an applicant has not sent, and reminds a sender of the forms still missing', async () => {
    const t0 = Date.now();
    const end = t0 + 12 * HOUR;
    const call = await callClosingAt('多表单提醒项目', end, 5);
    const [f1, f2, f3, f4, f5] = call.formIds as [number, number, number, number, number];
    const drafting = await newApplicant();
    await apply(drafting.userId, call.projectId, f1, 'submitted');
    await apply(drafting.userId, call.projectId, f2, 'draft');
    await apply(drafting.userId, call.projectId, f3, 'returned');
    await apply(drafting.userId, call.projectId, f4, 'withdrawn');
    // f5: not started. A deleted submission does not count as sent.
    await apply(drafting.userId, call.projectId, f5, 'submitted', {}, true);
    // Sent one form, no draft: still told of the others.
    const halfway = await newApplicant();
    await apply(halfway.userId, call.projectId, f1, 'reviewing');
    // Sent them all (or withdrew): nothing to remind of.
    const complete = await newApplicant();
    for (const [i, formId] of call.formIds.entries()) await apply(complete.userId, call.projectId, formId, i === 0 ? 'withdrawn' : 'approved');

    await run(t0);
    const [mail] = await mailsTo(drafting.account, REMINDER_SUBJECT);
    const line = mail!.split('\n').find((l) => l.startsWith('尚未提交的表单：'));
    expect(line).toBe('尚未提交的表单：「测试申报书 2」（草稿未提交）、「测试申报书 3」（退回修改后尚未重新提交）、「测试申报书 5」（尚未填写）。');
    const [other] = await mailsTo(halfway.account, REMINDER_SUBJECT);
    expect(other).toContain('尚未提交的表单：「测试申报书 2」（尚未填写）、「测试申报书 3」（尚未填写）、「测试申报书 4」（尚未填写）、「测试申报书 5」（尚未填写）。');
    expect(await mailsTo(complete.account, REMINDER_SUBJECT)).toHaveLength(0);
    expect(await mailsTo(drafting.account, REMINDER_SUBJECT)).toHaveLength(1);
  });

  it('reminds an applicant once per call and kind, even when they start another form after the reminder', async () => {
    const t0 = Date.now();
    const end = t0 + 12 * HOUR;
    const call = await callClosingAt('补填表单提醒项目', end, 2);
    const [f1, f2] = call.formIds as [number, number];
    const applicant = await newApplicant();
    await apply(applicant.userId, call.projectId, f1, 'draft');
    await run(t0);
    expect(await mailsTo(applicant.account, REMINDER_SUBJECT)).toHaveLength(1);
    await apply(applicant.userId, call.projectId, f2, 'draft');
    await run(t0 + HOUR);
    expect(await mailsTo(applicant.account, REMINDER_SUBJECT)).toHaveLength(1);
  });

  it('after the close, sends each unsent draft a copy for the records once, and only drafts', async () => {
    const t0 = Date.now();
    const end = t0 + HOUR;
    const call = await callClosingAt('截止副本项目', end, 2);
    const drafting = await newApplicant();
    const data = { projectName: '春江花月夜新编', performances: 12, amount: 80000, genre: 'music', plan: '<p>三地<strong>巡演</strong></p>', team: [{ name: '李白', role: '编剧' }] };
    await apply(drafting.userId, call.projectId, call.formIds[0]!, 'draft', data);
    const submitted = await newApplicant();
    await apply(submitted.userId, call.projectId, call.formIds[0]!, 'submitted');
    const withdrawn = await newApplicant();
    await apply(withdrawn.userId, call.projectId, call.formIds[0]!, 'withdrawn');
    const deleted = await newApplicant();
    await apply(deleted.userId, call.projectId, call.formIds[0]!, 'draft', {}, true);
    const mobile = `137${String(Date.now()).slice(-8)}`;
    const [texting] = await server.handle.db.insert(users).values({ account: mobile, passwordHash: 'not-a-login' }).returning({ userId: users.id });
    await apply(texting!.userId, call.projectId, call.formIds[1]!, 'draft', { projectName: '短信草稿' });

    // Still open: no copy.
    await run(end - 5 * 60_000);
    expect(await mailsTo(drafting.account, DRAFT_COPY_SUBJECT)).toHaveLength(0);
    for (let at = end + 5 * 60_000; at < end + 4 * HOUR; at += HOUR) await run(at);

    const copies = await mailsTo(drafting.account, DRAFT_COPY_SUBJECT);
    expect(copies).toHaveLength(1);
    const copy = copies[0]!;
    expect(copy).toContain(`「截止副本项目」已于 ${beijingTime(new Date(end))}（北京时间）截止申报，您填写的「测试申报书 1」未提交`);
    expect(copy).toContain('供您留存');
    expect(copy).toContain('【基本信息】');
    expect(copy).toContain('项目名称：春江花月夜新编');
    expect(copy).toContain('演出场次：12');
    expect(copy).toContain('艺术门类：音乐');
    expect(copy).toContain('实施方案：三地巡演');
    expect(copy).toContain('主创团队：');
    expect(copy).toContain('李白');
    expect(copy).toContain('申报书：（未填写）');
    for (const user of [submitted, withdrawn, deleted]) {
      expect((await server.outbox()).filter((m) => m.includes(`To: ${user.account}\n`) && m.includes(DRAFT_COPY_SUBJECT))).toHaveLength(0);
    }
    // A text message cannot carry the copy: it says where the draft is.
    const texts = (await server.outbox()).filter((m) => m.includes(`To: ${mobile}\n`) && m.includes(DRAFT_COPY_SUBJECT));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`【${DRAFT_COPY_SUBJECT}】`);
    expect(texts[0]).toContain('草稿仍保存在个人中心');
    expect(texts[0]).not.toContain('短信草稿');

    // Long closed: calls that closed over a week ago are left alone.
    const old = await callClosingAt('早已截止项目', t0 - 8 * DAY);
    const late = await newApplicant();
    await apply(late.userId, old.projectId, old.formIds[0]!, 'draft');
    await run(t0);
    expect(await mailsTo(late.account, DRAFT_COPY_SUBJECT)).toHaveLength(0);
  });
});
