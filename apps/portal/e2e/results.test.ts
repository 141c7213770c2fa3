import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, staffToken } from './calls';
import { checkScreen, openPortal, readOutbox, type Portal } from './support';

// Issue 14: staff publish a call's 立项公示; a visitor finds it under 通知公告 and on /funded and
// downloads the open data; the listed applicant's outbox holds the message.

interface Announcement {
  id: number;
  title: string;
  objectionStartsAt: string;
  objectionEndsAt: string;
  items: { applicationId: number; title: string }[];
}

describe('results announcements', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(43);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('publishes, shows the notice and the open list, and tells the applicant', async () => {
    const { page, url, apiUrl } = portal;
    const token = await staffToken(apiUrl);
    const calls = await apiCall<{ list: { id: number }[] }>(apiUrl, '/api/console/project?page=1&pageSize=100', { token });
    let chosen: { projectId: number; account: string } | undefined;
    for (const call of calls.list) {
      const approved = await apiCall<{ list: { account: string }[] }>(apiUrl, `/api/console/project/${call.id}/apply?status=approved&page=1&pageSize=1`, { token });
      if (approved.list[0]) {
        chosen = { projectId: call.id, account: approved.list[0].account };
        break;
      }
    }
    expect(chosen, 'a call with an approved application').toBeDefined();
    const title = `立项公示 E2E ${Date.now()}`;
    const now = Date.now();
    const period = { objectionStartsAt: new Date(now - 3_600_000).toISOString(), objectionEndsAt: new Date(now + 5 * 86_400_000).toISOString() };
    const draft = await apiCall<Announcement>(apiUrl, `/api/console/project/${chosen!.projectId}/results`, { method: 'POST', token, body: { title, introduction: '<p>拟立项项目公示如下。</p>', contact: '联系人：项目办', ...period } });
    await apiCall(apiUrl, `/api/console/results/${draft.id}`, {
      method: 'PUT',
      token,
      body: { title, introduction: '<p>拟立项项目公示如下。</p>', contact: '联系人：项目办', ...period, items: draft.items.map((i) => ({ applicationId: i.applicationId, amountGranted: 200000 })) },
    });
    await apiCall(apiUrl, `/api/console/results/${draft.id}/publish`, { method: 'POST', token, body: {} });

    await page.goto(`${url}/policy`);
    await page.getByText(title).first().click();
    await page.getByText('资助金额（元）').waitFor();
    await checkScreen(page, 'results-notice');

    await page.goto(`${url}/funded`);
    await page.getByRole('heading', { name: '立项项目公开名单' }).waitFor();
    await page.getByText(draft.items[0]!.title).first().waitFor();
    await checkScreen(page, 'funded-1280');
    const csv = await fetch(`${apiUrl}/api/funded.csv`);
    expect(await csv.text()).toContain(draft.items[0]!.title);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载 Excel' }).click();
    expect((await download).suggestedFilename()).toBe('立项项目名单.xlsx');
    await page.setViewportSize({ width: 800, height: 900 });
    await checkScreen(page, 'funded-800');

    await expect.poll(() => readOutbox(chosen!.account)?.includes('已列入') ?? false, { timeout: 10_000 }).toBe(true);
  });
});
