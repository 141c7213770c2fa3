import { describe, expect, it } from 'vitest';
import { buildPath, buildQuery, pathParamNames } from './endpoint';
import { endpointList, EXPERT_ENDPOINTS, REVIEWER_ENDPOINTS } from './endpoints';

// The 24 calls the portal makes, as the product specification lists them.
const SPEC_CALLS = [
  'GET /api/enterpriseLibrary',
  'GET /api/enterpriseLibrary/{id}',
  'POST /api/user/checkAuthenticationStatus',
  'POST /api/user/getEnterpriseInfo',
  'POST /api/user/submitAuthentication',
  'POST /admin/regions',
  'POST /admin/upload',
  'GET /api/setting/index',
  'GET /api/category',
  'GET /api/verify',
  'POST /api/login/register',
  'POST /api/login',
  'GET /api/project/myApplyList',
  'POST /api/project/form/{id}/deleteApply',
  'POST /api/user/edit_password',
  'GET /api/user/{id}',
  'PUT /api/user/{id}',
  'POST /api/checkAccessPassword',
  'GET /api/project/{projectId}/form/{formId}/download',
  'GET /api/project/{projectId}/form/{formId}/download/status',
  'GET /api/project/{projectId}/form/{formId}/export',
  'GET /api/project/{projectId}/form/all/batchPrint',
  'GET /api/user/send_code',
  'POST /api/user/findPassword',
];

const DESIGN_CALLS = [
  'GET /api/project',
  'GET /api/project/{id}',
  'GET /api/project/{projectId}/form/{formId}',
  'POST /api/project/{projectId}/form/{formId}/apply',
  'GET /api/project/apply/{applyId}',
  'GET /api/policy',
  'GET /api/policy/{id}',
  'GET /api/expert',
  'GET /api/expert/{id}',
  'GET /api/search',
  'POST /api/logout',
  'GET /api/health',
];

describe('endpoint declarations', () => {
  const declared = endpointList.map((e) => `${e.declaration.method} ${e.declaration.path}`);

  it('declare every call of the portal and the console exactly once', () => {
    for (const call of [...SPEC_CALLS, ...DESIGN_CALLS]) {
      expect(declared.filter((d) => d === call), call).toHaveLength(1);
    }
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('declare a params schema with exactly the placeholders of the path', () => {
    for (const { id, declaration } of endpointList) {
      const names = pathParamNames(declaration.path).sort();
      const shape = declaration.params && 'shape' in declaration.params ? Object.keys(declaration.params.shape as object).sort() : [];
      expect(shape, id).toEqual(names);
    }
  });

  it('keep keys of params, query and body apart so one input object can be split', () => {
    for (const { id, declaration } of endpointList) {
      const keys = [declaration.params, declaration.query, declaration.body].flatMap((s) =>
        s && 'shape' in s ? Object.keys(s.shape as object) : [],
      );
      expect(new Set(keys).size, id).toBe(keys.length);
    }
  });
});

describe('paths and queries', () => {
  it('substitutes and encodes path params, and refuses missing ones', () => {
    expect(buildPath('/api/user/{id}', { id: 5 })).toBe('/api/user/5');
    expect(buildPath('/api/x/{a}/{b}', { a: '中 文', b: '../' })).toBe('/api/x/%E4%B8%AD%20%E6%96%87/..%2F');
    expect(() => buildPath('/api/user/{id}', {})).toThrow(/id/);
  });

  it('repeats array keys and skips empty values', () => {
    expect(buildQuery({ ids: [1, 2], keyword: '舞蹈', empty: '', none: undefined })).toBe('?ids=1&ids=2&keyword=%E8%88%9E%E8%B9%88');
    expect(buildQuery({})).toBe('');
  });
});

describe('what declarations say beyond the schemas', () => {
  it('lets reviewers call the review screens and their own session, and nothing else of the console', () => {
    expect([...REVIEWER_ENDPOINTS].sort()).toEqual(
      ['login', 'invitationAccept', 'logout', 'me', 'loginSecondStep', 'twoFactorStatus', 'twoFactorStart', 'twoFactorConfirm', 'twoFactorDisable', 'twoFactorRecoveryCodes', 'passkeyRegisterOptions', 'passkeyRegister', 'passkeyDelete', 'reauthPasskeyOptions', 'reauth', 'authenticationList', 'authenticationGet', 'authenticationApprove', 'authenticationReject', 'projectOptions', 'applyList', 'applyGet', 'applyReview', 'applyExportJob', 'applyDownloadJob', 'jobStatus', 'jobFile', 'applyBatchPrint', 'dashboard', 'reviewRoundGet', 'reviewAssignmentList', 'reviewAssign', 'reviewAutoAssign', 'reviewUnassign', 'reviewReopen', 'reviewProgress', 'reviewRanking', 'reviewDecisions', 'reviewExport', 'reviewAssignmentImport', 'resultAnnouncementList', 'resultAnnouncementCreate', 'resultAnnouncementUpdate'].sort(),
    );
    for (const { id, declaration } of endpointList) if (declaration.roles) expect(declaration.auth, id).toBe('staff');
  });

  it('lets experts call their session and their own assignments, and nothing of staff screens', () => {
    expect([...EXPERT_ENDPOINTS].sort()).toEqual(
      ['login', 'invitationAccept', 'logout', 'me', 'loginSecondStep', 'twoFactorStatus', 'twoFactorStart', 'twoFactorConfirm', 'twoFactorDisable', 'twoFactorRecoveryCodes', 'passkeyRegisterOptions', 'passkeyRegister', 'passkeyDelete', 'reauthPasskeyOptions', 'reauth', 'myReviewList', 'myReviewGet', 'myReviewDeclare', 'myReviewSave', 'myReviewFile', 'myProfile', 'myProfileUpdate'].sort(),
    );
  });

  it('shares only public reads that every visitor sees alike', () => {
    const cached = endpointList.filter((e) => e.declaration.publicCache).map((e) => e.id);
    expect(cached.sort()).toEqual(
      ['project.list', 'project.detail', 'content.settings', 'content.policyList', 'content.expertList', 'content.expertDetail', 'content.search', 'enterprise.list', 'enterprise.detail', 'base.categories', 'content.fundedList', 'content.resultNotices'].sort(),
    );
    for (const { id, declaration } of endpointList) if (declaration.publicCache) expect(declaration.method, id).toBe('GET');
  });

  it('lets through a closed site only what opens it, and the console', () => {
    const open = endpointList.filter((e) => e.declaration.passesSiteGate && e.group !== 'console').map((e) => e.declaration.path);
    expect(open.sort()).toEqual(['/api/setting/index', '/api/checkAccessPassword', '/api/verify', '/api/challenge', '/api/health'].sort());
    for (const { id, group, declaration } of endpointList) if (group === 'console') expect(declaration.passesSiteGate, id).toBe(true);
  });
});
