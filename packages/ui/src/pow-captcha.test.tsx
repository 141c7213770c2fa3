import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PowCaptcha } from './pow-captcha';
import { renderAt } from './test/render';

const widgetLoads = vi.hoisted(() => ({ fail: false }));
vi.mock('altcha/external', () => {
  if (widgetLoads.fail) throw new Error('blocked');
  return {};
});

describe('PowCaptcha', () => {
  it('shows the widget under the label 人机验证 and the server\'s error', async () => {
    const api = { auth: { challenge: vi.fn(), captcha: vi.fn() } };
    renderAt(<PowCaptcha api={api} error="人机验证未通过，请重新验证" />);
    expect(screen.getByText('人机验证')).toBeTruthy();
    expect(screen.getByText('人机验证未通过，请重新验证')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('altcha-widget')).toBeTruthy());
    expect(api.auth.captcha).not.toHaveBeenCalled();
  });

  it('falls back to the image captcha when the widget cannot load, and passes on what is typed', async () => {
    widgetLoads.fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = { auth: { challenge: vi.fn(), captcha: vi.fn().mockResolvedValue(new Blob(['<svg/>'], { type: 'image/svg+xml' })) } };
    const onChange = vi.fn();
    renderAt(<PowCaptcha api={api} onChange={onChange} />);
    const input = await screen.findByLabelText(/图形验证码/, { selector: 'input' });
    expect(api.auth.captcha).toHaveBeenCalled();
    expect(document.querySelector('altcha-widget')).toBeNull();
    fireEvent.change(input, { target: { value: 'ab3d' } });
    expect(onChange).toHaveBeenLastCalledWith('ab3d');
  });
});

describe('PowCaptcha when the work fails', () => {
  it('falls back to the image captcha when the widget reports an error', async () => {
    widgetLoads.fail = false;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = { auth: { challenge: vi.fn(), captcha: vi.fn().mockResolvedValue(new Blob(['<svg/>'], { type: 'image/svg+xml' })) } };
    renderAt(<PowCaptcha api={api} />);
    const widget = document.querySelector('altcha-widget');
    expect(widget).toBeTruthy();
    widget?.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'error' } }));
    expect(await screen.findByLabelText(/图形验证码/, { selector: 'input' })).toBeTruthy();
  });
});
