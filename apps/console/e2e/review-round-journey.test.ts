import { createApiClient, createMemorySessionStore, DEFAULT_SESSION_NAME, type ApiClient } from '@flagship/api-client';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, field, openBrowser, outboxFor, pickDateTime, portalLogin, type Browsers, type Session } from './support';

// Issue 12's whole round on a call of its own (the demo round's scheme is frozen and its experts
// are shared with other journeys): staff set the scheme and assign automatically, one expert
// declares a conflict and staff replace them by hand, the experts score, staff rank and decide,
// and the applicant reads the result with the experts' comments, never their names.
// Set-up that is not the subject goes through the SDK: the call, the applications, the expert
// accounts (the invitation screens have their own journey in review-staff and expert-workspace).

const CALL = '青年文艺人才创作扶持计划';
/** An existing project category that no expert of the demo library lists among their specialities. */
const CATEGORY = '文艺人才培养';
const EXPERT_PASSWORD = 'Journey#Review2026';
const APPLICANT_PASSWORD = 'Applicant@2026';
/** Two demo applicants that no other console journey uses. */
const APPLICANT_A = { account: 'wen.shuyao@example.org', title: '原创评弹《运河谣》' };
const APPLICANT_B = { account: 'lin.zhiyuan@example.com', title: '青年舞者培养计划《初绽》' };

/** Four experts whose specialities match the call (automatic assignment prefers them) and one who does not. */
const EXPERTS = [
  { name: '顾清越', organisation: '省文艺人才发展研究中心', specialities: [CATEGORY, '曲艺评论'] },
  { name: '许知行', organisation: '江南曲艺研究所', specialities: [CATEGORY, '评弹'] },
  { name: '白若川', organisation: '省青年舞蹈人才培训中心', specialities: [CATEGORY, '舞蹈编导'] },
  { name: '苏砚秋', organisation: '钱塘艺术评论社', specialities: [CATEGORY, '艺术评论'] },
  { name: '方既明', organisation: '省文艺评论家协会', specialities: ['曲艺史论'] },
] as const;
type ExpertName = (typeof EXPERTS)[number]['name'];

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 800, height: 1100 };

/** The screen at the console's working width and on a tablet, axe on both. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await checkScreen(page, `${name}-1280`);
  await page.setViewportSize(NARROW);
  await checkScreen(page, `${name}-800`);
  await page.setViewportSize(WIDE);
}

/** An SDK client on the session a browser context holds (the console's or the portal's cookies). */
async function apiOf(context: BrowserContext, url: string, cookieName: string): Promise<ApiClient> {
  const cookies = await context.cookies(url);
  const token = decodeURIComponent(cookies.find((c) => c.name === `${cookieName}-token`)?.value ?? '');
  const info = JSON.parse(decodeURIComponent(cookies.find((c) => c.name === `${cookieName}-userinfo`)?.value ?? '{}')) as { id?: number; account?: string };
  if (!token || !info.id || !info.account) throw new Error(`No ${cookieName} session in the browser`);
  const session = createMemorySessionStore();
  session.set({ token, id: info.id, account: info.account, enterprise_authentication_status: null });
  return createApiClient({ baseUrl: url, session, policy: { reload: () => {} } });
}

/** The invitation's token, from the link in the message sent to `account` (waiting for it to be written). */
async function invitationToken(account: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const match = /\/invite\?token=([^\s&]+)/.exec(outboxFor(account).at(-1) ?? '');
    if (match?.[1]) return decodeURIComponent(match[1]);
    if (Date.now() > deadline) throw new Error(`No invitation link in the outbox for ${account}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a review round from scheme to the applicant’s result', () => {
  let browsers: Browsers;
  let staff: Session;
  let applicantA: Session;
  let applicantB: Session;
  let admin: ApiClient;
  let projectId = 0;
  const applications = { a: { id: 0, serial: '' }, b: { id: 0, serial: '' } };
  const experts = new Map<ExpertName, { id: number; account: string }>();
  const expert = (name: ExpertName) => experts.get(name) ?? { id: 0, account: '' };

  /** Signs an expert in on a context of their own, on the 我的评审 list. */
  async function expertSession(name: ExpertName): Promise<Session> {
    const session = await browsers.open();
    await session.page.setViewportSize(WIDE);
    await consoleLogin(session.page, browsers.url, expert(name).account, EXPERT_PASSWORD);
    expect(new URL(session.page.url()).pathname).toBe('/console/reviews');
    await session.page.getByRole('table', { name: '我的评审任务' }).waitFor();
    return session;
  }

  /** Declares no conflict on `title`, scores, leaves comments and submits; returns the page on the submitted review. */
  async function scoreAndSubmit(
    page: Page,
    title: string,
    review: { artistry: string; feasibility: string; recommendation: string; toStaff: string; toApplicant: string; total: string },
    screens?: string,
  ) {
    await page.getByRole('link', { name: `声明利益冲突：${title}` }).click();
    await page.waitForURL(/\/console\/reviews\/\d+$/);
    await page.getByRole('heading', { name: '利益冲突声明' }).waitFor();
    expect(await page.getByRole('heading', { name: '申报内容' }).count()).toBe(0);
    if (screens) await bothWidths(page, `${screens}-declaration`);
    await page.getByRole('radio', { name: '无利益冲突' }).check();
    await page.getByRole('button', { name: '提交声明' }).click();
    await page.getByRole('dialog', { name: '确认无利益冲突' }).getByRole('button', { name: '确认无冲突' }).click();
    await page.getByRole('heading', { name: '申报内容' }).waitFor();
    await page.getByRole('heading', { name: '评分表' }).waitFor();

    await field(page, '艺术价值').fill(review.artistry);
    await field(page, '实施可行性').fill(review.feasibility);
    await page.getByRole('radio', { name: review.recommendation, exact: true }).check();
    await field(page, '给项目办公室的意见').fill(review.toStaff);
    await field(page, '给申报人的意见').fill(review.toApplicant);
    await expect.poll(() => page.getByTestId('live-total').textContent()).toBe(review.total);
    // Submit once the draft is saved, so that the submission carries the saved version.
    await expect.poll(() => page.getByTestId('save-state').textContent()).toContain('草稿已保存');
    if (screens) await bothWidths(page, `${screens}-scoring`);

    await page.getByRole('button', { name: '提交评审' }).click();
    const confirm = page.getByRole('dialog', { name: '确认提交评审' });
    await confirm.getByText(review.total, { exact: true }).waitFor();
    await confirm.getByRole('button', { name: '确认提交' }).click();
    await page.getByText(/评审已于 .* 提交，不能再修改/).waitFor();
    if (screens) await bothWidths(page, `${screens}-submitted`);
  }

  beforeAll(async () => {
    browsers = await openBrowser();
    staff = await browsers.open();
    applicantA = await browsers.open();
    applicantB = await browsers.open();
    const { url } = browsers;
    await consoleLogin(staff.page, url);
    admin = await apiOf(staff.context, url, 'flagship-console');

    // The call: open for applications since yesterday, in a category only our experts list.
    const categories = await admin.console.categoryList({ kind: 'project' });
    const categoryId = categories.find((c) => c.name === CATEGORY)?.id;
    expect(categoryId, `the seed has the project category ${CATEGORY}`).toBeDefined();
    const now = Date.now();
    const call = await admin.console.projectCreate({
      title: CALL,
      categoryId: categoryId ?? null,
      summary: '扶持青年文艺人才的原创作品与培养计划。',
      applyStart: new Date(now - 86_400_000).toISOString(),
      applyEnd: new Date(now + 30 * 86_400_000).toISOString(),
    });
    projectId = call.id;
    const form = await admin.console.formCreate({
      projectId,
      title: '创作扶持申报书',
      fields: [
        { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 50 },
        { key: 'summary', kind: 'textarea', label: '项目简介', maxLength: 800 },
      ],
    });
    await admin.console.projectPublish({ id: projectId, published: true });

    // Two applicants sign in to the portal and submit.
    for (const [key, applicant, session] of [
      ['a', APPLICANT_A, applicantA],
      ['b', APPLICANT_B, applicantB],
    ] as const) {
      await portalLogin(session.page, url, applicant.account, APPLICANT_PASSWORD);
      const api = await apiOf(session.context, url, DEFAULT_SESSION_NAME);
      const saved = await api.apply.save({ projectId, formId: form.id, data: { projectName: applicant.title, summary: '作品简介与实施计划。' }, version: 0, submit: true });
      expect(saved.status).toBe('submitted');
      applications[key] = { id: saved.id, serial: saved.serialNumber ?? '' };
    }

    // Five experts of the library with review accounts, invited and accepted.
    for (const e of EXPERTS) {
      const created = await admin.console.expertCreate({ name: e.name, title: '研究员', organisation: e.organisation, specialities: [...e.specialities] });
      const account = `journey-expert-${created.id}@example.org`;
      await admin.console.expertInvite({ id: created.id, account });
      await admin.console.invitationAccept({ token: await invitationToken(account), password: EXPERT_PASSWORD });
      experts.set(e.name, { id: created.id, account });
    }
  });

  afterAll(async () => {
    // Later journeys on the same server assign automatically over every expert with an account.
    for (const { id } of experts.values()) await admin?.console.expertAccountUpdate({ id, disabled: true }).catch(() => undefined);
    await browsers?.close();
  });

  it('staff set the scheme in the review tab and assign automatically', async () => {
    const { page } = staff;
    await page.setViewportSize(WIDE);
    await page.goto(`${browsers.url}/console/projects?keyword=${encodeURIComponent(CALL)}`);
    await page.getByRole('link', { name: `「${CALL}」的专家评审` }).click();
    await page.waitForURL(`**/console/projects/${projectId}/review`);

    // Two criteria: the starter's third goes, the weights become 60 and 40.
    await page.getByRole('button', { name: '删除「社会效益」' }).click();
    await expect.poll(() => page.getByRole('group', { name: /^评分项 \d$/ }).count()).toBe(2);
    await page.getByRole('group', { name: '评分项 1' }).getByLabel(/^权重/).fill('60');
    await page.getByRole('group', { name: '评分项 2' }).getByLabel(/^权重/).fill('40');
    await page.getByRole('switch', { name: /^专家可填写给申报人的意见/ }).check();
    // Reviewing opens at midnight today (Beijing) and closes late next month.
    const beijingToday = new Date(Date.now() + 8 * 3_600_000).getUTCDate();
    await pickDateTime(page, '评审开始时间', beijingToday, '00:00');
    await pickDateTime(page, '评审结束时间', 28, '17:00', 1);
    await field(page, '每份申报的专家人数').fill('2');
    const preview = page.getByRole('region', { name: '评分表预览' });
    await preview.getByLabel(/^1\. 艺术价值（0–10 分，占 60%）/).waitFor();
    await preview.getByLabel(/^给申报人的意见/).waitFor();
    await page.getByRole('button', { name: '创建评审方案' }).click();
    await page.getByText('第 1 轮评审 · 评审阶段').waitFor();
    await page.getByText('每份申报 2 位专家').waitFor();
    await bothWidths(page, 'journey-scheme');

    await page.getByRole('tab', { name: '分配' }).click();
    expect(await field(page, '每份申报的专家人数').inputValue()).toBe('2');
    await page.getByRole('button', { name: '自动分配', exact: true }).click();
    const result = page.getByRole('status').filter({ hasText: '自动分配结果' });
    await result.getByText(/^新分配 4 项评审；每位专家的评审量/).waitFor();
    // Matched by speciality and balanced: the four matching experts, one application each pair.
    const board = page.getByRole('table', { name: '申报与评审专家' });
    const rowA = board.getByRole('row', { name: new RegExp(applications.a.serial) });
    const rowB = board.getByRole('row', { name: new RegExp(applications.b.serial) });
    await rowA.getByText('顾清越 · 待声明').waitFor();
    await rowA.getByText('许知行 · 待声明').waitFor();
    await rowB.getByText('白若川 · 待声明').waitFor();
    await rowB.getByText('苏砚秋 · 待声明').waitFor();
    await bothWidths(page, 'journey-assigned');
  });

  it('an expert declares a conflict, and staff see it and assign another expert by hand', async () => {
    const gu = await expertSession('顾清越');
    const { page } = gu;
    // Only the assignment's title and applicant before declaring.
    await page.getByRole('link', { name: `声明利益冲突：${APPLICANT_A.title}` }).click();
    await page.getByRole('heading', { name: '利益冲突声明' }).waitFor();
    await page.getByRole('radio', { name: '存在利益冲突' }).check();
    await field(page, '冲突原因').fill('曾为该申报人的评弹作品担任艺术指导');
    await page.getByRole('button', { name: '提交声明' }).click();
    await page.getByRole('dialog', { name: '确认存在利益冲突' }).getByRole('button', { name: '确认存在冲突' }).click();
    await page.getByText('您已声明存在利益冲突').waitFor();
    expect(await page.getByRole('heading', { name: '申报内容' }).count()).toBe(0);
    await bothWidths(page, 'journey-expert-conflict');
    await gu.context.close();

    const staffPage = staff.page;
    await staffPage.reload();
    const board = staffPage.getByRole('table', { name: '申报与评审专家' });
    const rowA = board.getByRole('row', { name: new RegExp(applications.a.serial) });
    await rowA.getByText('顾清越 · 利益冲突').waitFor();
    const list = staffPage.getByRole('table', { name: '评审分配列表' });
    const conflictRow = list.getByRole('row', { name: /顾清越/ });
    await conflictRow.getByText('利益冲突', { exact: true }).waitFor();
    await conflictRow.getByText('曾为该申报人的评弹作品担任艺术指导').waitFor();
    await bothWidths(staffPage, 'journey-conflict-assign');

    await staffPage.getByRole('tab', { name: '进度' }).click();
    const progress = staffPage.getByRole('table', { name: '专家评审进度' });
    // 专家, 账号, 已分配 (conflicts apart), 评审中, 利益冲突, 已提交, 逾期.
    const guRow = progress.getByRole('row', { name: /顾清越/ });
    await guRow.waitFor();
    expect((await guRow.getByRole('cell').allTextContents()).slice(2, 7)).toEqual(['0', '0', '1', '0', '0']);
    await bothWidths(staffPage, 'journey-conflict-progress');

    // By hand: the application that came back, to an expert outside the speciality.
    await staffPage.getByRole('tab', { name: '分配' }).click();
    await board.getByRole('checkbox', { name: `选择申报 ${applications.a.serial}` }).check();
    await staffPage.getByLabel('选择专家', { exact: true }).first().fill('方既明');
    await staffPage.getByRole('option', { name: /^方既明/ }).click();
    await staffPage.keyboard.press('Escape');
    await staffPage.getByRole('button', { name: '分配所选（1 份 × 1 位）' }).click();
    const manual = staffPage.getByRole('status').filter({ hasText: '分配结果' });
    await manual.getByText(/^新分配 1 项评审/).waitFor();
    await rowA.getByText('方既明 · 待声明').waitFor();
    await rowA.getByText('许知行 · 待声明').waitFor();
    await bothWidths(staffPage, 'journey-reassigned');
  });

  it('the experts, the replacement among them, declare no conflict, score and submit', async () => {
    const reviews = [
      {
        name: '许知行',
        title: APPLICANT_A.title,
        review: { artistry: '9', feasibility: '8', recommendation: '建议资助', toStaff: '唱腔设计成熟，可优先资助。', toApplicant: '作品立意鲜明，建议补充巡演场次安排。', total: '86.00' },
        screens: 'journey-expert',
      },
      {
        name: '方既明',
        title: APPLICANT_A.title,
        review: { artistry: '8', feasibility: '7', recommendation: '修改后资助', toStaff: '预算略高。', toApplicant: '请细化排练阶段的经费预算。', total: '76.00' },
      },
      {
        name: '白若川',
        title: APPLICANT_B.title,
        review: { artistry: '6', feasibility: '5', recommendation: '修改后资助', toStaff: '培养对象遴选标准不清。', toApplicant: '建议明确学员遴选标准。', total: '56.00' },
      },
      {
        name: '苏砚秋',
        title: APPLICANT_B.title,
        review: { artistry: '4', feasibility: '6', recommendation: '不建议资助', toStaff: '创新不足。', toApplicant: '建议加强作品的原创性。', total: '48.00' },
      },
    ] as const;
    for (const r of reviews) {
      const session = await expertSession(r.name);
      if ('screens' in r) await bothWidths(session.page, 'journey-expert-list');
      await scoreAndSubmit(session.page, r.title, r.review, 'screens' in r ? r.screens : undefined);
      await session.context.close();
    }
  });

  it('staff see the ranking with its figures and approve one application in bulk', async () => {
    const { page } = staff;
    await page.getByRole('tab', { name: '进度' }).click();
    await page.getByText('4 / 4', { exact: true }).waitFor();
    await page.getByRole('tab', { name: '排名' }).click();
    const ranking = page.getByRole('table', { name: '评审排名' });
    await ranking.waitFor();
    await page.getByText('已有评分的申报：2 份').waitFor();
    await page.getByRole('img', { name: /^得分分布：/ }).waitFor();
    // 选择, 排名, 申报, 状态, 评审, 平均分, 中位数, 去极值平均, 极差: (86 + 76) / 2 and (56 + 48) / 2.
    const rowA = ranking.getByRole('row', { name: new RegExp(applications.a.serial) });
    const rowB = ranking.getByRole('row', { name: new RegExp(applications.b.serial) });
    const figures = async (row: typeof rowA) => (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
    const a = await figures(rowA);
    const b = await figures(rowB);
    expect([a[1], a[4], a[5], a[6], a[7], a[8]]).toEqual(['1', '2 / 2', '81.0', '81.0', '81.0', '10.0']);
    expect([b[1], b[4], b[5], b[6], b[7], b[8]]).toEqual(['2', '2 / 2', '52.0', '52.0', '52.0', '8.0']);
    expect(a[9]).toContain('资助 1');
    expect(b[9]).toContain('不资助 1');
    await bothWidths(page, 'journey-ranking');

    await rowA.getByRole('checkbox', { name: `选择申报 ${applications.a.serial}` }).check();
    await page.getByText('已选择 1 份申报').waitFor();
    await page.getByRole('button', { name: '通过', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '批量通过' });
    await dialog.getByText('确定通过所选的 1 份申报吗？', { exact: false }).waitFor();
    await dialog.getByLabel(/^审核意见/).fill('经专家评审，准予立项。');
    await checkScreen(page, 'journey-decision-1280');
    await dialog.getByRole('button', { name: '确认通过' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('已通过 1 份申报，并通知申请人').waitFor();
    await rowA.getByText('已通过').waitFor();
    await rowB.getByText('已提交').waitFor();
    expect(await rowA.getByRole('checkbox').isDisabled()).toBe(true);
    await bothWidths(page, 'journey-decided');
  });

  it('the applicant sees the result and the experts’ comments in the portal, without their names', async () => {
    const { page } = applicantA;
    await page.setViewportSize(WIDE);
    await page.goto(`${browsers.url}/decDetail?id=${applications.a.id}`);
    await page.getByText('申报编号').waitFor();
    await page.getByText('已通过').first().waitFor();
    await page.getByText('审核意见：经专家评审，准予立项。').waitFor();
    const section = page.getByRole('region', { name: '专家意见' });
    await section.waitFor();
    const items = (await section.getByRole('listitem').allTextContents()).map((t) => t.trim()).sort();
    expect(items).toEqual(['作品立意鲜明，建议补充巡演场次安排。', '请细化排练阶段的经费预算。'].sort());
    const whole = (await page.locator('body').textContent()) ?? '';
    for (const e of EXPERTS) expect(whole).not.toContain(e.name);
    // What experts wrote for staff stays with staff.
    expect(whole).not.toContain('唱腔设计成熟');
    await page.setViewportSize(WIDE);
    await checkScreen(page, 'journey-portal-result-1280');
    await page.setViewportSize(NARROW);
    await checkScreen(page, 'journey-portal-result-800');

    // The other application is still undecided: no comments yet.
    const other = applicantB.page;
    await other.goto(`${browsers.url}/decDetail?id=${applications.b.id}`);
    await other.getByText('申报编号').waitFor();
    await other.getByText('已提交').first().waitFor();
    expect(await other.getByRole('heading', { name: '专家意见' }).count()).toBe(0);
  });
});
