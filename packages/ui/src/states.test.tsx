import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createErrorViews } from './states';
import { renderAt } from './test/render';

class GoneError extends Error {}

describe('createErrorViews', () => {
  it('offers a retry with the default or given title', () => {
    const { ErrorState } = createErrorViews({ color: 'red', retryColor: 'red.9' });
    const onRetry = vi.fn();
    renderAt(<ErrorState error={new Error('网络错误')} onRetry={onRetry} title="无法获取登录信息" />);
    expect(screen.getByText('无法获取登录信息')).toBeTruthy();
    expect(screen.getByText('网络错误')).toBeTruthy();
    screen.getByRole('button', { name: '重试' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('gives a final error its own title and no retry', () => {
    const { ErrorState } = createErrorViews({
      color: 'red',
      retryColor: 'red.9',
      finalTitle: (error) => (error instanceof GoneError ? '内容不存在' : undefined),
    });
    renderAt(<ErrorState error={new GoneError('')} onRetry={() => {}} />);
    expect(screen.getByText('内容不存在')).toBeTruthy();
    expect(screen.getByText('加载失败')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });
});
