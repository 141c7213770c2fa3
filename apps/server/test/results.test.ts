// Results announcements (issue 14): staff prepare a call's 立项公示 from its approved applications,
// publish it as a notice, withdraw it with a reason; visitors read the open list and download it.
import { Errno } from '@flagship/api-client';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCall } from './apply-fixtures';
import { newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';
import { newExpert } from './review-fixtures';
import { insertApplications, type DirectApplication } from './review-round-fixtures';

const DAY = 86_400_000;
const period = () => ({ objectionStartsAt: new Date(Date.now() - DAY).toISOString(), objectionEndsAt: new Date(Date.now() + 5 * DAY).toISOString() });

describe.each(drivers)('results announcements on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  let reviewer: StaffClient;
  let call: { projectId: number; formIds: number[] };
  let approved: DirectApplication[];
  let announcementId: number;

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
    reviewer = await newReviewer(server);
    const db = server.handle.db;
    call = await createCall(db);
    approved = await insertApplications(db, call, 3, { status: 'approved', title: (i) => `公示项目${'ABC'[i]}` });
    // Neither a submitted nor a rejected application is announced.
    await insertApplications(db, call, 1, { status: 'submitted' });
  });
  afterAll(() => server?.close());

  it('starts with the demo seed\'s published 立项公示: its notice in the seeded category, the open list, the current box', async () => {
    const visitor = server.client();
    const categories = await visitor.api.base.categories({ kind: 'policy' });
    const resultsCategory = categories.find((c) => c.name === '立项公示');
    expect(resultsCategory).toBeDefined();
    const current = await visitor.api.content.resultNotices({});
    expect(current).toHaveLength(1);
    expect(current[0]!.title).toMatch(/拟立项项目公示$/);
    const notice = await visitor.api.content.policyDetail({ id: current[0]!.policyId! });
    expect(notice.categoryName).toBe('立项公示');
    expect(notice.content).toContain('资助金额（元）');
    const funded = await visitor.api.content.fundedList({});
    expect(funded.list.filter((r) => r.announcementId === current[0]!.id).length).toBeGreaterThan(0);
    // Nobody was messaged for the demo's announcement.
    expect((await server.outbox()).filter((m) => m.includes('已列入'))).toEqual([]);
  });

  it('refuses to prepare without a title or with the period the wrong way round, naming the field', async () => {
    const missing = await apiError(reviewer.api.console.resultAnnouncementCreate({ projectId: call.projectId, title: '', introduction: '', contact: '', ...period() }));
    expect(missing.errno).toBe(Errno.INVALID_INPUT);
    expect(missing.fields.title).toContain('公示标题');
    const p = period();
    const reversed = await apiError(
      reviewer.api.console.resultAnnouncementCreate({ projectId: call.projectId, title: '公示', introduction: '', contact: '', objectionStartsAt: p.objectionEndsAt, objectionEndsAt: p.objectionStartsAt }),
    );
    expect(reversed.fields.objectionEndsAt).toBe('异议期结束时间应晚于开始时间');
  });

  it('prepares a draft from the approved applications, sanitizing the introduction', async () => {
    const created = await reviewer.api.console.resultAnnouncementCreate({
      projectId: call.projectId,
      title: '2026 年度立项公示',
      introduction: '<p>拟立项项目如下。</p><script>alert(1)</script>',
      contact: '科技处 0571-88888888',
      ...period(),
    });
    announcementId = created.id;
    expect(created).toMatchObject({ status: 'draft', policyId: null });
    expect(created.introduction).not.toContain('script');
    expect(created.items.map((i) => i.title)).toEqual(['公示项目A', '公示项目B', '公示项目C']);
    expect(created.items.every((i) => i.amountGranted === null && i.organisation.startsWith('申报单位'))).toBe(true);
    const list = await admin.api.console.resultAnnouncementList({ projectId: call.projectId });
    expect(list.map((a) => a.id)).toEqual([announcementId]);
  });

  it('will not publish while an amount is missing, and reviewers may not publish', async () => {
    const refused = await apiError(reviewer.api.console.resultAnnouncementPublish({ id: announcementId }));
    expect(refused.errno).toBe(Errno.FORBIDDEN);
    const missing = await apiError(admin.api.console.resultAnnouncementPublish({ id: announcementId }));
    expect(missing.errno).toBe(Errno.INVALID_INPUT);
    expect(missing.fields['items.0.amountGranted']).toContain('资助金额');
  });

  it('edits the items: order, amounts, removal; refuses a negative amount and a stranger', async () => {
    const [a, b, c] = approved;
    const base = { id: announcementId, title: '2026 年度立项公示', introduction: '<p>拟立项项目如下。</p>', contact: '科技处 0571-88888888', ...period() };
    const negative = await apiError(reviewer.api.console.resultAnnouncementUpdate({ ...base, items: [{ applicationId: a!.applicationId, amountGranted: -1 }] }));
    expect(negative.fields['items.0.amountGranted']).toBe('资助金额不能小于 0');
    const stranger = await apiError(reviewer.api.console.resultAnnouncementUpdate({ ...base, items: [{ applicationId: 2_000_000_000, amountGranted: 1 }] }));
    expect(stranger.fields['items.0.applicationId']).toContain('不在本公示中');
    const edited = await reviewer.api.console.resultAnnouncementUpdate({
      ...base,
      items: [
        { applicationId: c!.applicationId, amountGranted: 300000 },
        { applicationId: a!.applicationId, amountGranted: 150000.5 },
      ],
    });
    expect(edited.items.map((i) => [i.applicationId, i.amountGranted])).toEqual([
      [c!.applicationId, 300000],
      [a!.applicationId, 150000.5],
    ]);
    void b;
  });

  it('refuses experts everything of it', async () => {
    const expert = await newExpert(server);
    const refused = await apiError(expert.api.console.resultAnnouncementList({ projectId: call.projectId }));
    expect(refused.errno).toBe(Errno.FORBIDDEN);
  });

  it('publishes: a notice of category 立项公示, the open list, one message per applicant', async () => {
    const before = (await server.outbox()).length;
    const published = await admin.api.console.resultAnnouncementPublish({ id: announcementId });
    expect(published.status).toBe('published');
    expect(published.policyId).not.toBeNull();
    const visitor = server.client();
    const notice = await visitor.api.content.policyDetail({ id: published.policyId! });
    expect(notice.title).toBe('2026 年度立项公示');
    expect(notice.content).toContain('公示项目C');
    expect(notice.content).toContain('300,000.00');
    const categories = await visitor.api.base.categories({ kind: 'policy' });
    expect(categories.some((c) => c.name === '立项公示')).toBe(true);
    const outbox = (await server.outbox()).slice(before);
    const told = outbox.filter((m) => m.includes('已列入'));
    expect(told).toHaveLength(2);
    expect(told.some((m) => m.includes(approved[2]!.account))).toBe(true);
    expect(told.some((m) => m.includes(approved[1]!.account))).toBe(false);

    const current = await visitor.api.content.resultNotices({});
    expect(current.map((n) => n.id)).toContain(announcementId);
    const ofCall = await visitor.api.content.resultNotices({ projectId: call.projectId });
    expect(ofCall[0]).toMatchObject({ policyId: published.policyId, status: 'published' });
  });

  it('lists the funded projects with filters and totals, as JSON, CSV and XLSX', async () => {
    const visitor = server.client();
    const all = await visitor.api.content.fundedList({});
    const mine = all.list.filter((r) => r.announcementId === announcementId);
    expect(mine.map((r) => [r.title, r.amountGranted])).toEqual([
      ['公示项目C', 300000],
      ['公示项目A', 150000.5],
    ]);
    expect(all.totals.count).toBeGreaterThanOrEqual(2);
    const year = mine[0]!.year;
    const filtered = await visitor.api.content.fundedList({ year, keyword: '公示项目' });
    expect(filtered.totals).toEqual({ count: 2, amountGranted: 450000.5 });
    expect(filtered.years).toContain(year);
    const none = await visitor.api.content.fundedList({ year, region: '没有这个省' });
    expect(none.totals).toEqual({ count: 0, amountGranted: 0 });
    const badYear = await apiError(visitor.api.content.fundedList({ year: 1900 }));
    expect(badYear.errno).toBe(Errno.INVALID_INPUT);
    expect(badYear.fields.year).toBe('年度不能早于 2000');

    const csv = await fetch(`${server.baseUrl}/api/funded.csv?year=${year}&keyword=${encodeURIComponent('公示项目')}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toContain('资助金额（元）');
    expect(text).toContain('公示项目C');
    expect(text.trim().split('\r\n')).toHaveLength(3);

    const xlsx = await fetch(`${server.baseUrl}/api/funded.xlsx?year=${year}&keyword=${encodeURIComponent('公示项目')}`);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(3).value).toBe('公示项目C');
    expect(sheet.getRow(2).getCell(7).value).toBe(300000);
  });

  it('withdraws with a reason: the notice says so, the list drops it; a re-publish tells nobody twice', async () => {
    const empty = await apiError(admin.api.console.resultAnnouncementWithdraw({ id: announcementId, reason: ' ' }));
    expect(empty.fields.reason).toBe('请填写撤回原因');
    const withdrawn = await admin.api.console.resultAnnouncementWithdraw({ id: announcementId, reason: '金额核对有误' });
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawalReason: '金额核对有误' });
    const visitor = server.client();
    const notice = await visitor.api.content.policyDetail({ id: withdrawn.policyId! });
    expect(notice.title).toBe('【已撤回】2026 年度立项公示');
    expect(notice.content).toContain('金额核对有误');
    expect(notice.content).not.toContain('公示项目C');
    const list = await visitor.api.content.fundedList({ keyword: '公示项目' });
    expect(list.list.some((r) => r.announcementId === announcementId)).toBe(false);

    const before = (await server.outbox()).length;
    const again = await admin.api.console.resultAnnouncementPublish({ id: announcementId });
    expect(again.policyId).toBe(withdrawn.policyId);
    const after = (await server.outbox()).slice(before);
    expect(after.filter((m) => m.includes('已列入'))).toHaveLength(0);
    const twice = await apiError(admin.api.console.resultAnnouncementPublish({ id: announcementId }));
    expect(twice.errno).toBe(Errno.CONFLICT);
  });
});
