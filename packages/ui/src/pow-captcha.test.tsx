import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PowCaptcha } from './pow-captcha';
import { renderAt } from './test/render';

describe('PowCaptcha', () => {
  it('shows the widget under the label 人机验证 and the server\'s error', async () => {
    const challenge = vi.fn();
    renderAt(<PowCaptcha api={{ auth: { challenge } }} error="人机验证未通过，请重新验证" />);
    expect(screen.getByText('人机验证')).toBeTruthy();
    expect(screen.getByText('人机验证未通过，请重新验证')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('altcha-widget')).toBeTruthy());
  });
});
