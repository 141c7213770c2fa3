import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, staffToken } from './calls';
import { apiLogin, checkScreen, login, openPortal, type Portal } from './support';

// Issue 12: once staff decide, the applicant sees the experts' comments meant for them beside
// the decision (the demo round lets applicants see them), never who wrote them.

const APPLICANT = { account: 'shen.jiahe@example.org', password: 'Applicant@2026' };
const DEMO_EXPERTS = ['陈望舒', '林书远', '周雅宁'];
const SEEDED_COMMENTS = ['剧本结构完整，建议加强第三幕的节奏。', '公益场次安排合理。', '建议细化排练与制作预算。'];

describe("the experts' comments beside the decision", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(42);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows 专家意见 with the comments of submitted reviews once the application is approved', async () => {
    const { page, url, apiUrl } = portal;
    const { token } = await apiLogin(apiUrl, APPLICANT.account, APPLICANT.password);
    const mine = await apiCall<{ list: { id: number; projectTitle: string; status: string }[] }>(apiUrl, '/api/project/myApplyList?page=1&pageSize=50', { token });
    const inReview = mine.list.find((a) => a.projectTitle.endsWith('舞台艺术精品创作扶持项目') && a.status === 'submitted');
    expect(inReview).toBeDefined();
    const id = inReview!.id;

    await login(page, url, APPLICANT.account, APPLICANT.password);
    // Not decided yet: no comments.
    await page.goto(`${url}/decDetail?id=${id}`);
    await page.getByText('申报编号').waitFor();
    expect(await page.getByRole('heading', { name: '专家意见' }).count()).toBe(0);

    const staff = await staffToken(apiUrl);
    await apiCall(apiUrl, `/api/console/apply/${id}/review`, { method: 'POST', token: staff, body: { status: 'approved', message: '准予立项。' } });
    await page.reload();
    const section = page.getByRole('region', { name: '专家意见' });
    await section.waitFor();
    // The comments of the demo round's submitted reviews meant for applicants (db/seed/expert-review.ts).
    const items = await section.getByRole('listitem').allTextContents();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(SEEDED_COMMENTS).toContain(item.trim());
    const whole = (await page.locator('body').textContent()) ?? '';
    for (const name of DEMO_EXPERTS) expect(whole).not.toContain(name);
    await checkScreen(page, 'dec-detail-review-comments');
  });
});
