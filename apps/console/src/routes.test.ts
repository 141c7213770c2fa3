import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from './lib/navigation';
import { isScreen, ROUTES } from './routes';

describe('route table', () => {
  it('names a screen module for every screen', () => {
    const modules = Object.keys(import.meta.glob('./features/*/*-page.tsx'));
    for (const route of ROUTES.filter(isScreen)) expect(modules).toContain(`./${route.page}.tsx`);
  });

  it('derives the side navigation in the order of the table, each entry with the endpoint its screen lists with', () => {
    expect(NAV_ITEMS.map(({ to, endpoint, label, group }) => [to, endpoint, label, group])).toEqual([
      ['/dashboard', 'dashboard', '工作台', '概览'],
      ['/projects', 'projectList', '项目管理', '内容管理'],
      ['/policies', 'policyList', '通知公告', '内容管理'],
      ['/experts', 'expertList', '专家库', '内容管理'],
      ['/enterprises', 'enterpriseList', '企业库', '内容管理'],
      ['/taxonomy', 'categoryList', '分类与地区', '内容管理'],
      ['/settings', 'settingsGet', '站点设置', '系统'],
      ['/review/authentications', 'authenticationList', '企业认证审核', '审核'],
      ['/review/applications', 'applyList', '申报审核', '审核'],
      ['/account-deletions', 'accountDeletionList', '注销账号申请', '审核'],
      ['/audit', 'auditList', '操作日志', '系统'],
      ['/reviews', 'myReviewList', '我的评审', '专家评审'],
      ['/profile', 'myProfile', '我的信息', '专家评审'],
      ['/security', 'twoFactorStatus', '账号安全', '系统'],
    ]);
  });

  it('keeps sign-in and the invitation outside the staff gate, print behind it without the shell, everything else in the shell', () => {
    expect(ROUTES.filter((route) => route.frame === 'alone').map((route) => route.path)).toEqual(['/login', '/invite']);
    expect(ROUTES.filter((route) => route.frame === 'gate').map((route) => route.path)).toEqual(['/print']);
    expect(ROUTES.filter((route) => !isScreen(route)).map((route) => route.path)).toEqual(['/']);
  });
});
