import { resolve } from 'node:path';
import { z } from 'zod';
import type { PasswordCost } from './db/password';
import type { S3Settings } from './lib/storage-s3';

/**
 * PostgreSQL connections per process. A Node process runs on one thread: four connections carry
 * all it can send, since postgres.js pipelines further queries onto busy connections, one socket
 * write for several. More connections only mean more database backends for the same work: each
 * statement sent alone wakes a backend of its own (docs/decisions.md, "Four connections per process").
 */
export const DEFAULT_POOL_MAX = 4;

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must be a postgres:// URL'),
  SMTP_URL: z.string().optional().transform((v) => v || undefined),
  MAIL_FROM: z.string().default('Flagship <no-reply@flagship.local>'),
  /** The console's public address, for links in messages (experts' invitations and reminders). */
  CONSOLE_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), 'CONSOLE_URL must be an http(s):// URL'),
  /** Comma-separated origins allowed to call the API with credentials from another origin. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  UPLOAD_LIMIT_MB: z.coerce.number().positive().max(1024).default(20),
  /** Bytes of uploads an applicant may keep, in MB (0: no quota). */
  UPLOAD_QUOTA_MB: z.coerce.number().min(0).max(1_048_576).default(500),
  /** The same for each staff member (0, the default: no quota). */
  STAFF_UPLOAD_QUOTA_MB: z.coerce.number().min(0).max(1_048_576).default(0),
  /** Uploads per account (applicant or staff) within UPLOAD_RATE_WINDOW_MINUTES: files and MB (0: not counted). */
  UPLOAD_RATE_FILES: z.coerce.number().int().min(0).max(100_000).default(60),
  UPLOAD_RATE_MB: z.coerce.number().min(0).max(1_048_576).default(200),
  UPLOAD_RATE_WINDOW_MINUTES: z.coerce.number().positive().max(1440).default(10),
  /** Uploads nothing refers to are deleted once they are this old. */
  ORPHAN_UPLOAD_GRACE_HOURS: z.coerce.number().positive().max(8760).default(24),
  /** Return the captcha answer in X-Captcha-Answer, for automated tests only. */
  CAPTCHA_TEST: flag,
  /** Hash passwords at a test suite's cost (scrypt N=2^11, not 2^17), for automated tests only. */
  PASSWORD_HASH_TEST: flag,
  /** clamd's Unix socket path or host:port: every upload is scanned before it is accepted. */
  CLAMD_ADDRESS: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || v.startsWith('/') || /^[^/:]+:\d{1,5}$/.test(v), 'CLAMD_ADDRESS must be a socket path (/…) or host:port'),
  /** Behind a load balancer: trust X-Forwarded-* from it. */
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long anonymous answers of public lists and details are reused (0 turns it off). */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Render the portal's public pages on the server (0: the browser renders every page). */
  RENDER_PAGES: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** Connections in the PostgreSQL pool of each process. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_MAX),
  /** Named (prepared) statements on PostgreSQL; 0 behind a pooler that cannot keep them (PgBouncer in transaction mode before 1.21). */
  DATABASE_PREPARE: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** TLS to PostgreSQL: unset follows the URL's sslmode (none when it has none). */
  DATABASE_SSL: z
    .enum(['disable', 'require', 'verify-full', ''], { message: 'DATABASE_SSL must be disable, require or verify-full' })
    .optional()
    .transform((v) => v || undefined),
  /** Serve Prometheus metrics on this port (unset: no metrics listener). */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65_535).optional()),
  /** After SIGTERM, how long in-flight requests and jobs may take before the process exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Load shedding: answer 503 while the event loop lags more than this (0 turns it off). */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Load shedding on memory: heap used / resident set above these (unset or 0: not checked). */
  MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_048_576).default(0),
  MAX_RSS_MB: z.coerce.number().int().min(0).max(1_048_576).default(0),
  /** S3-compatible object storage for uploads and packages (unset: local disk under DATA_DIR/uploads). */
  S3_BUCKET: z.string().optional().transform((v) => v || undefined),
  /** e.g. http://127.0.0.1:9000 (MinIO), https://oss-cn-hangzhou.aliyuncs.com, https://cos.ap-guangzhou.myqcloud.com; unset: AWS S3. */
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v), 'S3_ENDPOINT must be an http(s):// address without a path'),
  S3_REGION: z.string().optional().transform((v) => v || 'us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional().transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z.string().optional().transform((v) => v || undefined),
  /** Address the bucket as endpoint/bucket (MinIO, s3rver) rather than bucket.endpoint (OSS, COS). */
  S3_FORCE_PATH_STYLE: flag,
  /** Background jobs of one kind run at once in each process. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Seed demo content into an empty database. */
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The console's public address without a trailing slash, e.g. `https://example.org/console`. */
  consoleUrl: string;
  allowedOrigins: string[];
  uploadLimitBytes: number;
  /** Bytes of uploads one account may keep; null: no quota. Counted in the database. */
  uploadQuota: { userBytes: number | null; staffBytes: number | null };
  /** Uploads one account may make within `windowMs`, in files and bytes; null: not counted. */
  uploadRate: { maxFiles: number | null; maxBytes: number | null; windowMs: number };
  /** How old an upload nothing refers to must be before the sweep deletes it. */
  orphanUploadGraceMs: number;
  /** Where ClamAV's daemon listens; undefined: uploads are not scanned (the console and health say so). */
  clamdAddress: string | undefined;
  captchaTest: boolean;
  /** scrypt's cost for new password hashes (db/password.ts); 'test' only under NODE_ENV=test. */
  passwordCost: PasswordCost;
  trustProxy: boolean;
  logLevel: string;
  seedDemo: boolean;
  /** Check every answer against its declared schema (off in production: the SDK checks too). */
  validateResponses: boolean;
  publicCacheMs: number;
  /** Render the portal's public pages on the server when its rendering bundle is built. */
  renderPages: boolean;
  /** Requests allowed per minute and client on the rate-limited endpoints. */
  rateLimit: { max: number; windowMs: number };
  /** Background jobs of one kind at once in this process (pg-boss or the in-process queue). */
  jobConcurrency: number;
  /** Where uploads and packages are stored: `DATA_DIR/uploads`, or a bucket when S3_BUCKET is set. */
  storage: { kind: 'disk' } | S3Settings;
  /** PostgreSQL pool size and TLS (undefined: as the URL's sslmode says). */
  database: { poolMax: number; ssl: DatabaseSsl | undefined; prepare: boolean };
  /** Port of the separate Prometheus listener; undefined: none. */
  metricsPort: number | undefined;
  /** Longest graceful shutdown before the process gives up and exits 1. */
  shutdownTimeoutMs: number;
  /** When to answer 503 instead of working (0 turns a check off); how often they are sampled. */
  loadShedding: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; maxRssBytes: number; retryAfterSeconds: number; sampleIntervalMs: number };
}

const megabytesOrNone = (mb: number) => (mb > 0 ? Math.round(mb * 1024 * 1024) : null);

export type DatabaseSsl = 'disable' | 'require' | 'verify-full';

/** Read and validate the environment once; a bad value stops the server with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  if (env.CAPTCHA_TEST && env.NODE_ENV === 'production') {
    throw new Error('CAPTCHA_TEST=1 exposes captcha answers and is refused when NODE_ENV=production');
  }
  // Allowed under test only: NODE_ENV defaults to development, which a real install may leave unset.
  if (env.PASSWORD_HASH_TEST && env.NODE_ENV !== 'test') {
    throw new Error('PASSWORD_HASH_TEST=1 makes password hashes cheap to guess and is refused unless NODE_ENV=test');
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    consoleUrl: (env.CONSOLE_URL ?? `http://localhost:${env.PORT}/console`).replace(/\/+$/, ''),
    allowedOrigins: env.ALLOWED_ORIGINS,
    uploadLimitBytes: Math.round(env.UPLOAD_LIMIT_MB * 1024 * 1024),
    uploadQuota: { userBytes: megabytesOrNone(env.UPLOAD_QUOTA_MB), staffBytes: megabytesOrNone(env.STAFF_UPLOAD_QUOTA_MB) },
    uploadRate: {
      maxFiles: env.UPLOAD_RATE_FILES || null,
      maxBytes: megabytesOrNone(env.UPLOAD_RATE_MB),
      windowMs: Math.round(env.UPLOAD_RATE_WINDOW_MINUTES * 60_000),
    },
    orphanUploadGraceMs: Math.round(env.ORPHAN_UPLOAD_GRACE_HOURS * 3600_000),
    clamdAddress: env.CLAMD_ADDRESS,
    captchaTest: env.CAPTCHA_TEST,
    passwordCost: env.PASSWORD_HASH_TEST ? 'test' : 'standard',
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO,
    validateResponses: env.NODE_ENV !== 'production',
    publicCacheMs: env.PUBLIC_CACHE_MS,
    renderPages: env.RENDER_PAGES,
    rateLimit: { max: 10, windowMs: 60_000 },
    jobConcurrency: env.JOB_CONCURRENCY,
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'disk' },
    database: { poolMax: env.DATABASE_POOL_MAX, ssl: env.DATABASE_SSL, prepare: env.DATABASE_PREPARE },
    metricsPort: env.METRICS_PORT,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    loadShedding: {
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: env.MAX_HEAP_USED_MB * 1024 * 1024,
      maxRssBytes: env.MAX_RSS_MB * 1024 * 1024,
      retryAfterSeconds: 10,
      sampleIntervalMs: 1000,
    },
  };
}
