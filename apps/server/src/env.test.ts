import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, uploadLimitBytes: 20 * 1024 * 1024, captchaTest: false, passwordCost: 'standard' });
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  it('refuses CAPTCHA_TEST in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST: '1' })).toThrow(/CAPTCHA_TEST/);
  });

  it('lowers the password hashing cost for tests only, never in production', () => {
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_TEST: '1' }).passwordCost).toBe('test');
    expect(loadConfig({ NODE_ENV: 'production' }).passwordCost).toBe('standard');
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_TEST: '1' })).toThrow(/PASSWORD_HASH_TEST/);
    expect(() => loadConfig({ PASSWORD_HASH_TEST: '1' })).toThrow(/NODE_ENV=test/);
  });

  it('names a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('reads the operations settings, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      database: { poolMax: 4, ssl: undefined },
      metricsPort: undefined,
      shutdownTimeoutMs: 10_000,
      loadShedding: { maxEventLoopDelayMs: 1000, maxHeapUsedBytes: 0, maxRssBytes: 0 },
    });
    const set = loadConfig({ DATABASE_POOL_MAX: '25', DATABASE_SSL: 'verify-full', METRICS_PORT: '9091', SHUTDOWN_TIMEOUT_MS: '30000', MAX_EVENT_LOOP_DELAY_MS: '0', MAX_HEAP_USED_MB: '512', MAX_RSS_MB: '1024' });
    expect(set).toMatchObject({
      database: { poolMax: 25, ssl: 'verify-full' },
      metricsPort: 9091,
      shutdownTimeoutMs: 30_000,
      loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 512 * 1024 * 1024, maxRssBytes: 1024 * 1024 * 1024 },
    });
    // Empty, as compose files leave them: the defaults.
    expect(loadConfig({ METRICS_PORT: '', DATABASE_SSL: '' })).toMatchObject({ metricsPort: undefined, database: { ssl: undefined } });
  });

  it('names a bad operations setting', () => {
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_SSL: 'prefer' })).toThrow(/DATABASE_SSL must be disable, require or verify-full/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ MAX_EVENT_LOOP_DELAY_MS: 'fast' })).toThrow(/MAX_EVENT_LOOP_DELAY_MS/);
    expect(() => loadConfig({ MAX_RSS_MB: '1.5' })).toThrow(/MAX_RSS_MB/);
  });

  it('picks local disk without S3_BUCKET, the bucket with it', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(
      loadConfig({ S3_BUCKET: 'flagship-1250000000', S3_ENDPOINT: 'https://cos.ap-guangzhou.myqcloud.com', S3_REGION: 'ap-guangzhou', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).storage,
    ).toEqual({ kind: 's3', bucket: 'flagship-1250000000', endpoint: 'https://cos.ap-guangzhou.myqcloud.com', region: 'ap-guangzhou', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: false });
    expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1' }).storage).toMatchObject({ region: 'us-east-1', forcePathStyle: true, accessKeyId: undefined });
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://s3.example/bucket' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it('reads allowed origins as a list', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
