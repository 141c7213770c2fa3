import { z } from 'zod';
import { dateTimeSchema } from './common';

// Two-factor sign-in for staff and experts (issue 16): TOTP (RFC 6238) with single-use recovery codes.

/** A code from the authenticator app: six digits (spaces allowed, as apps show them). */
export const totpCodeSchema = z
  .string({ error: '请输入一次性验证码' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, '一次性验证码应为 6 位数字'));

/** A recovery code as shown at enrolment (`xxxxx-xxxxx`); case and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: '请输入恢复码' })
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, '恢复码应为 10 位字母或数字'));

export const RECOVERY_CODE_COUNT = 10;

/** The second step of sign-in: the challenge from the login answer and a TOTP code or a recovery code. */
export const staffLoginSecondStepBody = z
  .object({
    challenge: z.string({ error: '登录凭据缺失，请重新登录' }).min(1, '登录凭据缺失，请重新登录').max(200, '登录凭据不正确'),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: '请输入一次性验证码或恢复码（二选一）',
    path: ['code'],
  });

/** What the login answers when the password was right and a second step is needed (no session yet). */
export const staffSecondStepSchema = z.object({
  secondStep: z.literal('totp'),
  /** Single-use, valid for `expiresAt`: send it to `console.loginSecondStep`. */
  challenge: z.string(),
  expiresAt: dateTimeSchema,
  account: z.string(),
});
export type StaffSecondStep = z.infer<typeof staffSecondStepSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: dateTimeSchema.nullable(),
  recoveryCodesLeft: z.number().int(),
  /** An admin requires two-factor sign-in of every staff member. */
  required: z.boolean(),
  /** This session may do nothing but enrol until two-factor sign-in is on. */
  enrolmentOnly: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A new secret to add to the authenticator app; not in use until confirmed with a code. */
export const twoFactorEnrolmentSchema = z.object({
  /** Base32, for typing in by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code (an SVG data URL). */
  qrCode: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorConfirmBody = z.object({ code: totpCodeSchema });

/** Shown once; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableBody = z
  .object({
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '长度不能超过 128 位'),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: '请输入一次性验证码或恢复码（二选一）',
    path: ['code'],
  });

/** Prove yourself again before a sensitive action: the password, or a TOTP code when two-factor sign-in is on. */
export const reauthBody = z
  .object({
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '长度不能超过 128 位').optional(),
    code: totpCodeSchema.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: '请输入密码或一次性验证码（二选一）',
    path: ['password'],
  });

export const reauthResultSchema = z.object({ verifiedAt: dateTimeSchema });

/** The answer's data (403) when a sensitive action needs the caller to prove themselves again. */
export const REAUTH_WINDOW_MS = 10 * 60_000;
