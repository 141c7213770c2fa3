import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, consoleLogin, field, openBrowser, outboxFor, pick, pickDateTime, unique, type Browsers, type Session } from './support';

/** The screen at the console's working width and at a narrow one (a small laptop or tablet). */
async function checkWidths(page: Page, name: string) {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await checkScreen(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The invitation's token, from the link in the message sent to `account`. */
function invitationToken(account: string, outboxDir: string): string {
  const mail = outboxFor(account, outboxDir).at(-1) ?? '';
  const match = /\/invite\?token=([^\s&]+)/.exec(mail);
  if (!match?.[1]) throw new Error(`No invitation link in the outbox for ${account}`);
  return decodeURIComponent(match[1]);
}

// The demo seed has a review round in progress on the stage-art call, with three experts and some
// scores in: its scheme is frozen, so staff start a second round with a changed scheme.
describe('staff run an expert review: accounts, scheme, assignment, progress, ranking', () => {
  let browsers: Browsers;
  let staff: Session;

  beforeAll(async () => {
    // Its own server: it starts a second round on the demo's call, which the other journeys read.
    browsers = await openBrowser({ ownServer: true });
    staff = await browsers.open();
    await consoleLogin(staff.page, browsers.url);
  });
  afterAll(async () => {
    await browsers?.close();
  });

  it('an expert of the library gets declared interests and a review account, invited and accepted', async () => {
    const { page } = staff;
    const { url } = browsers;
    await page.goto(`${url}/console/experts?keyword=${encodeURIComponent('沈知微')}`);
    await page.getByRole('link', { name: '沈知微' }).first().click();
    await page.waitForURL(/\/console\/experts\/\d+$/);

    await field(page, '声明的利益关联').fill('省艺术职业学院\n省舞蹈家协会');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('专家信息已保存').waitFor();

    const account = `${unique('expert')}@example.org`;
    const invite = field(page, '邀请到（电子邮箱或手机号）');
    await invite.fill('zhang');
    await page.getByRole('button', { name: '发送邀请' }).click();
    await page.getByText('账号应为电子邮箱或手机号（邀请将发送到此处）').waitFor();
    await invite.fill(account);
    await page.getByRole('button', { name: '发送邀请' }).click();
    const section = page.getByRole('region', { name: '评审账号' });
    await section.getByText('已邀请', { exact: true }).waitFor();
    await section.getByRole('button', { name: '重发邀请' }).waitFor();
    await checkWidths(page, 'console-expert-account');

    // The expert accepts through the link in the message; the console then says so.
    const accepted = await page.request.post(`${url}/api/console/invitation`, { data: { token: invitationToken(account, browsers.outboxDir), password: 'Shen#Review2026' } });
    expect(((await accepted.json()) as { errno: number }).errno).toBe(200);
    await page.reload();
    await section.getByText('已接受', { exact: true }).waitFor();
    expect(await section.getByRole('button', { name: '重发邀请' }).count()).toBe(0);

    // Disabling asks first, and can be undone.
    await section.getByRole('button', { name: '停用账号' }).click();
    await page.getByRole('dialog', { name: '停用评审账号' }).getByRole('button', { name: '停用' }).click();
    await section.getByText('已停用', { exact: true }).waitFor();
    await section.getByRole('button', { name: '启用账号' }).click();
    await page.getByRole('dialog', { name: '启用评审账号' }).getByRole('button', { name: '启用' }).click();
    await section.getByText('已接受', { exact: true }).waitFor();
  });

  it('the frozen scheme is explained, and a new round starts with a changed scheme and phase dates', async () => {
    const { page } = staff;
    const { url } = browsers;
    await page.goto(`${url}/console/projects`);
    await page.getByRole('row', { name: /舞台艺术精品创作扶持项目/ }).getByRole('link', { name: /专家评审/ }).click();
    await page.waitForURL(/\/console\/projects\/\d+\/review$/);
    await page.getByText('评审方案已锁定').waitFor();
    expect(await page.getByRole('group', { name: '评分项 1' }).getByLabel(/^评分项名称/).isDisabled()).toBe(true);
    await checkWidths(page, 'console-review-frozen');

    // The first round's ranking, with its scores and their distribution.
    await page.getByRole('tab', { name: '排名' }).click();
    await page.getByRole('img', { name: /^得分分布/ }).waitFor();
    await checkWidths(page, 'console-review-ranking-scored');

    // Staff reopen a submitted review, giving a reason.
    await page.getByRole('tab', { name: '分配' }).click();
    await pick(page, '评审状态', '已提交');
    await page.getByRole('button', { name: /^重新开放：/ }).first().click();
    const reopen = page.getByRole('dialog', { name: '重新开放评审' });
    await reopen.getByRole('button', { name: '确认重新开放' }).click();
    await reopen.getByText('请填写重新开放的原因').waitFor();
    await reopen.getByLabel(/^原因/).fill('评分与评语不一致，请专家核对后重新提交。');
    await reopen.getByRole('button', { name: '确认重新开放' }).click();
    await reopen.waitFor({ state: 'hidden' });
    await page.getByText('评审已重新开放，专家可以修改后再次提交').waitFor();

    await page.getByRole('tab', { name: '评审方案' }).click();
    await page.getByRole('button', { name: '新建评审轮次' }).click();
    await page.getByText('正在新建第 2 轮评审').waitFor();
    const first = page.getByRole('group', { name: '评分项 1' });
    await first.getByLabel(/^评分项名称/).fill('艺术价值与创新');
    await page.getByRole('button', { name: '添加评分项' }).click();
    const added = page.getByRole('group', { name: '评分项 4' });
    await added.getByLabel(/^评分项名称/).fill('经费合理性');
    await added.getByLabel(/^权重/).fill('20');
    // Reordering: the new criterion moves up one place.
    await page.getByRole('button', { name: '上移「经费合理性」' }).click();
    await page.getByRole('group', { name: '评分项 3' }).getByText('经费合理性').first().waitFor();
    const preview = page.getByRole('region', { name: '评分表预览' });
    await preview.getByLabel(/^3\. 经费合理性（0–10 分，占 17%）/).waitFor();
    await pickDateTime(page, '评审开始时间', 1, '09:00', 1);
    await pickDateTime(page, '评审结束时间', 28, '17:00', 1);
    await page.getByRole('button', { name: '创建评审轮次' }).click();
    await page.getByText(/第 2 轮评审 · 分配阶段/).waitFor();
    await checkWidths(page, 'console-review-scheme');
  });

  it('staff assign automatically, then see progress and the ranking', async () => {
    const { page } = staff;
    await page.getByRole('tab', { name: '分配' }).click();
    await page.getByRole('button', { name: '自动分配' }).click();
    const result = page.getByText(/^新分配 \d+ 项评审/);
    await result.waitFor();
    expect(Number(/新分配 (\d+) 项/.exec((await result.textContent()) ?? '')?.[1])).toBeGreaterThan(0);
    await page.getByRole('table', { name: '评审分配列表' }).getByText('待声明').first().waitFor();
    await checkWidths(page, 'console-review-assign');

    // By hand: an expert already on the application is skipped, with the reason shown.
    const board = page.getByRole('table', { name: '申报与评审专家' });
    const assignedRow = board.getByRole('row', { name: /陈望舒 · 待声明/ }).first();
    await assignedRow.getByRole('checkbox').check();
    await page.getByLabel('选择专家', { exact: true }).first().fill('陈望舒');
    await page.getByRole('option', { name: /^陈望舒/ }).click();
    await page.getByRole('button', { name: /^分配所选（1 份 × 1 位）/ }).click();
    const manual = page.getByRole('status').filter({ hasText: '分配结果' });
    await manual.getByText('新分配 0 项评审', { exact: false }).waitFor();
    await manual.getByText('跳过 1 项：').waitFor();

    await page.getByRole('tab', { name: '进度' }).click();
    const progress = page.getByRole('table', { name: '专家评审进度' });
    await progress.getByRole('row', { name: /陈望舒/ }).waitFor();
    await checkWidths(page, 'console-review-progress');

    await page.getByRole('tab', { name: '排名' }).click();
    const ranking = page.getByRole('table', { name: '评审排名' });
    await ranking.waitFor();
    await page.getByRole('region', { name: '得分分布' }).waitFor();
    await checkWidths(page, 'console-review-ranking');

    // A rejection needs a message before anything is sent.
    await ranking.getByRole('checkbox', { name: /^选择申报 /, disabled: false }).first().check();
    await page.getByRole('button', { name: '不通过', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '批量不通过' });
    await dialog.getByRole('button', { name: '确认不通过' }).click();
    await dialog.getByText('不通过时请填写审核意见').waitFor();
    await checkScreen(page, 'console-review-decision');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
