import { z } from 'zod';
import { isValidCreditCode } from '../forms/checks';
import { enterpriseAuthStatusSchema } from './auth';
import { dateSchema, dateTimeSchema, htmlSchema, idSchema, keywordSchema, pageQuery } from './common';

export const enterpriseSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string(),
  type: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
  logo: z.string().nullable(),
});
/** A public library entry: public fields only. */
export const enterpriseSchema = enterpriseSummarySchema.extend({
  legalRepresentative: z.string(),
  address: z.string(),
  introduction: htmlSchema,
  establishedOn: dateSchema.nullable(),
});
export type EnterpriseSummary = z.infer<typeof enterpriseSummarySchema>;
export type Enterprise = z.infer<typeof enterpriseSchema>;

export const enterpriseListQuery = pageQuery.extend({
  keyword: keywordSchema.optional(),
  categoryId: idSchema.optional(),
  regionId: idSchema.optional(),
});

export const AUTHENTICATION_CODES = ['unauth', 'authing', 'success', 'fail'] as const;
export const authenticationCodeSchema = z.enum(AUTHENTICATION_CODES);
export type AuthenticationCode = z.infer<typeof authenticationCodeSchema>;

export const authenticationStatusSchema = z.object({
  code: authenticationCodeSchema,
  status: enterpriseAuthStatusSchema.nullable(),
  /** Why the last authentication was not passed. */
  reason: z.string().nullable(),
});

export const ENTERPRISE_TYPES = ['有限责任公司', '股份有限公司', '个人独资企业', '合伙企业', '民办非企业单位', '事业单位', '社会团体', '其他'] as const;

const text = (max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `不能超过 ${max} 个字`);

export const submitAuthenticationBody = z.object({
  enterpriseName: text(100, '请输入企业名称'),
  creditCode: z
    .string({ error: '请输入统一社会信用代码' })
    .trim()
    .toUpperCase()
    .length(18, '统一社会信用代码应为 18 位')
    .refine(isValidCreditCode, '统一社会信用代码校验位不正确'),
  type: z.enum(ENTERPRISE_TYPES, { error: '请选择企业类型' }),
  legalRepresentative: text(50, '请输入法定代表人'),
  regionId: idSchema,
  address: text(200, '请输入详细地址'),
  contactName: text(50, '请输入联系人'),
  contactPhone: z
    .string({ error: '请输入联系电话' })
    .trim()
    .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, '请输入手机号码或固定电话'),
  /** Upload ids of the business licence images (1–5). */
  licenseFiles: z.array(idSchema, { error: '请上传营业执照' }).min(1, '请上传营业执照').max(5, '最多上传 5 个文件'),
  introduction: z.string().max(20_000, '不能超过 20000 个字符').default(''),
});
export type SubmitAuthenticationInput = z.input<typeof submitAuthenticationBody>;

export const enterpriseAuthenticationSchema = z.object({
  id: z.number().int(),
  enterpriseName: z.string(),
  creditCode: z.string(),
  type: z.string(),
  legalRepresentative: z.string(),
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
  address: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  licenseFiles: z.array(z.number().int()),
  introduction: htmlSchema,
  status: enterpriseAuthStatusSchema,
  reason: z.string().nullable(),
  createdAt: dateTimeSchema,
  reviewedAt: dateTimeSchema.nullable(),
});
export type EnterpriseAuthentication = z.infer<typeof enterpriseAuthenticationSchema>;
