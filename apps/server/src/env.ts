import { resolve } from 'node:path';
import { z } from 'zod';

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
  /** Comma-separated origins allowed to call the API with credentials from another origin. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  UPLOAD_LIMIT_MB: z.coerce.number().positive().max(1024).default(20),
  /** Return the captcha answer in X-Captcha-Answer, for automated tests only. */
  CAPTCHA_TEST: flag,
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
  allowedOrigins: string[];
  uploadLimitBytes: number;
  captchaTest: boolean;
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
  /** How often expired download packages are deleted and stalled download jobs failed. */
  jobSweepMs: number;
}

/** Read and validate the environment once; a bad value stops the server with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  if (env.CAPTCHA_TEST && env.NODE_ENV === 'production') {
    throw new Error('CAPTCHA_TEST=1 exposes captcha answers and is refused when NODE_ENV=production');
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    allowedOrigins: env.ALLOWED_ORIGINS,
    uploadLimitBytes: Math.round(env.UPLOAD_LIMIT_MB * 1024 * 1024),
    captchaTest: env.CAPTCHA_TEST,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO,
    validateResponses: env.NODE_ENV !== 'production',
    publicCacheMs: env.PUBLIC_CACHE_MS,
    renderPages: env.RENDER_PAGES,
    rateLimit: { max: 10, windowMs: 60_000 },
    jobSweepMs: 10 * 60_000,
  };
}
