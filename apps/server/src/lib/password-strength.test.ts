import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from './password-strength';

describe('checkPasswordStrength', () => {
  it.each(['Password123!', 'Qwer1234!', 'password1', 'woaini1314', '12345678', 'P@ssw0rd2024'])('refuses %s', (password) => {
    const strength = checkPasswordStrength(password);
    expect(strength.ok).toBe(false);
    expect(strength.label).toBe('弱');
    expect(strength.hints.join()).toMatch(/[\u4e00-\u9fff]/);
  });

  it.each(['Orchid-Lantern-58', 'k7#Lp9!vQ2xR', 'correct horse battery staple'])('accepts %s', (password) => {
    expect(checkPasswordStrength(password).ok).toBe(true);
  });

  it('counts what is known of the owner against the password', () => {
    expect(checkPasswordStrength('liuxiaoming2025').ok).toBe(true);
    const own = checkPasswordStrength('liuxiaoming2025', ['liuxiaoming@example.org']);
    expect(own.ok).toBe(false);
    expect(own.hints[0]).toBe('不要包含账号、姓名或邮箱等个人信息');
  });

  it('labels the score 弱, 一般 or 强', () => {
    expect(checkPasswordStrength('Tz9!mq4Wv').label).toBe('一般');
    expect(checkPasswordStrength('correct horse battery staple').label).toBe('强');
  });
});
