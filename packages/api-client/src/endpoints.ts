import { z } from 'zod';
import { defineEndpoint, type EndpointDeclaration } from './endpoint';
import {
  accessPasswordBody,
  editPasswordBody,
  findPasswordBody,
  loginBody,
  registerBody,
  registerResultSchema,
  sendCodeQuery,
  sendCodeResultSchema,
  userInfoSchema,
} from './schemas/auth';
import { emptyData, idParams, idSchema, paged } from './schemas/common';
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
import { updateUserBody, userSchema } from './schemas/user';

/** Every call of spec §7 and DESIGN §3, declared once; the SDK and the server are built from these. */
export const endpoints = {
  auth: {
    captcha: defineEndpoint({
      method: 'GET', path: '/api/verify', summary: '图形验证码图片', auth: 'public', response: 'blob', rateLimited: true,
      data: z.instanceof(Blob),
    }),
    register: defineEndpoint({
      method: 'POST', path: '/api/login/register', summary: '注册', auth: 'public', response: 'json', rateLimited: true,
      body: registerBody, data: registerResultSchema,
    }),
    login: defineEndpoint({
      method: 'POST', path: '/api/login', summary: '登录', auth: 'public', response: 'json', rateLimited: true,
      body: loginBody, data: userInfoSchema,
    }),
    logout: defineEndpoint({
      method: 'POST', path: '/api/logout', summary: '退出登录（服务端注销会话）', auth: 'optional', response: 'json',
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
      method: 'POST', path: '/api/checkAccessPassword', summary: '校验站点访问密码', auth: 'public', response: 'json', rateLimited: true,
      body: accessPasswordBody, data: emptyData,
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
  },
  enterprise: {
    list: defineEndpoint({
      method: 'GET', path: '/api/enterpriseLibrary', summary: '企业库列表', auth: 'public', response: 'json',
      query: enterpriseListQuery, data: paged(enterpriseSummarySchema),
    }),
    detail: defineEndpoint({
      method: 'GET', path: '/api/enterpriseLibrary/{id}', summary: '企业详情', auth: 'public', response: 'json',
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
      method: 'GET', path: '/api/project', summary: '项目库', auth: 'public', response: 'json',
      query: projectListQuery, data: paged(projectSummarySchema),
    }),
    detail: defineEndpoint({
      method: 'GET', path: '/api/project/{id}', summary: '项目详情，登录时含我在各表单的申报', auth: 'optional', response: 'json',
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
    batchPrint: defineEndpoint({
      method: 'GET', path: '/api/project/{projectId}/form/all/batchPrint', summary: '批量打印数据', auth: 'user', response: 'json',
      params: batchPrintParams, query: batchPrintQuery, data: batchPrintResultSchema,
    }),
  },
  content: {
    settings: defineEndpoint({
      method: 'GET', path: '/api/setting/index', summary: '站点设置', auth: 'public', response: 'json',
      data: settingsSchema,
    }),
    policyList: defineEndpoint({
      method: 'GET', path: '/api/policy', summary: '通知公告列表', auth: 'public', response: 'json',
      query: policyListQuery, data: paged(policySummarySchema),
    }),
    policyDetail: defineEndpoint({
      method: 'GET', path: '/api/policy/{id}', summary: '通知公告详情', auth: 'public', response: 'json',
      params: idParams, data: policySchema,
    }),
    expertList: defineEndpoint({
      method: 'GET', path: '/api/expert', summary: '专家库列表', auth: 'public', response: 'json',
      query: expertListQuery, data: paged(expertSummarySchema),
    }),
    expertDetail: defineEndpoint({
      method: 'GET', path: '/api/expert/{id}', summary: '专家详情', auth: 'public', response: 'json',
      params: idParams, data: expertSchema,
    }),
    search: defineEndpoint({
      method: 'GET', path: '/api/search', summary: '全站搜索', auth: 'public', response: 'json',
      query: searchQuery, data: searchResultSchema,
    }),
  },
  base: {
    regions: defineEndpoint({
      method: 'POST', path: '/admin/regions', summary: '地区（基础数据），支持 ETag', auth: 'public', response: 'json',
      data: z.array(regionSchema),
    }),
    categories: defineEndpoint({
      method: 'GET', path: '/api/category', summary: '分类', auth: 'public', response: 'json',
      query: categoryQuery, data: z.array(categorySchema),
    }),
    health: defineEndpoint({
      method: 'GET', path: '/api/health', summary: '存活与数据库就绪检查', auth: 'public', response: 'json',
      data: healthSchema,
    }),
  },
  files: {
    upload: defineEndpoint({
      method: 'POST', path: '/admin/upload', summary: '上传文件（multipart，字段 file）', auth: 'user-or-staff', response: 'json',
      multipart: true, data: uploadSchema,
    }),
    get: defineEndpoint({
      method: 'GET', path: '/api/file/{id}', summary: '取回上传的文件（仅上传者与工作人员）', auth: 'user-or-staff', response: 'link',
      params: idParams, query: exportQuery, data: z.instanceof(Blob),
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
