import { screen, waitFor } from '@testing-library/react';
import type { CallOptions } from '@flagship/api-client';
import { describe, expect, it, vi } from 'vitest';
import { CaptchaInput } from './captcha';
import { renderAt } from './test/render';

describe('CaptchaInput', () => {
  it('shows the image from the API beside the input and asks for another on click', async () => {
    const captcha = vi.fn(async (_input?: undefined, _options?: CallOptions) => new Blob(['<svg/>'], { type: 'image/svg+xml' }));
    renderAt(<CaptchaInput api={{ auth: { captcha } }} version={0} />);
    expect(screen.getByLabelText(/图形验证码/, { selector: 'input' })).toBeTruthy();
    await waitFor(() => expect(screen.getByAltText('图形验证码')).toBeTruthy());
    screen.getByRole('button', { name: '图形验证码，点击换一张' }).click();
    await waitFor(() => expect(captcha).toHaveBeenCalledTimes(2));
    expect(captcha.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
  });
});
