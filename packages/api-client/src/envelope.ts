import { z } from 'zod';

/** Every response body: `{ errno, errmsg, data }`; `errno === 200` is success. */
export const envelopeSchema = z.object({
  errno: z.number(),
  errmsg: z.string().catch(''),
  data: z.unknown(),
});

export interface Envelope<T = unknown> {
  errno: number;
  errmsg: string;
  data: T;
}

/** The errno catalogue. */
export const Errno = {
  OK: 200,
  INVALID_INPUT: 400,
  LOGIN_REQUIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  SESSION_INVALID: 1001,
  CAPTCHA_INVALID: 1002,
  CODE_INVALID: 1003,
  ACCESS_PASSWORD_REQUIRED: 1004,
} as const;

export type ErrnoName = keyof typeof Errno;
export type ErrnoValue = (typeof Errno)[ErrnoName];

/** Default Chinese text for each errno, used when a more precise message is not available. */
export const ERRNO_MESSAGES: Record<ErrnoValue, string> = {
  200: '成功',
  400: '输入有误',
  401: '请先登录',
  403: '没有权限',
  404: '内容不存在',
  409: '操作冲突，请刷新后重试',
  413: '文件过大',
  429: '操作过于频繁，请稍后再试',
  500: '服务器内部错误',
  503: '服务暂不可用，请稍后再试',
  1001: '登录已失效，请重新登录',
  1002: '人机验证未通过或已过期',
  1003: '验证码错误或已过期',
  1004: '请输入访问密码',
};

/** The HTTP status that mirrors an errno. */
export function httpStatusForErrno(errno: number): number {
  if (errno === Errno.SESSION_INVALID) return 401;
  if (errno === Errno.CAPTCHA_INVALID || errno === Errno.CODE_INVALID) return 400;
  if (errno === Errno.ACCESS_PASSWORD_REQUIRED) return 403;
  if (errno >= 200 && errno < 600) return errno;
  return 500;
}

/** `data` of an errno 400 envelope: every failing field path mapped to its message. */
export const validationErrorDataSchema = z.object({ fields: z.record(z.string(), z.string()) });
export type ValidationErrorData = z.infer<typeof validationErrorDataSchema>;

/** `data` of an errno 429 envelope. */
export const rateLimitErrorDataSchema = z.object({ retryAfter: z.number() });
