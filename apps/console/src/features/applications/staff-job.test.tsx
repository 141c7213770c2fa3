import type { StaffJob } from '@flagship/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { cleanup, click, getButton, render, settle } from '../../test/render';
import { useStaffJob } from './staff-job';

const job = (patch: Partial<StaffJob>): StaffJob => ({
  name: 'j1',
  kind: 'download',
  status: 'pending',
  progress: { done: 0, total: 2 },
  error: null,
  createdAt: '2026-11-23T08:00:00.000Z',
  expiresAt: '2026-11-24T08:00:00.000Z',
  fileName: '测试项目-申报材料.zip',
  ...patch,
});

function Harness({ create }: { create: () => Promise<StaffJob> }) {
  const staffJob = useStaffJob();
  return (
    <>
      <button type="button" onClick={() => void staffJob.start('download', create)}>
        开始
      </button>
      {staffJob.panel}
    </>
  );
}

/** Wait (real time: the hook polls every second) until the page shows `text`. */
async function until(text: string, timeoutMs = 4000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (document.body.textContent?.includes(text)) return;
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`「${text}」 never shown; the page reads: ${document.body.textContent}`);
}

afterEach(() => vi.restoreAllMocks());

describe('a staff job in the console', () => {
  it('shows progress while polling, then the file, and stops polling once done', async () => {
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const status = vi
      .spyOn(api.console, 'jobStatus')
      .mockResolvedValueOnce(job({ status: 'running', progress: { done: 1, total: 2 } }))
      .mockResolvedValueOnce(job({ status: 'done', progress: { done: 2, total: 2 } }));
    render(<Harness create={async () => job({})} />);
    click(getButton('开始'));
    await until('已完成 0 / 2 份');
    await until('已完成 1 / 2 份');
    expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('50');
    await until('已完成 2 / 2 份 · 测试项目-申报材料.zip');
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === '下载文件');
    expect(link?.getAttribute('href')).toMatch(/^\/api\/console\/jobs\/j1\/file/);
    // The file downloads by itself once, and polling has stopped.
    expect(clicks).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(status).toHaveBeenCalledTimes(2);
  });

  it('shows a failure with its message and starts again on retry', async () => {
    vi.spyOn(api.console, 'jobStatus').mockResolvedValue(job({ status: 'failed', error: '申报 FS-1 的附件「a.pdf」已不存在，无法打包' }));
    const create = vi.fn(async () => job({}));
    render(<Harness create={create} />);
    click(getButton('开始'));
    await until('申报 FS-1 的附件「a.pdf」已不存在，无法打包');
    expect(document.body.textContent).toContain('打包下载申报失败');
    click(getButton('重试'));
    await settle();
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('stops polling when the page goes away', async () => {
    const status = vi.spyOn(api.console, 'jobStatus').mockResolvedValue(job({ status: 'running' }));
    render(<Harness create={async () => job({})} />);
    click(getButton('开始'));
    await until('已完成 0 / 2 份');
    cleanup();
    const calls = status.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(status.mock.calls.length).toBe(calls);
  });
});
