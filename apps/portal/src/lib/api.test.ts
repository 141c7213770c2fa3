import { createApiClient } from '@flagship/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorPolicy } from './api';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

function clientAnswering(fetch: typeof globalThis.fetch) {
  return createApiClient({ baseUrl: 'http://portal.test', policy: errorPolicy, fetch });
}

describe('the error policy wired to notifications', () => {
  beforeEach(() => show.mockClear());

  it('toasts errmsg for 5000 ms, and the text Error when there is none', async () => {
    const envelope = (errmsg: string) => new Response(JSON.stringify({ errno: 500, errmsg, data: null }), { status: 500 });
    await expect(clientAnswering(async () => envelope('服务器内部错误')).base.regions()).rejects.toThrow('服务器内部错误');
    await expect(clientAnswering(async () => envelope('')).base.regions()).rejects.toThrow();
    expect(show.mock.calls.map(([toast]) => [toast.message, toast.autoClose, toast.color])).toEqual([
      ['服务器内部错误', 5000, 'red'],
      ['Error', 5000, 'red'],
    ]);
  });

  it('toasts a transport failure with its message for 5000 ms', async () => {
    await expect(clientAnswering(() => Promise.reject(new TypeError('fetch failed'))).base.regions()).rejects.toThrow();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '网络连接失败，请检查网络后重试', autoClose: 5000 }));
  });
});
