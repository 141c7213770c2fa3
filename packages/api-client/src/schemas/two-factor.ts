import { z } from 'zod';
import { dateTimeSchema } from './common';

// Two-factor sign-in (issue 16): TOTP (RFC 6238) with single-use recovery codes for staff, experts and
// (optionally) applicants; passkeys (WebAuthn) for staff and experts where the browser supports them.

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

/**
 * WebAuthn options for the browser (`@simplewebauthn/browser`'s optionsJSON): made by the server,
 * passed through as they are.
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

const base64url = (label: string, max: number) =>
  z.string({ error: `通行密钥应答缺少${label}` }).max(max, `通行密钥应答的${label}过长`).regex(/^[A-Za-z0-9_-]*$/, `通行密钥应答的${label}格式不正确`);

/** What the browser's authenticator answered (RegistrationResponseJSON or AuthenticationResponseJSON). */
export const passkeyCredentialSchema = z.looseObject({
  id: base64url('凭据 ID', 1400),
  rawId: base64url('凭据 ID', 1400),
  type: z.literal('public-key', { error: '通行密钥应答的类型应为 public-key' }),
  response: z.looseObject({
    clientDataJSON: base64url('客户端数据', 4000),
    attestationObject: base64url('证明数据', 20_000).optional(),
    authenticatorData: base64url('认证器数据', 4000).optional(),
    // Post-quantum ML-DSA signatures (which the server library accepts) run to about 6 200 characters.
    signature: base64url('签名', 10_000).optional(),
    userHandle: base64url('用户句柄', 200).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyCredential = z.infer<typeof passkeyCredentialSchema>;

const challengeField = z.string({ error: '登录凭据缺失，请重新登录' }).min(1, '登录凭据缺失，请重新登录').max(200, '登录凭据不正确');

/** The second step of staff sign-in: the challenge from the login answer and one proof (TOTP code, recovery code or passkey). */
export const staffLoginSecondStepBody = z
  .object({
    challenge: challengeField,
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
    passkey: passkeyCredentialSchema.optional(),
  })
  .refine((body) => [body.code, body.recoveryCode, body.passkey].filter((proof) => proof !== undefined).length === 1, {
    message: '请输入一次性验证码或恢复码，或使用通行密钥（三选一）',
    path: ['code'],
  });

/** The second step of an applicant's sign-in: the challenge and a TOTP code or a recovery code. */
export const userLoginSecondStepBody = z
  .object({
    challenge: challengeField,
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: '请输入一次性验证码或恢复码（二选一）',
    path: ['code'],
  });

/** What a login (staff or applicant) answers when the password was right and a second step is needed (no session yet). */
export const secondStepSchema = z.object({
  secondStep: z.literal('twoFactor'),
  /** A TOTP code (or a recovery code) will do. */
  totp: z.boolean(),
  /** The member has passkeys: options for `startAuthentication`, to send back as `passkey` (always null for applicants). */
  passkey: passkeyOptionsSchema.nullable(),
  /** Single-use, valid for `expiresAt`: send it to `console.loginSecondStep` (applicants: `auth.loginSecondStep`). */
  challenge: z.string(),
  expiresAt: dateTimeSchema,
  account: z.string(),
});
export type SecondStep = z.infer<typeof secondStepSchema>;

/** A registered passkey, as its owner sees it. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: dateTimeSchema,
  lastUsedAt: dateTimeSchema.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const twoFactorStatusSchema = z.object({
  /** TOTP is on. */
  enabled: z.boolean(),
  enabledAt: dateTimeSchema.nullable(),
  recoveryCodesLeft: z.number().int(),
  /** An admin requires two-factor sign-in of every staff member. */
  required: z.boolean(),
  /** Each counts as a second factor, as TOTP does. */
  passkeys: z.array(passkeySchema),
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

/** An applicant confirms with the code and the password again: an open session alone must not enrol another's phone. */
export const userTwoFactorConfirmBody = twoFactorConfirmBody.extend({
  password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(128, '长度不能超过 128 位'),
});

/** Shown once; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** An applicant's two-factor state (TOTP only). */
export const userTwoFactorStatusSchema = twoFactorStatusSchema.pick({ enabled: true, enabledAt: true, recoveryCodesLeft: true });
export type UserTwoFactorStatus = z.infer<typeof userTwoFactorStatusSchema>;

/** An applicant turns two-factor sign-in off with one proof: the password, a TOTP code or a recovery code. */
export const userTwoFactorDisableBody = z
  .object({
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '长度不能超过 128 位').optional(),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((body) => [body.password, body.code, body.recoveryCode].filter((proof) => proof !== undefined).length === 1, {
    message: '请输入密码、一次性验证码或恢复码（三选一）',
    path: ['password'],
  });

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

export const passkeyRegisterBody = z.object({
  name: z.string({ error: '请输入通行密钥名称' }).trim().min(1, '请输入通行密钥名称').max(40, '通行密钥名称不能超过 40 个字'),
  credential: passkeyCredentialSchema,
});

/** Prove yourself again before a sensitive action: the password, a TOTP code, or a passkey (options from `console.reauthPasskeyOptions`). */
export const reauthBody = z
  .object({
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '长度不能超过 128 位').optional(),
    code: totpCodeSchema.optional(),
    passkey: passkeyCredentialSchema.optional(),
  })
  .refine((body) => [body.password, body.code, body.passkey].filter((proof) => proof !== undefined).length === 1, {
    message: '请输入密码或一次性验证码，或使用通行密钥（三选一）',
    path: ['password'],
  });

export const reauthResultSchema = z.object({ verifiedAt: dateTimeSchema });

/** The answer's data (403) when a sensitive action needs the caller to prove themselves again. */
export const REAUTH_WINDOW_MS = 10 * 60_000;
