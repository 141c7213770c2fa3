import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadPasswordChecker, PasswordStrengthMeter } from './password-strength';
import { renderAt } from './test/render';

describe('PasswordStrengthMeter', () => {
  it('says 弱 with advice in Chinese for a common password', async () => {
    renderAt(<PasswordStrengthMeter password="Password123!" />);
    expect(await screen.findByText('密码强度：弱')).toBeTruthy();
    expect(screen.getByText('与常用密码过于相似')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '密码强度' })).toBeTruthy();
  });

  it('says 强 for a long random one and shows nothing while empty', async () => {
    const empty = renderAt(<PasswordStrengthMeter password="" />);
    expect(screen.queryByText(/密码强度/)).toBeNull();
    empty.unmount();
    renderAt(<PasswordStrengthMeter password="k7#Lp9!vQ2xR" />);
    expect(await screen.findByText('密码强度：强')).toBeTruthy();
  });

  // The same table as the server's unit test (apps/server/src/lib/password-strength.test.ts).
  it.each([
    ['Password123!', false],
    ['Qwer1234!', false],
    ['woaini1314', false],
    ['P@ssw0rd2024', false],
    ['Orchid-Lantern-58', true],
    ['k7#Lp9!vQ2xR', true],
  ])('judges %s as the server does (ok: %s)', async (password, ok) => {
    const check = await loadPasswordChecker();
    expect(check(password, []).ok).toBe(ok);
  });
});
