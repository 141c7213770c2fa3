import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, uploadLimitBytes: 20 * 1024 * 1024, captchaTest: false });
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  it('refuses CAPTCHA_TEST in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST: '1' })).toThrow(/CAPTCHA_TEST/);
  });

  it('names a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('reads allowed origins as a list', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
