import { z } from 'zod';
import { secondStepSchema } from './two-factor';

export const ENTERPRISE_AUTH_STATUS = { AUTHING: 0, SUCCESS: 1, FAIL: 2 } as const;
/** 0 under authentication, 1 authenticated, 2 not passed; null when never submitted. */
export const enterpriseAuthStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type EnterpriseAuthStatus = z.infer<typeof enterpriseAuthStatusSchema>;

/** Badge text and style of each status. */
export const ENTERPRISE_AUTH_STATUS_LABELS: Record<EnterpriseAuthStatus, { text: string; tone: 'danger' | 'success' }> = {
  0: { text: '认证中', tone: 'danger' },
  1: { text: '已认证', tone: 'success' },
  2: { text: '未通过', tone: 'danger' },
};

const MOBILE = /^1[3-9]\d{9}$/;

/** An account is a mainland mobile number or an e-mail address. */
export const accountSchema = z
  .string({ error: '请输入账号' })
  .trim()
  .toLowerCase()
  .min(1, '请输入账号')
  .max(100, '不能超过 100 个字符')
  .refine((v) => MOBILE.test(v) || z.email().safeParse(v).success, '请输入手机号码或电子邮箱');

/** New passwords: 8–64 characters (the server also refuses common passwords). */
export const newPasswordSchema = z
  .string({ error: '请输入密码' })
  .min(8, '长度至少 8 位')
  .max(64, '长度不能超过 64 位');

const passwordSchema = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '长度不能超过 128 位');
/**
 * The captcha field takes either the image's characters (GET /api/verify, the fallback for SDK
 * clients) or a solved proof-of-work challenge (GET /api/challenge): the base64 payload the
 * `altcha` widget produces.
 */
export const captchaSchema = z.string({ error: '请完成人机验证' }).trim().min(1, '请完成人机验证').max(4000, '人机验证结果过长');

/** A proof-of-work challenge (altcha v2): find the counter whose derived key starts with keyPrefix. */
export const powChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
export type PowChallenge = z.infer<typeof powChallengeSchema>;

export const loginBody = z.object({ account: accountSchema, password: passwordSchema, captcha: captchaSchema });
export const registerBody = z.object({ account: accountSchema, password: newPasswordSchema, captcha: captchaSchema });

/** What login returns and the client keeps in its user-info cookie. */
export const userInfoSchema = z.object({
  token: z.string(),
  id: z.number().int(),
  account: z.string(),
  enterprise_authentication_status: enterpriseAuthStatusSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * What an applicant's login returns: a session, or (two-factor sign-in on) `secondStep` with a
 * challenge for `auth.loginSecondStep`, the same shape as staff login. Tell them apart with `'token' in result`.
 */
export const userLoginResultSchema = z.union([userInfoSchema, secondStepSchema]);
export type UserLoginResult = z.infer<typeof userLoginResultSchema>;

export const registerResultSchema = z.object({ id: z.number().int(), account: z.string() });

export const editPasswordBody = z.object({ oldPassword: passwordSchema, password: newPasswordSchema });

export const sendCodeQuery = z.object({ account: accountSchema });
export const sendCodeResultSchema = z.object({
  /** Seconds before another code may be requested. */
  cooldown: z.number().int(),
  /** Minutes the code stays valid. */
  expiresIn: z.number().int(),
});

export const findPasswordBody = z.object({
  account: accountSchema,
  code: z.string({ error: '请输入验证码' }).trim().regex(/^\d{6}$/, '验证码为 6 位数字'),
  password: newPasswordSchema,
});

export const accessPasswordBody = z.object({
  password: z.string({ error: '请输入访问密码' }).min(1, '请输入访问密码').max(128, '长度不能超过 128 位'),
});
