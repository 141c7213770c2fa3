import { z } from 'zod';
import { formFieldsSchema } from '../forms/definition';
import { isValidCreditCode } from '../forms/checks';
import { captchaSchema } from './auth';
import { uploadSchema } from './files';
import { dateSchema, dateTimeSchema, htmlSchema, idSchema, keywordSchema, pageQuery, queryArray } from './common';
import { attachmentSchema, categoryKindSchema, expertSchema, policySchema, settingsSchema } from './content';
import { enterpriseAuthenticationSchema, enterpriseSchema, ENTERPRISE_TYPES } from './enterprise';
import { secondStepSchema } from './two-factor';
import { applySchema, applyStatusSchema, applySummarySchema, formSchema, projectStatusSchema, projectSummarySchema } from './project';
import { eligibilityQuestionsSchema } from './eligibility';

// The staff console's contract (/api/console/*). Staff sessions are apart from
// applicant sessions; the token travels in the same authKey header.

/** `expert`: an expert of the library invited to review; sees only the expert workspace. */
export const STAFF_ROLES = ['admin', 'reviewer', 'expert'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: '管理员', reviewer: '审核员', expert: '评审专家' };

// PostgreSQL text and jsonb cannot hold U+0000: refuse it here rather than fail in the database.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is refused
const NO_NUL = /^[^\u0000]*$/;
const NUL_MESSAGE = '不能包含空字符';
export const requiredText = (max: number, missing: string) => z.string({ error: missing }).trim().min(1, missing).max(max, `不能超过 ${max} 个字`).regex(NO_NUL, NUL_MESSAGE);
const text = requiredText;
export const optionalText = (max: number) => z.string({ error: '应为文字' }).trim().max(max, `不能超过 ${max} 个字`).regex(NO_NUL, NUL_MESSAGE);
const richText = z.string({ error: '应为文字' }).max(200_000, '内容过长（不能超过 200000 个字符）').regex(NO_NUL, NUL_MESSAGE);
const sortSchema = z.number({ error: '排序应为数字' }).int('排序应为整数').min(-1_000_000, '排序超出范围').max(1_000_000, '排序超出范围');
const nullableId = idSchema.nullable();

/** An http(s) URL or a path on this site (e.g. `/api/file/12`). */
const linkUrl = z
  .string({ error: '请输入链接地址' })
  .trim()
  .max(500, '链接地址过长')
  .regex(NO_NUL, NUL_MESSAGE)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), '链接应以 http://、https:// 或 / 开头');

/** An image: an upload id or its `/api/file/{id}` (the server stores the URL and makes the upload public); other sites' images are refused. */
export const imageRefSchema = z.union([idSchema, linkUrl], { error: '图片应为上传文件编号或链接地址' });

// ---------------------------------------------------------------------------------------------
// Session and staff.

export const staffAccountSchema = z
  .string({ error: '请输入账号' })
  .trim()
  .toLowerCase()
  .min(1, '请输入账号')
  .max(50, '不能超过 50 个字符')
  .regex(/^[a-z0-9][a-z0-9_.@-]*$/, '只能包含字母、数字和 _ . @ -');

export const staffLoginBody = z.object({
  account: staffAccountSchema,
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '长度不能超过 128 位'),
  captcha: captchaSchema,
});

export const staffSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  createdAt: dateTimeSchema,
});
export type Staff = z.infer<typeof staffSchema>;

/** A staff session opened; keep it with `session.set({ ...info, enterprise_authentication_status: null })`. */
export const staffSessionResultSchema = z.object({
  token: z.string(),
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** Two-factor sign-in is required and not set up: the session may only enrol (console.twoFactor*). */
  enrolmentOnly: z.boolean().optional(),
});
export type StaffSessionResult = z.infer<typeof staffSessionResultSchema>;

/**
 * What staff login returns: a session, or (two-factor sign-in on) `secondStep` with a challenge
 * for `console.loginSecondStep`. Tell them apart with `'token' in result`.
 */
export const staffLoginResultSchema = z.union([staffSessionResultSchema, secondStepSchema]);
export type StaffLoginResult = z.infer<typeof staffLoginResultSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log.

export const ACTOR_KINDS = ['staff', 'user', 'system'] as const;
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorKind: z.enum(ACTOR_KINDS),
  actorId: z.number().int().nullable(),
  /** The staff or applicant account, when known. */
  actorAccount: z.string().nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: dateTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = pageQuery.extend({
  /** A staff or applicant account (exact). */
  actor: optionalText(100).optional(),
  actorKind: z.enum(ACTOR_KINDS, { error: '操作人类型不正确' }).optional(),
  /** e.g. `project.update`; a prefix ending in `.` (e.g. `project.`) matches the whole family. */
  action: optionalText(100).optional(),
  objectType: optionalText(50).optional(),
  objectId: optionalText(50).optional(),
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
  /** Searched in the action, object id and detail. */
  keyword: keywordSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Calls (projects) and forms.

export const consoleFormSchema = formSchema.extend({
  sort: z.number().int(),
  /** Applications ever submitted to this form (their fields cannot be dropped or change kind). */
  submittedCount: z.number().int(),
  updatedAt: dateTimeSchema,
});
export type ConsoleForm = z.infer<typeof consoleFormSchema>;

export const consoleProjectSummarySchema = projectSummarySchema.extend({
  published: z.boolean(),
  formCount: z.number().int(),
  /** Applications that are not drafts or withdrawn. */
  applyCount: z.number().int(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type ConsoleProjectSummary = z.infer<typeof consoleProjectSummarySchema>;

export const consoleProjectSchema = consoleProjectSummarySchema.extend({
  guide: htmlSchema,
  declaration: z.string().default(''),
  attachments: z.array(attachmentSchema),
  eligibility: eligibilityQuestionsSchema,
  forms: z.array(consoleFormSchema),
});
export type ConsoleProject = z.infer<typeof consoleProjectSchema>;

export const consoleProjectListQuery = pageQuery.extend({
  keyword: keywordSchema.optional(),
  categoryId: idSchema.optional(),
  regionId: idSchema.optional(),
  status: projectStatusSchema.optional(),
  /** `true` / `false`; omit for both. */
  published: z.enum(['true', 'false'], { error: '应为 true 或 false' }).transform((v) => v === 'true').optional(),
});

export const attachmentInput = z.object({
  name: text(200, '请输入附件名称'),
  url: linkUrl,
  size: z.number({ error: '附件大小应为数字' }).int().min(0).max(10 * 1024 ** 3).default(0),
});

/** Create or replace a call (PUT sends the whole call). */
export const projectBody = z
  .object({
    title: text(100, '请输入标题'),
    categoryId: nullableId.default(null),
    regionId: nullableId.default(null),
    cover: imageRefSchema.nullable().default(null),
    summary: optionalText(500).default(''),
    guide: richText.default(''),
    attachments: z.array(attachmentInput, { error: '附件应为列表' }).max(20, '最多 20 个附件').default([]),
    budget: z.number({ error: '预算应为数字' }).min(0, '不能小于 0').max(1e12, '金额过大').default(0),
    budgetNote: optionalText(500).default(''),
    /** Plain text the applicant agrees to before submitting; '' for the default one. */
    declaration: optionalText(2000).default(''),
    applyStart: dateTimeSchema,
    applyEnd: dateTimeSchema,
    eligibility: eligibilityQuestionsSchema.default([]),
  })
  .refine((b) => new Date(b.applyStart) <= new Date(b.applyEnd), { message: '截止时间不能早于开始时间', path: ['applyEnd'] });
export type ProjectInput = z.input<typeof projectBody>;

export const publishBody = z.object({ published: z.boolean({ error: '请指定是否发布' }) });

export const consoleFormParams = z.object({ projectId: idSchema, formId: idSchema });

export const formBody = z.object({
  title: text(100, '请输入标题'),
  description: optionalText(2000).default(''),
  fields: formFieldsSchema.refine((fields) => !JSON.stringify(fields).includes('\\u0000'), NUL_MESSAGE),
  /** The version last read (optional): a stale one is refused with 409. */
  version: z.number().int().min(1).optional(),
});
export type FormInput = z.input<typeof formBody>;

export const reorderBody = z.object({
  /** Every form id of the call, in the new order. */
  formIds: z.array(idSchema, { error: '请提供表单顺序' }).min(1, '请提供表单顺序').max(100),
});

// ---------------------------------------------------------------------------------------------
// Notices.

export const consolePolicySchema = policySchema.extend({
  /** Null while a draft; a future time schedules publication. */
  publishedAt: dateTimeSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type ConsolePolicy = z.infer<typeof consolePolicySchema>;
export const consolePolicySummarySchema = consolePolicySchema.omit({ content: true, attachments: true });

export const consolePolicyListQuery = pageQuery.extend({
  keyword: keywordSchema.optional(),
  categoryId: idSchema.optional(),
  /** draft: no publish time; scheduled: in the future; published: visible now. */
  state: z.enum(['draft', 'scheduled', 'published'], { error: '状态不正确' }).optional(),
});

export const policyBody = z.object({
  title: text(200, '请输入标题'),
  categoryId: nullableId.default(null),
  summary: optionalText(500).default(''),
  content: richText.default(''),
  attachments: z.array(attachmentInput, { error: '附件应为列表' }).max(20, '最多 20 个附件').default([]),
  pinned: z.boolean({ error: '置顶应为是或否' }).default(false),
  publishedAt: dateTimeSchema.nullable().default(null),
});
export type PolicyInput = z.input<typeof policyBody>;

// ---------------------------------------------------------------------------------------------
// Experts.

export const expertAccountSchema = z.object({
  staffId: z.number().int(),
  account: z.string(),
  disabled: z.boolean(),
  /** The expert has set a password through the invitation. */
  accepted: z.boolean(),
  invitedAt: dateTimeSchema,
});
export type ExpertAccount = z.infer<typeof expertAccountSchema>;

/** An e-mail address or a mainland mobile number: the invitation goes there, and it is the login. */
export const inviteExpertBody = z.object({
  account: staffAccountSchema.refine((v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v) || /^1[3-9]\d{9}$/.test(v), '账号应为电子邮箱或手机号（邀请将发送到此处）'),
});

export const expertAccountBody = z.object({ disabled: z.boolean({ error: '停用应为是或否' }) });

/** Organisations and enterprises an expert works for or with: checked against applicants. */
export const expertInterestsSchema = z.object({
  declaredInterests: z.string(),
  interestEnterpriseIds: z.array(z.number().int()),
  interestEnterprises: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const expertInterestsBody = z.object({
  /** Free text, one organisation per line. */
  declaredInterests: optionalText(2000).default(''),
  interestEnterpriseIds: z.array(idSchema, { error: '关联企业应为编号列表' }).max(50, '最多 50 家关联企业').default([]),
});

export const consoleExpertSchema = expertSchema.extend({
  published: z.boolean(),
  sort: z.number().int(),
  /** The expert's review account, once invited. */
  account: expertAccountSchema.nullable(),
  ...expertInterestsSchema.shape,
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type ConsoleExpert = z.infer<typeof consoleExpertSchema>;
export const consoleExpertSummarySchema = consoleExpertSchema.omit({ biography: true, declaredInterests: true, interestEnterpriseIds: true, interestEnterprises: true });

export const consoleExpertListQuery = pageQuery.extend({
  keyword: keywordSchema.optional(),
  categoryId: idSchema.optional(),
  regionId: idSchema.optional(),
  published: z.enum(['true', 'false'], { error: '应为 true 或 false' }).transform((v) => v === 'true').optional(),
});

export const expertBody = z.object({
  name: text(50, '请输入专家姓名'),
  photo: imageRefSchema.nullable().default(null),
  title: z.string({ error: '职称应为文字' }).trim().max(100, '职称不能超过 100 个字').regex(NO_NUL, NUL_MESSAGE).default(''),
  organisation: optionalText(200).default(''),
  specialities: z.array(text(50, '专长不能为空'), { error: '专长应为列表' }).max(20, '最多 20 项专长').default([]),
  categoryId: nullableId.default(null),
  regionId: nullableId.default(null),
  biography: richText.default(''),
  published: z.boolean({ error: '发布应为是或否' }).default(true),
  sort: sortSchema.default(0),
  ...expertInterestsBody.shape,
});
export type ExpertInput = z.input<typeof expertBody>;

// ---------------------------------------------------------------------------------------------
// Enterprise library.

export const consoleEnterpriseSchema = enterpriseSchema.extend({
  published: z.boolean(),
  /** The authentication it came from, if any, and its applicant. */
  authenticationId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type ConsoleEnterprise = z.infer<typeof consoleEnterpriseSchema>;
export const consoleEnterpriseSummarySchema = consoleEnterpriseSchema.omit({ introduction: true });

export const consoleEnterpriseListQuery = pageQuery.extend({
  keyword: keywordSchema.optional(),
  categoryId: idSchema.optional(),
  regionId: idSchema.optional(),
  published: z.enum(['true', 'false'], { error: '应为 true 或 false' }).transform((v) => v === 'true').optional(),
});

export const enterpriseBody = z.object({
  enterpriseName: text(100, '请输入企业名称'),
  creditCode: z
    .string({ error: '请输入统一社会信用代码' })
    .trim()
    .toUpperCase()
    .length(18, '统一社会信用代码应为 18 位')
    .refine(isValidCreditCode, '统一社会信用代码校验位不正确'),
  type: z.enum(ENTERPRISE_TYPES, { error: '请选择企业类型' }),
  legalRepresentative: optionalText(50).default(''),
  categoryId: nullableId.default(null),
  regionId: nullableId.default(null),
  address: optionalText(200).default(''),
  introduction: richText.default(''),
  logo: imageRefSchema.nullable().default(null),
  establishedOn: dateSchema.nullable().default(null),
  published: z.boolean({ error: '发布应为是或否' }).default(true),
});
export type EnterpriseInput = z.input<typeof enterpriseBody>;

// ---------------------------------------------------------------------------------------------
// Base data: categories and regions.

export const categoryBody = z.object({
  kind: categoryKindSchema,
  name: text(50, '请输入分类名称'),
  sort: sortSchema.default(0),
});
export const categoryUpdateBody = z.object({ name: text(50, '请输入分类名称'), sort: sortSchema.default(0) });
export const consoleCategoryQuery = z.object({ kind: categoryKindSchema.optional() });

export const regionBody = z.object({
  /** Null for a province. */
  parentId: nullableId.default(null),
  name: text(50, '请输入地区名称'),
  sort: sortSchema.default(0),
});
/** Rename (name), move (parentId) or re-sort; omitted fields stay. */
export const regionUpdateBody = z.object({
  parentId: nullableId.optional(),
  name: text(50, '请输入地区名称').optional(),
  sort: sortSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Settings.

export const consoleSettingsSchema = settingsSchema.extend({
  /** Whether an access password has been set (the password itself is never returned). */
  accessPasswordSet: z.boolean(),
  /** Staff must have two-factor sign-in on (issue 16). */
  staffTwoFactorRequired: z.boolean(),
  /** Unsent drafts of closed calls are deleted this many days after the call closed; null keeps them. */
  draftRetentionDays: z.number().int().nullable(),
  /** Hours before an upload nothing refers to is deleted; null means the server's default. */
  orphanUploadGraceHours: z.number().int().nullable(),
  /** The server's default grace (ORPHAN_UPLOAD_GRACE_HOURS), to say what null means. */
  orphanUploadGraceDefaultHours: z.number(),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

export const settingsBody = z.object({
  siteTitle: text(100, '请输入站点名称'),
  about: richText.default(''),
  friendlyLinks: z
    .array(z.object({ name: text(50, '请输入链接名称'), url: linkUrl }), { error: '友情链接应为列表' })
    .max(20, '最多 20 个友情链接')
    .default([]),
  supportCredit: optionalText(200).default(''),
  copyright: optionalText(200).default(''),
  banners: z
    .array(
      z.object({
        title: text(100, '请输入横幅标题'),
        subtitle: optionalText(200).default(''),
        link: z.union([z.literal(''), linkUrl]).default(''),
        image: z.union([z.literal(''), imageRefSchema]).default(''),
      }),
      { error: '横幅应为列表' },
    )
    .max(10, '最多 10 个横幅')
    .default([]),
  accessPasswordEnabled: z.boolean({ error: '访问密码开关应为是或否' }),
  /** A new access password (8–64); omit to keep the current one. */
  accessPassword: z.string({ error: '访问密码应为文字' }).min(8, '长度至少 8 位').max(64, '长度不能超过 64 位').optional(),
  /** 工作人员必须启用两步验证; omit to keep the current choice. */
  staffTwoFactorRequired: z.boolean({ error: '工作人员必须启用两步验证：应为是或否' }).optional(),
  /** 草稿保留天数 (1–3650); null keeps drafts; omit to keep the current value. */
  draftRetentionDays: z
    .number({ error: '应为 1 到 3650 之间的整数（天）' })
    .int('应为 1 到 3650 之间的整数（天）')
    .min(1, '应为 1 到 3650 之间的整数（天）')
    .max(3650, '应为 1 到 3650 之间的整数（天）')
    .nullable()
    .optional(),
  /** 未引用文件保留小时数 (1–8760); null uses the server's default; omit to keep the current value. */
  orphanUploadGraceHours: z
    .number({ error: '应为 1 到 8760 之间的整数（小时）' })
    .int('应为 1 到 8760 之间的整数（小时）')
    .min(1, '应为 1 到 8760 之间的整数（小时）')
    .max(8760, '应为 1 到 8760 之间的整数（小时）')
    .nullable()
    .optional(),
});
export type SettingsInput = z.input<typeof settingsBody>;

// ---------------------------------------------------------------------------------------------
// Review: enterprise authentications.

/** Where review decisions are e-mailed to the applicant; null when there is no e-mail address (no e-mail is sent). */
const applicantEmail = z.string().nullable();

export const consoleAuthenticationSchema = enterpriseAuthenticationSchema.extend({
  userId: z.number().int(),
  account: z.string(),
  applicantEmail,
  reviewedBy: z.number().int().nullable(),
  reviewerAccount: z.string().nullable(),
  /** The library entry made from it, once approved. */
  enterpriseId: z.number().int().nullable(),
  licenseUploads: z.array(uploadSchema),
});
export type ConsoleAuthentication = z.infer<typeof consoleAuthenticationSchema>;
export const consoleAuthenticationSummarySchema = consoleAuthenticationSchema.omit({ introduction: true, licenseUploads: true });

export const authenticationListQuery = pageQuery.extend({
  status: z.coerce
    .number<number>({ error: '状态应为 0、1 或 2' })
    .int()
    .refine((v) => v === 0 || v === 1 || v === 2, '状态应为 0、1 或 2')
    .optional(),
  keyword: keywordSchema.optional(),
});

export const authenticationApproveBody = z.object({
  /** Category of the library entry (kind enterprise). */
  categoryId: nullableId.optional(),
});
export const authenticationRejectBody = z.object({ reason: text(500, '请填写未通过的原因') });

// ---------------------------------------------------------------------------------------------
// Review: applications.

/** Who applied and who decided, as staff see it. */
const reviewedApply = {
  userId: z.number().int(),
  account: z.string(),
  applicantName: z.string(),
  applicantEmail,
  reviewedAt: dateTimeSchema.nullable(),
  reviewerAccount: z.string().nullable(),
};

export const consoleApplySummarySchema = applySummarySchema.extend(reviewedApply);
export type ConsoleApplySummary = z.infer<typeof consoleApplySummarySchema>;

export const consoleApplyDetailSchema = z.object({
  project: projectSummarySchema,
  form: formSchema,
  apply: applySchema.extend(reviewedApply),
  /** Uploads referenced by the data; fetch them with files.get (staff may). */
  attachments: z.array(uploadSchema),
  /** Every time the applicant sent it, oldest first, each with its receipt. */
  submissions: z.array(z.object({ version: z.number().int(), submittedAt: dateTimeSchema, sha256: z.string() })),
});
export type ConsoleApplyDetail = z.infer<typeof consoleApplyDetailSchema>;

export const consoleApplyListQuery = pageQuery.extend({
  /** Omit for every application that is not a draft or withdrawn. */
  status: applyStatusSchema.optional(),
  formId: idSchema.optional(),
  /** Serial number, applicant account or name. */
  keyword: keywordSchema.optional(),
});

export const REVIEW_DECISIONS = ['reviewing', 'returned', 'approved', 'rejected'] as const;
export const reviewBody = z
  .object({
    status: z.enum(REVIEW_DECISIONS, { error: '审核结果应为 reviewing、returned、approved 或 rejected' }),
    message: z.string({ error: '审核意见应为文字' }).trim().max(2000, '不能超过 2000 个字').regex(NO_NUL, NUL_MESSAGE).default(''),
    /** The version last read (optional): a stale one is refused with 409. */
    version: z.number().int().min(1).optional(),
  })
  .refine((b) => !(b.status === 'returned' || b.status === 'rejected') || b.message.length > 0, {
    message: '退回或不通过时请填写审核意见',
    path: ['message'],
  });
export type ReviewInput = z.input<typeof reviewBody>;

/** Which applications of a call go into the spreadsheet: all sent to staff, or one form's, or one status's. */
export const consoleExportJobBody = z.object({
  formId: idSchema.optional(),
  status: applyStatusSchema.optional(),
});
export const consoleDownloadJobBody = z.object({
  ids: z.array(idSchema, { error: '请选择申报' }).min(1, '请选择申报').max(50, '一次最多选择 50 份'),
});

// Staff's files built in the background (the spreadsheet of a call, the packages of chosen
// applications): the console starts one, polls it for progress and fetches the file when done.
export const STAFF_JOB_KINDS = ['export', 'download'] as const;
export const STAFF_JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const staffJobSchema = z.object({
  name: z.string(),
  kind: z.enum(STAFF_JOB_KINDS),
  status: z.enum(STAFF_JOB_STATUSES),
  /** Rows written (export) or packages built (download), of `total`. */
  progress: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }),
  /** Why it failed, for staff to read. */
  error: z.string().nullable(),
  createdAt: dateTimeSchema,
  /** The file is deleted after this; the job answers 404 from then on. */
  expiresAt: dateTimeSchema,
  /** The name the file downloads as. */
  fileName: z.string(),
});
export type StaffJob = z.infer<typeof staffJobSchema>;
export const staffJobParams = z.object({ name: z.string({ error: '缺少任务名' }).min(1, '缺少任务名').max(64, '任务名过长') });
/** The job's file is a link the browser opens: the staff token rides along as `authkey`. */
export const staffJobFileQuery = z.object({ authkey: z.string().max(200).optional() });

export const consoleBatchPrintQuery = z.object({
  ids: queryArray(idSchema).pipe(z.array(z.number()).min(1, '请选择要打印的申报').max(50, '一次最多打印 50 份')),
});

/** Calls for the review screens' selector (reviewers cannot list calls otherwise). */
export const projectOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  year: z.number().int(),
  published: z.boolean(),
  status: projectStatusSchema,
  forms: z.array(z.object({ id: z.number().int(), title: z.string() })),
  submittedCount: z.number().int(),
});
