// The programme dashboard's figures against a small known data set, as the difference it makes
// to the demo's figures: counts by status, drafts, waiting authentications and their ages,
// requested and granted amounts; experts are refused.
import { Errno, type ApplyStatus, type Dashboard } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, categories, enterpriseAuthentications, forms, projects, resultAnnouncementItems, resultAnnouncements, users } from '../src/db/schema';
import { someDistrict } from './apply-fixtures';
import { newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';
import { newExpert } from './review-fixtures';

const DAY = 86_400_000;

const sumStatus = (d: Dashboard, status: ApplyStatus) => d.calls.reduce((sum, c) => sum + c.counts[status], d.otherCalls.counts[status]);
const sumDrafts = (d: Dashboard) => d.drafts.reduce((sum, c) => sum + c.drafts, d.otherDrafts);
const ageOf = (d: Dashboard, bucket: string) => d.authentications.ages.find((a) => a.bucket === bucket)?.count ?? 0;

describe.each(drivers)('dashboard on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
  });
  afterAll(() => server?.close());

  it('counts a known call, its drafts, the waiting authentications and the amounts', async () => {
    const db = server.handle.db;
    const before = await admin.api.console.dashboard();
    const now = Date.now();
    const [category] = await db.insert(categories).values({ kind: 'project', name: `看板测试类别${process.pid}` }).returning({ id: categories.id });
    const region = await someDistrict(db);
    const [call] = await db
      .insert(projects)
      .values({ title: '看板测试项目', categoryId: category!.id, regionId: region.id, applyStart: new Date(now - 10 * DAY), applyEnd: new Date(now + 10 * DAY), year: new Date(now + 8 * 3_600_000).getUTCFullYear(), published: true })
      .returning({ id: projects.id });
    const fields = [
      { key: 'totalCost', kind: 'money', label: '项目总投资' },
      { key: 'requestedAmount', kind: 'money', label: '申请资助金额（元）' },
    ];
    const [form] = await db.insert(forms).values({ projectId: call!.id, title: '申报书', fields: fields as never }).returning({ id: forms.id });
    const plan: [ApplyStatus, number][] = [['draft', 3], ['submitted', 4], ['approved', 2], ['rejected', 1]];
    const made: { id: number; userId: number; status: string }[] = [];
    let n = 0;
    for (const [status, count] of plan) {
      for (let i = 0; i < count; i++) {
        n += 1;
        const [user] = await db.insert(users).values({ account: `dash-${process.pid}-${driver}-${n}@example.org`, passwordHash: 'not-a-login', name: `单位${n}` }).returning({ id: users.id });
        const [row] = await db
          .insert(applications)
          .values({
            userId: user!.id, projectId: call!.id, formId: form!.id, status,
            data: { totalCost: 999_999, requestedAmount: 10_000 * n },
            submittedAt: status === 'draft' ? null : new Date(now - 60_000),
            serialNumber: status === 'draft' ? null : `DASH-${driver}-${process.pid}-${n}`,
          })
          .returning({ id: applications.id, userId: applications.userId });
        made.push({ id: row!.id, userId: row!.userId, status });
      }
    }
    // Requested: the seven sent to staff (n = 4..10), never the drafts nor the total cost.
    const requested = [4, 5, 6, 7, 8, 9, 10].reduce((sum, k) => sum + 10_000 * k, 0);
    const approved = made.filter((m) => m.status === 'approved');
    const announcement = async (status: 'published' | 'draft', amount: string) => {
      const [a] = await db
        .insert(resultAnnouncements)
        .values({ projectId: call!.id, title: '立项公示', status, objectionStartsAt: new Date(now), objectionEndsAt: new Date(now + 7 * DAY), publishedAt: status === 'published' ? new Date(now) : null })
        .returning({ id: resultAnnouncements.id });
      await db.insert(resultAnnouncementItems).values(approved.map((m, i) => ({ announcementId: a!.id, applicationId: m.id, position: i + 1, title: `项目${i}`, amountGranted: amount })));
    };
    await announcement('published', '12345.50');
    await announcement('draft', '99999.00'); // not published: not granted
    const ages = [0.5, 2, 5, 10, 10];
    for (const [i, days] of ages.entries()) {
      await db.insert(enterpriseAuthentications).values({ userId: made[i]!.userId, enterpriseName: `看板企业${i}`, creditCode: `91330000MA${String(i).padStart(8, '0')}`, type: '企业', legalRepresentative: '张三', createdAt: new Date(now - days * DAY) });
    }
    await db.insert(enterpriseAuthentications).values({ userId: made[0]!.userId, enterpriseName: '已通过', creditCode: '91330000MA99999999', type: '企业', legalRepresentative: '李四', status: 1 });

    const after = await admin.api.console.dashboard();
    for (const [status, count] of plan) expect(sumStatus(after, status) - sumStatus(before, status), status).toBe(count);
    expect(sumDrafts(after) - sumDrafts(before)).toBe(3);
    expect(after.authentications.waiting - before.authentications.waiting).toBe(5);
    expect(['lt1d', 'd1to3', 'd3to7', 'gt7d'].map((b) => ageOf(after, b) - ageOf(before, b))).toEqual([1, 1, 1, 2]);
    expect(after.submissionsPerDay).toHaveLength(30);
    expect(after.submissionsPerDay.at(-1)!.count - before.submissionsPerDay.at(-1)!.count).toBe(7);
    const mine = after.amounts.filter((a) => a.categoryId === category!.id);
    expect(mine).toEqual([{ categoryId: category!.id, categoryName: `看板测试类别${process.pid}`, regionId: region.id, regionName: expect.any(String), requested, granted: 2 * 12_345.5 }]);
  });

  it('is for admin and reviewer; an expert is refused with 403', async () => {
    const reviewer = await newReviewer(server);
    expect((await reviewer.api.console.dashboard()).submissionsPerDay).toHaveLength(30);
    const expert = await newExpert(server);
    const response = await fetch(`${server.baseUrl}/api/console/dashboard`, { headers: { authkey: expert.api.session.getToken() as string } });
    expect(response.status).toBe(403);
    expect((await apiError(expert.api.console.dashboard({ silent: true }))).errno).toBe(Errno.FORBIDDEN);
  });
});
