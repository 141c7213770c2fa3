import { ApiError, Errno } from '@flagship/api-client';
import { describe, expect, it, vi } from 'vitest';
import { showServerFieldErrors } from './form-errors';

describe('showServerFieldErrors', () => {
  it('puts the field errors on the form, and brings the first invalid input into view when asked', async () => {
    document.body.innerHTML = '<input id="plain" /><input id="bad" aria-invalid="true" />';
    const error = new ApiError(Errno.INVALID_INPUT, '输入有误', { fields: { name: '必填' } });
    const form = { setErrors: vi.fn() };

    expect(showServerFieldErrors(form, new Error('网络错误'))).toBe(false);
    expect(showServerFieldErrors(form, error)).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ name: '必填' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement?.id).not.toBe('bad');

    expect(showServerFieldErrors(form, error, { focus: true })).toBe(true);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(document.activeElement?.id).toBe('bad');
  });
});
