import { z } from 'zod';
import { defineEndpoint, type EndpointDeclaration } from './endpoint';
import type { StaffRole } from './schemas/console';
import {
  accessPasswordBody,
  editPasswordBody,
  findPasswordBody,
  loginBody,
  powChallengeSchema,
  registerBody,
  registerResultSchema,
  sendCodeQuery,
  sendCodeResultSchema,
  userInfoSchema,
  userLoginResultSchema,
} from './schemas/auth';
import { emptyData, idParams, idSchema, paged } from './schemas/common';
import {
  auditEntrySchema,
  auditQuery,
  authenticationApproveBody,
  authenticationListQuery,
  authenticationRejectBody,
  categoryBody,
  categoryUpdateBody,
  consoleApplyDetailSchema,
  consoleApplyListQuery,
  consoleApplySummarySchema,
  consoleAuthenticationSchema,
  consoleAuthenticationSummarySchema,
  consoleBatchPrintQuery,
  consoleCategoryQuery,
  consoleDownloadJobBody,
  consoleEnterpriseListQuery,
  consoleEnterpriseSchema,
  consoleEnterpriseSummarySchema,
  consoleExpertListQuery,
  consoleExpertSchema,
  consoleExpertSummarySchema,
  consoleExportJobBody,
  consoleFormParams,
  consoleFormSchema,
  consolePolicyListQuery,
  consolePolicySchema,
  consolePolicySummarySchema,
  consoleProjectListQuery,
  consoleProjectSchema,
  consoleProjectSummarySchema,
  consoleSettingsSchema,
  enterpriseBody,
  expertBody,
  formBody,
  policyBody,
  projectBody,
  projectOptionSchema,
  publishBody,
  regionBody,
  regionUpdateBody,
  reorderBody,
  reviewBody,
  settingsBody,
  staffJobFileQuery,
  staffJobParams,
  staffJobSchema,
  staffLoginBody,
  staffLoginResultSchema,
  staffSessionResultSchema,
  staffSchema,
  expertAccountBody,
  expertAccountSchema,
  expertInterestsBody,
  inviteExpertBody,
} from './schemas/console';
import {
  acceptInvitationBody,
  applicantReviewCommentsSchema,
  assignBody,
  assignImportResultSchema,
  assignResultSchema,
  autoAssignBody,
  declarationBody,
  decisionsBody,
  decisionsResultSchema,
  myProfileSchema,
  myReviewListQuery,
  myReviewSchema,
  myReviewSummarySchema,
  rankingQuery,
  rankingSchema,
  reopenBody,
  reviewAssignmentListQuery,
  reviewAssignmentSchema,
  reviewProgressSchema,
  reviewRoundBody,
  reviewRoundSchema,
  reviewSaveBody,
} from './schemas/review';
import {
  fundedListQuery,
  fundedListSchema,
  fundedFilter,
  resultAnnouncementCreateBody,
  resultAnnouncementSchema,
  resultAnnouncementUpdateBody,
  resultNoticeQuery,
  resultNoticeSchema,
  resultWithdrawBody,
} from './schemas/results';
import {
  categoryQuery,
  categorySchema,
  expertListQuery,
  expertSchema,
  expertSummarySchema,
  healthSchema,
  policyListQuery,
  policySchema,
  policySummarySchema,
  regionSchema,
  searchQuery,
  searchResultSchema,
  settingsSchema,
} from './schemas/content';
import {
  authenticationStatusSchema,
  enterpriseAuthenticationSchema,
  enterpriseListQuery,
  enterpriseSchema,
  enterpriseSummarySchema,
  submitAuthenticationBody,
} from './schemas/enterprise';
import { dashboardSchema } from './schemas/dashboard';
import { uploadSchema } from './schemas/files';
import {
  applyBody,
  applySchema,
  applySummarySchema,
  batchPrintParams,
  batchPrintQuery,
  batchPrintResultSchema,
  deleteApplyBody,
  downloadJobSchema,
  downloadQuery,
  downloadStatusQuery,
  exportQuery,
  formDetailSchema,
  formParams,
  myApplyListQuery,
  projectListQuery,
  projectSchema,
  projectSummarySchema,
} from './schemas/project';
import { eligibilityBody, eligibilityCheckSchema } from './schemas/eligibility';
import { updateUserBody, userSchema } from './schemas/user';
import {
  accountDeletionListQuery,
  accountDeletionRefuseBody,
  accountDeletionRequestBody,
  accountDeletionSchema,
  consoleAccountDeletionSchema,
} from './schemas/account-deletion';
import {
  passkeyOptionsSchema,
  passkeyRegisterBody,
  reauthBody,
  reauthResultSchema,
  recoveryCodesSchema,
  staffLoginSecondStepBody,
  twoFactorConfirmBody,
  twoFactorDisableBody,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
  userLoginSecondStepBody,
  userTwoFactorConfirmBody,
  userTwoFactorDisableBody,
  userTwoFactorStatusSchema,
} from './schemas/two-factor';

/** Staff run the site: their console answers whether or not the site is open to visitors. */
function consoleEndpoint<const T extends EndpointDeclaration>(declaration: T): T & { passesSiteGate: true } {
  return defineEndpoint({ ...declaration, passesSiteGate: true });
}

/** Every call of the portal and the console, declared once; the SDK and the server are built from these. */
export const endpoints = {
  auth: {
    captcha: defineEndpoint({
      method: 'GET', path: '/api/verify', summary: '图形验证码图片', auth: 'public', response: 'blob', rateLimited: true, passesSiteGate: true,
      data: z.instanceof(Blob),
    }),
    register: defineEndpoint({
      method: 'POST', path: '/api/login/register', summary: '注册', auth: 'public', response: 'json', rateLimited: true,
      body: registerBody, data: registerResultSchema,
    }),
    login: defineEndpoint({
      method: 'POST', path: '/api/login', summary: '登录', auth: 'public', response: 'json', rateLimited: true,
      body: loginBody, data: userLoginResultSchema,
    }),
    // Optional two-factor sign-in for applicants (issue 16): the same second step as staff login.
    loginSecondStep: defineEndpoint({
      method: 'POST', path: '/api/login/two-factor', summary: '登录第二步：一次性验证码或恢复码（已启用两步验证的账号）', auth: 'public', response: 'json', rateLimited: true,
      body: userLoginSecondStepBody, data: userInfoSchema,
    }),
    logout: defineEndpoint({
      method: 'POST', path: '/api/logout', summary: '退出登录（服务端注销会话）', auth: 'user', response: 'json',
      data: emptyData,
    }),
    editPassword: defineEndpoint({
      method: 'POST', path: '/api/user/edit_password', summary: '修改密码', auth: 'user', response: 'json',
      body: editPasswordBody, data: emptyData,
    }),
    sendCode: defineEndpoint({
      method: 'GET', path: '/api/user/send_code', summary: '发送找回密码验证码', auth: 'public', response: 'json', rateLimited: true,
      query: sendCodeQuery, data: sendCodeResultSchema,
    }),
    findPassword: defineEndpoint({
      method: 'POST', path: '/api/user/findPassword', summary: '找回密码', auth: 'public', response: 'json', rateLimited: true,
      body: findPasswordBody, data: emptyData,
    }),
    checkAccessPassword: defineEndpoint({
      method: 'POST', path: '/api/checkAccessPassword', summary: '校验站点访问密码', auth: 'public', response: 'json', rateLimited: true, passesSiteGate: true,
      body: accessPasswordBody, data: emptyData,
    }),
    // Proof-of-work captcha (issue 16): the solved payload goes in the `captcha` field of login and register.
    challenge: defineEndpoint({
      method: 'GET', path: '/api/challenge', summary: '人机验证（工作量证明）题目', auth: 'public', response: 'json', rateLimited: true, passesSiteGate: true,
      data: powChallengeSchema,
    }),
  },
  user: {
    get: defineEndpoint({
      method: 'GET', path: '/api/user/{id}', summary: '用户详情（仅本人）', auth: 'user', response: 'json',
      params: idParams, data: userSchema,
    }),
    update: defineEndpoint({
      method: 'PUT', path: '/api/user/{id}', summary: '修改个人信息（仅本人）', auth: 'user', response: 'json',
      params: idParams, body: updateUserBody, data: userSchema,
    }),
    // Personal data (issue 16, PIPL): a copy of everything the platform holds about the applicant.
    personalData: defineEndpoint({
      method: 'GET', path: '/api/user/{id}/personal-data', summary: '下载本人的全部个人数据（.zip：JSON 与上传的文件，仅本人）', auth: 'user', response: 'link',
      params: idParams, query: exportQuery, data: z.instanceof(Blob),
    }),
    // Account deletion (PIPL): the applicant asks with their password; staff carry it out or refuse.
    deletionRequest: defineEndpoint({
      method: 'GET', path: '/api/user/{id}/deletion', summary: '我的注销账号申请（最近一次；从未申请为 null）', auth: 'user', response: 'json',
      params: idParams, data: accountDeletionSchema.nullable(),
    }),
    requestDeletion: defineEndpoint({
      method: 'POST', path: '/api/user/{id}/deletion', summary: '申请注销账号（需输入登录密码）', auth: 'user', response: 'json', rateLimited: true,
      params: idParams, body: accountDeletionRequestBody, data: accountDeletionSchema,
    }),
    cancelDeletion: defineEndpoint({
      method: 'DELETE', path: '/api/user/{id}/deletion', summary: '撤销待处理的注销账号申请', auth: 'user', response: 'json',
      params: idParams, data: accountDeletionSchema,
    }),
    // Optional two-factor sign-in (issue 16): TOTP with single-use recovery codes.
    twoFactorStatus: defineEndpoint({
      method: 'GET', path: '/api/user/{id}/two-factor', summary: '本人两步验证状态', auth: 'user', response: 'json',
      params: idParams, data: userTwoFactorStatusSchema,
    }),
    twoFactorStart: defineEndpoint({
      method: 'POST', path: '/api/user/{id}/two-factor/start', summary: '开始启用两步验证：生成密钥与二维码（确认前不生效）', auth: 'user', response: 'json',
      params: idParams, data: twoFactorEnrolmentSchema,
    }),
    twoFactorConfirm: defineEndpoint({
      method: 'POST', path: '/api/user/{id}/two-factor/confirm', summary: '以一次性验证码及登录密码确认启用两步验证；返回恢复码（仅显示一次）', auth: 'user', response: 'json', rateLimited: true,
      params: idParams, body: userTwoFactorConfirmBody, data: recoveryCodesSchema,
    }),
    twoFactorDisable: defineEndpoint({
      method: 'POST', path: '/api/user/{id}/two-factor/disable', summary: '停用两步验证（密码、一次性验证码或恢复码）', auth: 'user', response: 'json', rateLimited: true,
      params: idParams, body: userTwoFactorDisableBody, data: userTwoFactorStatusSchema,
    }),
    twoFactorRecoveryCodes: defineEndpoint({
      method: 'POST', path: '/api/user/{id}/two-factor/recovery-codes', summary: '重新生成恢复码（旧的全部作废；仅显示一次）', auth: 'user', response: 'json', rateLimited: true,
      params: idParams, body: twoFactorConfirmBody, data: recoveryCodesSchema,
    }),
  },
  enterprise: {
    list: defineEndpoint({
      method: 'GET', path: '/api/enterpriseLibrary', summary: '企业库列表', auth: 'public', response: 'json', publicCache: true,
      query: enterpriseListQuery, data: paged(enterpriseSummarySchema),
    }),
    detail: defineEndpoint({
      method: 'GET', path: '/api/enterpriseLibrary/{id}', summary: '企业详情', auth: 'public', response: 'json', publicCache: true,
      params: idParams, data: enterpriseSchema,
    }),
    checkAuthenticationStatus: defineEndpoint({
      method: 'POST', path: '/api/user/checkAuthenticationStatus', summary: '企业认证状态', auth: 'user', response: 'json',
      data: authenticationStatusSchema,
    }),
    getEnterpriseInfo: defineEndpoint({
      method: 'POST', path: '/api/user/getEnterpriseInfo', summary: '我最近一次提交的企业认证信息', auth: 'user', response: 'json',
      data: enterpriseAuthenticationSchema.nullable(),
    }),
    submitAuthentication: defineEndpoint({
      method: 'POST', path: '/api/user/submitAuthentication', summary: '提交企业认证', auth: 'user', response: 'json',
      body: submitAuthenticationBody, data: enterpriseAuthenticationSchema,
    }),
  },
  project: {
    list: defineEndpoint({
      method: 'GET', path: '/api/project', summary: '项目库', auth: 'public', response: 'json', publicCache: true,
      query: projectListQuery, data: paged(projectSummarySchema),
    }),
    detail: defineEndpoint({
      method: 'GET', path: '/api/project/{id}', summary: '项目详情，登录时含我在各表单的申报', auth: 'optional', response: 'json', publicCache: true,
      params: idParams, data: projectSchema,
    }),
    form: defineEndpoint({
      method: 'GET', path: '/api/project/{projectId}/form/{formId}', summary: '申报表单定义及我的申报', auth: 'user', response: 'json',
      params: formParams, data: formDetailSchema,
    }),
    myApplyList: defineEndpoint({
      method: 'GET', path: '/api/project/myApplyList', summary: '我的申报', auth: 'user', response: 'json',
      query: myApplyListQuery, data: paged(applySummarySchema),
    }),
    applyDetail: defineEndpoint({
      method: 'GET', path: '/api/project/apply/{applyId}', summary: '我的一份申报', auth: 'user', response: 'json',
      params: z.object({ applyId: idSchema }), data: applySchema,
    }),    eligibility: defineEndpoint({
      method: 'POST', path: '/api/project/{id}/eligibility', summary: '检查申报资格（回答项目的资格问题）', auth: 'user', response: 'json',
      params: idParams, body: eligibilityBody, data: eligibilityCheckSchema,
    }),
  },
  apply: {
    save: defineEndpoint({
      method: 'POST', path: '/api/project/{projectId}/form/{formId}/apply', summary: '保存草稿或提交申报', auth: 'user', response: 'json',
      params: formParams, body: applyBody, data: applySchema,
    }),
    remove: defineEndpoint({
      method: 'POST', path: '/api/project/form/{id}/deleteApply', summary: '删除（撤回）申报', auth: 'user', response: 'json',
      params: idParams, body: deleteApplyBody, data: emptyData,
    }),
    export: defineEndpoint({
      method: 'GET', path: '/api/project/{projectId}/form/{formId}/export', summary: '导出申报书（.docx）', auth: 'user', response: 'link',
      params: formParams, query: exportQuery, data: z.instanceof(Blob),
    }),
    download: defineEndpoint({
      method: 'GET', path: '/api/project/{projectId}/form/{formId}/download', summary: '打包下载申报书及附件（任务）', auth: 'user', response: 'json-or-link',
      params: formParams, query: downloadQuery, data: downloadJobSchema,
    }),
    downloadStatus: defineEndpoint({
      method: 'GET', path: '/api/project/{projectId}/form/{formId}/download/status', summary: '打包任务状态', auth: 'user', response: 'json',
      params: formParams, query: downloadStatusQuery, data: downloadJobSchema,
    }),
    reviewComments: defineEndpoint({
      method: 'GET', path: '/api/project/form/{id}/reviewComments', summary: '评审专家给申报人的意见（已作出决定且评审方案允许时；不含专家身份）', auth: 'user', response: 'json',
      params: idParams, data: applicantReviewCommentsSchema,
    }),
    batchPrint: defineEndpoint({
      method: 'GET', path: '/api/project/{projectId}/form/all/batchPrint', summary: '批量打印数据', auth: 'user', response: 'json',
      params: batchPrintParams, query: batchPrintQuery, data: batchPrintResultSchema,
    }),
  },
  content: {
    settings: defineEndpoint({
      method: 'GET', path: '/api/setting/index', summary: '站点设置', auth: 'public', response: 'json', etag: true, publicCache: true, passesSiteGate: true,
      data: settingsSchema,
    }),
    policyList: defineEndpoint({
      method: 'GET', path: '/api/policy', summary: '通知公告列表', auth: 'public', response: 'json', publicCache: true,
      query: policyListQuery, data: paged(policySummarySchema),
    }),
    policyDetail: defineEndpoint({
      method: 'GET', path: '/api/policy/{id}', summary: '通知公告详情', auth: 'public', response: 'json',
      params: idParams, data: policySchema,
    }),
    expertList: defineEndpoint({
      method: 'GET', path: '/api/expert', summary: '专家库列表', auth: 'public', response: 'json', publicCache: true,
      query: expertListQuery, data: paged(expertSummarySchema),
    }),
    expertDetail: defineEndpoint({
      method: 'GET', path: '/api/expert/{id}', summary: '专家详情', auth: 'public', response: 'json', publicCache: true,
      params: idParams, data: expertSchema,
    }),
    search: defineEndpoint({
      method: 'GET', path: '/api/search', summary: '全站搜索', auth: 'public', response: 'json', publicCache: true,
      query: searchQuery, data: searchResultSchema,
    }),
    // Results announcements (issue 14): the open list of funded projects and the calls' results notices.
    fundedList: defineEndpoint({
      method: 'GET', path: '/api/funded', summary: '立项项目公开名单（按年度、分类、地区筛选，含合计）', auth: 'public', response: 'json', publicCache: true,
      query: fundedListQuery, data: fundedListSchema,
    }),
    fundedCsv: defineEndpoint({
      method: 'GET', path: '/api/funded.csv', summary: '立项项目公开名单（.csv 下载）', auth: 'public', response: 'link',
      query: fundedFilter, data: z.instanceof(Blob),
    }),
    fundedXlsx: defineEndpoint({
      method: 'GET', path: '/api/funded.xlsx', summary: '立项项目公开名单（.xlsx 下载）', auth: 'public', response: 'link',
      query: fundedFilter, data: z.instanceof(Blob),
    }),
    resultNotices: defineEndpoint({
      method: 'GET', path: '/api/result-notices', summary: '立项公示：某项目的公示，或正在异议期内的公示', auth: 'public', response: 'json', publicCache: true,
      query: resultNoticeQuery, data: z.array(resultNoticeSchema),
    }),
  },
  base: {
    regions: defineEndpoint({
      method: 'POST', path: '/admin/regions', summary: '地区（基础数据）', auth: 'public', response: 'json', etag: true,
      data: z.array(regionSchema),
    }),
    categories: defineEndpoint({
      method: 'GET', path: '/api/category', summary: '分类', auth: 'public', response: 'json', etag: true, publicCache: true,
      query: categoryQuery, data: z.array(categorySchema),
    }),
    health: defineEndpoint({
      method: 'GET', path: '/api/health', summary: '存活与数据库就绪检查', auth: 'public', response: 'json', passesSiteGate: true,
      data: healthSchema,
    }),
  },
  files: {
    upload: defineEndpoint({
      method: 'POST', path: '/admin/upload', summary: '上传文件（multipart，字段 file）', auth: 'user-or-staff', response: 'json',
      multipart: true, data: uploadSchema,
    }),
    get: defineEndpoint({
      method: 'GET', path: '/api/file/{id}', summary: '取回上传的文件：公开文件（封面、照片）任何人可取，其余仅上传者，以及工作人员（工作人员上传的、已提交申报或企业认证用到的）', auth: 'optional', response: 'link',
      params: idParams, query: exportQuery, data: z.instanceof(Blob),
    }),
  },
  /** The staff console: staff sessions only, admins unless `roles` lets reviewers in too. */
  console: {
    login: consoleEndpoint({
      method: 'POST', path: '/api/console/login', summary: '工作人员登录', auth: 'public', response: 'json', rateLimited: true,
      body: staffLoginBody, data: staffLoginResultSchema,
    }),
    logout: consoleEndpoint({
      method: 'POST', path: '/api/console/logout', summary: '工作人员退出登录', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      data: emptyData,
    }),
    me: consoleEndpoint({
      method: 'GET', path: '/api/console/me', summary: '当前工作人员', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      data: staffSchema,
    }),
    // Two-factor sign-in (issue 16).
    loginSecondStep: consoleEndpoint({
      method: 'POST', path: '/api/console/login/two-factor', summary: '工作人员登录第二步：一次性验证码、恢复码或通行密钥', auth: 'public', response: 'json', rateLimited: true,
      body: staffLoginSecondStepBody, data: staffSessionResultSchema,
    }),
    twoFactorStatus: consoleEndpoint({
      method: 'GET', path: '/api/console/two-factor', summary: '本人两步验证状态', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      data: twoFactorStatusSchema,
    }),
    twoFactorStart: consoleEndpoint({
      method: 'POST', path: '/api/console/two-factor/start', summary: '开始启用两步验证：生成密钥与二维码（确认前不生效）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      data: twoFactorEnrolmentSchema,
    }),
    twoFactorConfirm: consoleEndpoint({
      method: 'POST', path: '/api/console/two-factor/confirm', summary: '以一次性验证码确认启用两步验证；返回恢复码（仅显示一次）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      body: twoFactorConfirmBody, data: recoveryCodesSchema,
    }),
    twoFactorDisable: consoleEndpoint({
      method: 'POST', path: '/api/console/two-factor/disable', summary: '停用两步验证（密码及一次性验证码或恢复码）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      body: twoFactorDisableBody, data: twoFactorStatusSchema,
    }),
    twoFactorRecoveryCodes: consoleEndpoint({
      method: 'POST', path: '/api/console/two-factor/recovery-codes', summary: '重新生成恢复码（旧的全部作废；仅显示一次）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      body: twoFactorConfirmBody, data: recoveryCodesSchema,
    }),
    passkeyRegisterOptions: consoleEndpoint({
      method: 'POST', path: '/api/console/passkeys/options', summary: '添加通行密钥第一步：生成注册选项（质询 5 分钟内有效，仅可使用一次）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      data: passkeyOptionsSchema,
    }),
    passkeyRegister: consoleEndpoint({
      method: 'POST', path: '/api/console/passkeys', summary: '添加通行密钥第二步：校验认证器的应答并保存', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      body: passkeyRegisterBody, data: twoFactorStatusSchema,
    }),
    passkeyDelete: consoleEndpoint({
      method: 'DELETE', path: '/api/console/passkeys/{id}', summary: '移除本人的一个通行密钥（需近期验证身份）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      params: idParams, data: twoFactorStatusSchema,
    }),
    reauthPasskeyOptions: consoleEndpoint({
      method: 'POST', path: '/api/console/reauth/passkey', summary: '以通行密钥再次验证身份的第一步：生成验证选项', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      data: passkeyOptionsSchema,
    }),
    reauth: consoleEndpoint({
      method: 'POST', path: '/api/console/reauth', summary: '敏感操作前再次验证身份（密码、已启用两步验证时的一次性验证码，或通行密钥）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer', 'expert'],
      body: reauthBody, data: reauthResultSchema,
    }),
    accountDeletionList: consoleEndpoint({
      method: 'GET', path: '/api/console/account-deletions', summary: '注销账号申请（管理员）', auth: 'staff', response: 'json', roles: ['admin'],
      query: accountDeletionListQuery, data: paged(consoleAccountDeletionSchema),
    }),
    accountDeletionCarryOut: consoleEndpoint({
      method: 'POST', path: '/api/console/account-deletions/{id}/carry-out', summary: '执行注销：匿名化申请人，删除草稿及其文件，保留已提交的申报（管理员）', auth: 'staff', response: 'json', roles: ['admin'],
      params: idParams, data: consoleAccountDeletionSchema,
    }),
    accountDeletionRefuse: consoleEndpoint({
      method: 'POST', path: '/api/console/account-deletions/{id}/refuse', summary: '不同意注销申请并说明理由（通知申请人；管理员）', auth: 'staff', response: 'json', roles: ['admin'],
      params: idParams, body: accountDeletionRefuseBody, data: consoleAccountDeletionSchema,
    }),
    auditList: consoleEndpoint({
      method: 'GET', path: '/api/console/audit', summary: '操作日志（管理员）', auth: 'staff', response: 'json',
      query: auditQuery, data: paged(auditEntrySchema),
    }),

    projectList: consoleEndpoint({
      method: 'GET', path: '/api/console/project', summary: '项目（含未发布）', auth: 'staff', response: 'json',
      query: consoleProjectListQuery, data: paged(consoleProjectSummarySchema),
    }),
    projectGet: consoleEndpoint({
      method: 'GET', path: '/api/console/project/{id}', summary: '项目详情及全部表单定义', auth: 'staff', response: 'json',
      params: idParams, data: consoleProjectSchema,
    }),
    projectCreate: consoleEndpoint({
      method: 'POST', path: '/api/console/project', summary: '新建项目（未发布）', auth: 'staff', response: 'json',
      body: projectBody, data: consoleProjectSchema,
    }),
    projectUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/project/{id}', summary: '修改项目（整体替换）', auth: 'staff', response: 'json',
      params: idParams, body: projectBody, data: consoleProjectSchema,
    }),
    projectPublish: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{id}/publish', summary: '发布或下线项目', auth: 'staff', response: 'json',
      params: idParams, body: publishBody, data: consoleProjectSchema,
    }),
    projectOptions: consoleEndpoint({
      method: 'GET', path: '/api/console/projectOptions', summary: '审核用的项目及表单列表', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      data: z.array(projectOptionSchema),
    }),
    formCreate: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/form', summary: '新建申报表单', auth: 'staff', response: 'json',
      params: z.object({ projectId: idSchema }), body: formBody, data: consoleFormSchema,
    }),
    formUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/project/{projectId}/form/{formId}', summary: '修改申报表单（已有提交时不能删除字段、改变类型或删除已被选用的选项）', auth: 'staff', response: 'json',
      params: consoleFormParams, body: formBody, data: consoleFormSchema,
    }),
    formDelete: consoleEndpoint({
      method: 'DELETE', path: '/api/console/project/{projectId}/form/{formId}', summary: '删除申报表单（无申报时）', auth: 'staff', response: 'json',
      params: consoleFormParams, data: emptyData,
    }),
    formReorder: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/form/reorder', summary: '调整表单顺序', auth: 'staff', response: 'json',
      params: z.object({ projectId: idSchema }), body: reorderBody, data: z.array(consoleFormSchema),
    }),

    policyList: consoleEndpoint({
      method: 'GET', path: '/api/console/policy', summary: '通知公告（含草稿）', auth: 'staff', response: 'json',
      query: consolePolicyListQuery, data: paged(consolePolicySummarySchema),
    }),
    policyGet: consoleEndpoint({
      method: 'GET', path: '/api/console/policy/{id}', summary: '通知公告详情', auth: 'staff', response: 'json',
      params: idParams, data: consolePolicySchema,
    }),
    policyCreate: consoleEndpoint({
      method: 'POST', path: '/api/console/policy', summary: '新建通知公告', auth: 'staff', response: 'json',
      body: policyBody, data: consolePolicySchema,
    }),
    policyUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/policy/{id}', summary: '修改通知公告', auth: 'staff', response: 'json',
      params: idParams, body: policyBody, data: consolePolicySchema,
    }),
    policyDelete: consoleEndpoint({
      method: 'DELETE', path: '/api/console/policy/{id}', summary: '删除通知公告', auth: 'staff', response: 'json',
      params: idParams, data: emptyData,
    }),

    expertList: consoleEndpoint({
      method: 'GET', path: '/api/console/expert', summary: '专家（含未发布）', auth: 'staff', response: 'json',
      query: consoleExpertListQuery, data: paged(consoleExpertSummarySchema),
    }),
    expertGet: consoleEndpoint({
      method: 'GET', path: '/api/console/expert/{id}', summary: '专家详情', auth: 'staff', response: 'json',
      params: idParams, data: consoleExpertSchema,
    }),
    expertCreate: consoleEndpoint({
      method: 'POST', path: '/api/console/expert', summary: '新建专家', auth: 'staff', response: 'json',
      body: expertBody, data: consoleExpertSchema,
    }),
    expertUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/expert/{id}', summary: '修改专家', auth: 'staff', response: 'json',
      params: idParams, body: expertBody, data: consoleExpertSchema,
    }),
    expertDelete: consoleEndpoint({
      method: 'DELETE', path: '/api/console/expert/{id}', summary: '删除专家', auth: 'staff', response: 'json',
      params: idParams, data: emptyData,
    }),

    enterpriseList: consoleEndpoint({
      method: 'GET', path: '/api/console/enterprise', summary: '企业库（含未公开）', auth: 'staff', response: 'json',
      query: consoleEnterpriseListQuery, data: paged(consoleEnterpriseSummarySchema),
    }),
    enterpriseGet: consoleEndpoint({
      method: 'GET', path: '/api/console/enterprise/{id}', summary: '企业库条目详情', auth: 'staff', response: 'json',
      params: idParams, data: consoleEnterpriseSchema,
    }),
    enterpriseCreate: consoleEndpoint({
      method: 'POST', path: '/api/console/enterprise', summary: '新建企业库条目', auth: 'staff', response: 'json',
      body: enterpriseBody, data: consoleEnterpriseSchema,
    }),
    enterpriseUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/enterprise/{id}', summary: '修改企业库条目', auth: 'staff', response: 'json',
      params: idParams, body: enterpriseBody, data: consoleEnterpriseSchema,
    }),
    enterpriseDelete: consoleEndpoint({
      method: 'DELETE', path: '/api/console/enterprise/{id}', summary: '删除企业库条目', auth: 'staff', response: 'json',
      params: idParams, data: emptyData,
    }),

    categoryList: consoleEndpoint({
      method: 'GET', path: '/api/console/category', summary: '分类', auth: 'staff', response: 'json',
      query: consoleCategoryQuery, data: z.array(categorySchema),
    }),
    categoryCreate: consoleEndpoint({
      method: 'POST', path: '/api/console/category', summary: '新建分类', auth: 'staff', response: 'json',
      body: categoryBody, data: categorySchema,
    }),
    categoryUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/category/{id}', summary: '修改分类', auth: 'staff', response: 'json',
      params: idParams, body: categoryUpdateBody, data: categorySchema,
    }),
    categoryDelete: consoleEndpoint({
      method: 'DELETE', path: '/api/console/category/{id}', summary: '删除分类（引用处置空）', auth: 'staff', response: 'json',
      params: idParams, data: emptyData,
    }),

    regionCreate: consoleEndpoint({
      method: 'POST', path: '/api/console/region', summary: '新建地区', auth: 'staff', response: 'json',
      body: regionBody, data: regionSchema,
    }),
    regionUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/region/{id}', summary: '重命名、移动或排序地区', auth: 'staff', response: 'json',
      params: idParams, body: regionUpdateBody, data: regionSchema,
    }),
    regionDelete: consoleEndpoint({
      method: 'DELETE', path: '/api/console/region/{id}', summary: '删除地区（仅末级）', auth: 'staff', response: 'json',
      params: idParams, data: emptyData,
    }),

    settingsGet: consoleEndpoint({
      method: 'GET', path: '/api/console/settings', summary: '站点设置', auth: 'staff', response: 'json',
      data: consoleSettingsSchema,
    }),
    settingsUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/settings', summary: '修改站点设置', auth: 'staff', response: 'json',
      body: settingsBody, data: consoleSettingsSchema,
    }),

    authenticationList: consoleEndpoint({
      method: 'GET', path: '/api/console/authentication', summary: '企业认证审核队列', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      query: authenticationListQuery, data: paged(consoleAuthenticationSummarySchema),
    }),
    authenticationGet: consoleEndpoint({
      method: 'GET', path: '/api/console/authentication/{id}', summary: '企业认证详情', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: idParams, data: consoleAuthenticationSchema,
    }),
    authenticationApprove: consoleEndpoint({
      method: 'POST', path: '/api/console/authentication/{id}/approve', summary: '通过企业认证（入企业库）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: idParams, body: authenticationApproveBody, data: consoleAuthenticationSchema,
    }),
    authenticationReject: consoleEndpoint({
      method: 'POST', path: '/api/console/authentication/{id}/reject', summary: '企业认证不通过', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: idParams, body: authenticationRejectBody, data: consoleAuthenticationSchema,
    }),

    applyList: consoleEndpoint({
      method: 'GET', path: '/api/console/project/{projectId}/apply', summary: '项目的申报', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), query: consoleApplyListQuery, data: paged(consoleApplySummarySchema),
    }),
    applyGet: consoleEndpoint({
      method: 'GET', path: '/api/console/apply/{applyId}', summary: '一份申报（只读）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ applyId: idSchema }), data: consoleApplyDetailSchema,
    }),
    applyReview: consoleEndpoint({
      method: 'POST', path: '/api/console/apply/{applyId}/review', summary: '审核申报：审核中、退回修改、通过、不通过', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ applyId: idSchema }), body: reviewBody, data: consoleApplySummarySchema,
    }),
    applyExportJob: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/export-jobs', summary: '导出申报汇总表（.xlsx，后台任务）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), body: consoleExportJobBody, data: staffJobSchema,
    }),
    applyDownloadJob: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/download-jobs', summary: '打包下载所选申报（.zip，后台任务）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), body: consoleDownloadJobBody, data: staffJobSchema,
    }),
    jobStatus: consoleEndpoint({
      method: 'GET', path: '/api/console/jobs/{name}', summary: '导出、打包任务的进度（仅本人的任务）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: staffJobParams, data: staffJobSchema,
    }),
    jobFile: consoleEndpoint({
      method: 'GET', path: '/api/console/jobs/{name}/file', summary: '取回已完成任务的文件（仅本人的任务）', auth: 'staff', response: 'link', roles: ['admin', 'reviewer'],
      params: staffJobParams, query: staffJobFileQuery, data: z.instanceof(Blob),
    }),
    applyBatchPrint: consoleEndpoint({
      method: 'GET', path: '/api/console/project/{projectId}/batchPrint', summary: '所选申报的批量打印数据', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), query: consoleBatchPrintQuery, data: batchPrintResultSchema,
    }),

    // Dashboard (issue 14): the console's first screen, where the round stands.
    dashboard: consoleEndpoint({
      method: 'GET', path: '/api/console/dashboard', summary: '工作台：申报、评审、认证与资金的汇总', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      data: dashboardSchema,
    }),

    // Expert review (issue 12). Staff: a call's round, assignments, progress, ranking, decisions.
    reviewRoundGet: consoleEndpoint({
      method: 'GET', path: '/api/console/project/{projectId}/review', summary: '项目的当前评审轮次（未设置时为 null）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), data: reviewRoundSchema.nullable(),
    }),
    reviewRoundSave: consoleEndpoint({
      method: 'PUT', path: '/api/console/project/{projectId}/review', summary: '设置评审方案与阶段（已有评分后只能改时间、人数、阈值与提醒）', auth: 'staff', response: 'json',
      params: z.object({ projectId: idSchema }), body: reviewRoundBody, data: reviewRoundSchema,
    }),
    reviewRoundNew: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/review/rounds', summary: '新建评审轮次（沿用当前方案，可修改）', auth: 'staff', response: 'json',
      params: z.object({ projectId: idSchema }), body: reviewRoundBody, data: reviewRoundSchema,
    }),
    reviewAssignmentList: consoleEndpoint({
      method: 'GET', path: '/api/console/project/{projectId}/review/assignments', summary: '当前轮次的评审分配', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), query: reviewAssignmentListQuery, data: paged(reviewAssignmentSchema),
    }),
    reviewAssign: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/review/assignments', summary: '分配评审：所选申报 × 所选专家（跳过已分配与利益冲突）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), body: assignBody, data: assignResultSchema,
    }),
    reviewAutoAssign: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/review/auto-assign', summary: '自动分配：按分类与专长匹配、负载均衡、避开利益冲突', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), body: autoAssignBody, data: assignResultSchema,
    }),
    reviewUnassign: consoleEndpoint({
      method: 'DELETE', path: '/api/console/review/assignment/{id}', summary: '取消分配（尚未评分时）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: idParams, data: emptyData,
    }),
    reviewReopen: consoleEndpoint({
      method: 'POST', path: '/api/console/review/assignment/{id}/reopen', summary: '重新开放已提交的评审（须填写原因，记入日志）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: idParams, body: reopenBody, data: reviewAssignmentSchema,
    }),
    reviewProgress: consoleEndpoint({
      method: 'GET', path: '/api/console/project/{projectId}/review/progress', summary: '各专家的评审进度', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), data: reviewProgressSchema,
    }),
    reviewRanking: consoleEndpoint({
      method: 'GET', path: '/api/console/project/{projectId}/review/ranking', summary: '评审排名：平均分、中位数、去掉最高最低分后的平均分、极差与分歧标记', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), query: rankingQuery, data: rankingSchema,
    }),
    reviewDecisions: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/review/decisions', summary: '按评审结果批量通过或不通过', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), body: decisionsBody, data: decisionsResultSchema,
    }),
    reviewExport: consoleEndpoint({
      method: 'GET', path: '/api/console/project/{projectId}/review/export', summary: '导出评审结果（.xlsx：排名、评分明细、分配）', auth: 'staff', response: 'link', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), query: staffJobFileQuery, data: z.instanceof(Blob),
    }),
    reviewAssignmentImport: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/review/assignments/import', summary: '从 .xlsx 导入评审分配（列：申报编号、专家账号；multipart，字段 file）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      multipart: true, params: z.object({ projectId: idSchema }), data: assignImportResultSchema,
    }),
    expertInvite: consoleEndpoint({
      method: 'POST', path: '/api/console/expert/{id}/account', summary: '邀请专家评审：开通评审账号并发送邀请（未接受时可重发）', auth: 'staff', response: 'json',
      params: idParams, body: inviteExpertBody, data: expertAccountSchema,
    }),
    expertAccountUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/expert/{id}/account', summary: '停用或启用专家的评审账号（专家库条目保留）', auth: 'staff', response: 'json',
      params: idParams, body: expertAccountBody, data: expertAccountSchema,
    }),
    invitationAccept: consoleEndpoint({
      method: 'POST', path: '/api/console/invitation', summary: '专家接受邀请并设置密码', auth: 'public', response: 'json', rateLimited: true,
      body: acceptInvitationBody, data: z.object({ account: z.string() }),
    }),

    // The expert workspace: an expert's own assignments and nothing else.
    myReviewList: consoleEndpoint({
      method: 'GET', path: '/api/console/my/reviews', summary: '我的评审任务', auth: 'staff', response: 'json', roles: ['expert'],
      query: myReviewListQuery, data: paged(myReviewSummarySchema),
    }),
    myReviewGet: consoleEndpoint({
      method: 'GET', path: '/api/console/my/reviews/{id}', summary: '一项评审任务：声明前只有标题，声明无利益冲突后可见申报内容', auth: 'staff', response: 'json', roles: ['expert'],
      params: idParams, data: myReviewSchema,
    }),
    myReviewDeclare: consoleEndpoint({
      method: 'POST', path: '/api/console/my/reviews/{id}/declaration', summary: '利益冲突声明', auth: 'staff', response: 'json', roles: ['expert'],
      params: idParams, body: declarationBody, data: myReviewSchema,
    }),
    myReviewSave: consoleEndpoint({
      method: 'PUT', path: '/api/console/my/reviews/{id}', summary: '保存评审草稿或提交评审', auth: 'staff', response: 'json', roles: ['expert'],
      params: idParams, body: reviewSaveBody, data: myReviewSchema,
    }),
    myReviewFile: consoleEndpoint({
      method: 'GET', path: '/api/console/my/reviews/{id}/files/{fileId}', summary: '申报附件（匿名评审时文件名已隐去）', auth: 'staff', response: 'link', roles: ['expert'],
      params: z.object({ id: idSchema, fileId: idSchema }), data: z.instanceof(Blob),
    }),
    myProfile: consoleEndpoint({
      method: 'GET', path: '/api/console/my/profile', summary: '我的专家信息与利益关联', auth: 'staff', response: 'json', roles: ['expert'],
      data: myProfileSchema,
    }),
    myProfileUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/my/profile', summary: '修改我的利益关联', auth: 'staff', response: 'json', roles: ['expert'],
      body: expertInterestsBody, data: myProfileSchema,
    }),

    // Results announcements (issue 14): a call's 立项公示. Admins and reviewers prepare; admins publish and withdraw.
    resultAnnouncementList: consoleEndpoint({
      method: 'GET', path: '/api/console/project/{projectId}/results', summary: '项目的立项公示（含公示项目）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), data: z.array(resultAnnouncementSchema),
    }),
    resultAnnouncementCreate: consoleEndpoint({
      method: 'POST', path: '/api/console/project/{projectId}/results', summary: '新建立项公示草稿（公示项目取自已通过的申报）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: z.object({ projectId: idSchema }), body: resultAnnouncementCreateBody, data: resultAnnouncementSchema,
    }),
    resultAnnouncementUpdate: consoleEndpoint({
      method: 'PUT', path: '/api/console/results/{id}', summary: '修改立项公示草稿（说明、异议期、联系方式、项目顺序与资助金额）', auth: 'staff', response: 'json', roles: ['admin', 'reviewer'],
      params: idParams, body: resultAnnouncementUpdateBody, data: resultAnnouncementSchema,
    }),
    resultAnnouncementPublish: consoleEndpoint({
      method: 'POST', path: '/api/console/results/{id}/publish', summary: '发布立项公示（写入通知公告并通知申报人）', auth: 'staff', response: 'json',
      params: idParams, data: resultAnnouncementSchema,
    }),
    resultAnnouncementWithdraw: consoleEndpoint({
      method: 'POST', path: '/api/console/results/{id}/withdraw', summary: '撤回立项公示（须填写原因，公告显示为已撤回）', auth: 'staff', response: 'json',
      params: idParams, body: resultWithdrawBody, data: resultAnnouncementSchema,
    }),
  },
} as const satisfies Record<string, Record<string, EndpointDeclaration>>;

export type Endpoints = typeof endpoints;
export type EndpointGroup = keyof Endpoints;

export interface NamedEndpoint {
  /** `group.name`, e.g. `auth.login`. */
  id: string;
  group: string;
  name: string;
  declaration: EndpointDeclaration;
}

/** Every declaration as a flat list, for programs that walk the contract. */
export const endpointList: readonly NamedEndpoint[] = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members).map(([name, declaration]) => ({ id: `${group}.${name}`, group, name, declaration: declaration as EndpointDeclaration })),
);

/** Console endpoints a role may call (from each declaration's `roles`, admins when it names none). */
export function consoleEndpointsFor(role: StaffRole): (keyof Endpoints['console'])[] {
  return (Object.entries(endpoints.console) as [keyof Endpoints['console'], EndpointDeclaration][])
    .filter(([, declaration]) => declaration.auth !== 'staff' || (declaration.roles ?? ['admin']).includes(role))
    .map(([name]) => name);
}

/** Console endpoints a reviewer may call; the rest are for admins (and experts' own). */
export const REVIEWER_ENDPOINTS: readonly (keyof Endpoints['console'])[] = consoleEndpointsFor('reviewer');
/** What an expert may call: their session and their own assignments, nothing of staff screens. */
export const EXPERT_ENDPOINTS: readonly (keyof Endpoints['console'])[] = consoleEndpointsFor('expert');
