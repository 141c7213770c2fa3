import { z } from 'zod';
import { enterpriseAuthStatusSchema } from './auth';
import { dateTimeSchema, idSchema } from './common';

export const userSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  /** Upload id of the avatar image. */
  avatar: z.number().int().nullable(),
  enterprise_authentication_status: enterpriseAuthStatusSchema.nullable(),
  createdAt: dateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

const optionalMobile = z
  .string()
  .trim()
  .refine((v) => v === '' || /^1[3-9]\d{9}$/.test(v), '不是有效的手机号码');
const optionalEmail = z
  .string()
  .trim()
  .max(100, '不能超过 100 个字符')
  .refine((v) => v === '' || z.email().safeParse(v).success, '不是有效的电子邮箱');

/** The editable part of a user: name, mobile, e-mail, avatar. */
export const updateUserBody = z.object({
  name: z.string().trim().max(50, '不能超过 50 个字').optional(),
  mobile: optionalMobile.optional(),
  email: optionalEmail.optional(),
  avatar: idSchema.nullable().optional(),
});
export type UpdateUserInput = z.input<typeof updateUserBody>;
