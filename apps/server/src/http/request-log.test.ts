import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log';

describe('redactUrl', () => {
  it('replaces the values of credential parameters only, leaving the rest as written', () => {
    expect(redactUrl('/api/project?page=2&keyword=%E8%B6%8A%E5%89%A7')).toBe('/api/project?page=2&keyword=%E8%B6%8A%E5%89%A7');
    expect(redactUrl('/api/file/1?authkey=abc&x=1&token&code=1')).toBe('/api/file/1?authkey=[Redacted]&x=1&token&code=[Redacted]');
    expect(redactUrl('/a?%zz=1&refreshToken=t')).toBe('/a?%zz=1&refreshToken=[Redacted]');
  });
});
