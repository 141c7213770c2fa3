import type { ComponentType } from 'react';
import {
  IconBuildingCommunity,
  IconCategory,
  IconClipboardCheck,
  IconClipboardList,
  IconLayoutDashboard,
  IconFileCertificate,
  IconFolders,
  IconHistory,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconUserCircle,
  IconUsersGroup,
  IconUserX,
} from '@tabler/icons-react';

/**
 * The console's one route table: every screen and what is known about it. The router
 * (router.tsx) and the role-aware side navigation (lib/navigation.ts) derive from it. Screens
 * are named by module path, not imported, so that the screens may use the navigation.
 */

export type NavGroup = '概览' | '内容管理' | '审核' | '系统' | '专家评审';
export type NavIcon = ComponentType<{ size?: number; stroke?: number }>;

export interface ScreenRoute {
  path: string;
  /** The screen's module, relative to `src/`; the router lazy-loads it, one chunk per screen. */
  page: string;
  /** Alone (sign-in), behind the staff gate only (print), or inside the console's shell. */
  frame: 'alone' | 'gate' | 'shell';
  /** The console endpoint the screen needs the role to call; the server decides which roles may call it. */
  endpoint?: string;
  /** Its entry in the side navigation, in this order. */
  nav?: { label: string; icon: NavIcon; group: NavGroup };
}

/** Sends a member of staff on to the first screen of their navigation. */
export interface HomeRoute {
  path: string;
  frame: 'shell';
  home: true;
}

export type ConsoleRoute = ScreenRoute | HomeRoute;

export const ROUTES: readonly ConsoleRoute[] = [
  { path: '/login', page: 'features/auth/login-page', frame: 'alone' },
  { path: '/print', page: 'features/applications/print-page', frame: 'gate', endpoint: 'applyBatchPrint' },
  // Home sends staff to their first navigation entry: the dashboard for those who may call it, experts to /reviews.
  { path: '/', frame: 'shell', home: true },
  { path: '/dashboard', page: 'features/dashboard/dashboard-page', frame: 'shell', endpoint: 'dashboard', nav: { label: '工作台', icon: IconLayoutDashboard, group: '概览' } },
  { path: '/projects', page: 'features/projects/project-list-page', frame: 'shell', endpoint: 'projectList', nav: { label: '项目管理', icon: IconFolders, group: '内容管理' } },
  { path: '/projects/new', page: 'features/projects/project-edit-page', frame: 'shell', endpoint: 'projectCreate' },
  { path: '/projects/:id', page: 'features/projects/project-edit-page', frame: 'shell', endpoint: 'projectGet' },
  { path: '/projects/:id/review', page: 'features/review/review-page', frame: 'shell', endpoint: 'reviewRoundGet' },
  { path: '/projects/:id/results', page: 'features/projects/results-page', frame: 'shell', endpoint: 'resultAnnouncementList' },
  { path: '/projects/:id/forms/new', page: 'features/projects/form-builder-page', frame: 'shell', endpoint: 'formCreate' },
  { path: '/projects/:id/forms/:formId', page: 'features/projects/form-builder-page', frame: 'shell', endpoint: 'formUpdate' },
  { path: '/policies', page: 'features/policies/policy-list-page', frame: 'shell', endpoint: 'policyList', nav: { label: '通知公告', icon: IconSpeakerphone, group: '内容管理' } },
  { path: '/policies/new', page: 'features/policies/policy-edit-page', frame: 'shell', endpoint: 'policyCreate' },
  { path: '/policies/:id', page: 'features/policies/policy-edit-page', frame: 'shell', endpoint: 'policyGet' },
  { path: '/experts', page: 'features/experts/expert-list-page', frame: 'shell', endpoint: 'expertList', nav: { label: '专家库', icon: IconUsersGroup, group: '内容管理' } },
  { path: '/experts/new', page: 'features/experts/expert-edit-page', frame: 'shell', endpoint: 'expertCreate' },
  { path: '/experts/:id', page: 'features/experts/expert-edit-page', frame: 'shell', endpoint: 'expertGet' },
  { path: '/enterprises', page: 'features/enterprises/enterprise-list-page', frame: 'shell', endpoint: 'enterpriseList', nav: { label: '企业库', icon: IconBuildingCommunity, group: '内容管理' } },
  { path: '/enterprises/new', page: 'features/enterprises/enterprise-edit-page', frame: 'shell', endpoint: 'enterpriseCreate' },
  { path: '/enterprises/:id', page: 'features/enterprises/enterprise-edit-page', frame: 'shell', endpoint: 'enterpriseGet' },
  { path: '/taxonomy', page: 'features/taxonomy/taxonomy-page', frame: 'shell', endpoint: 'categoryList', nav: { label: '分类与地区', icon: IconCategory, group: '内容管理' } },
  { path: '/settings', page: 'features/settings/settings-page', frame: 'shell', endpoint: 'settingsGet', nav: { label: '站点设置', icon: IconSettings, group: '系统' } },
  { path: '/review/authentications', page: 'features/authentications/authentication-list-page', frame: 'shell', endpoint: 'authenticationList', nav: { label: '企业认证审核', icon: IconFileCertificate, group: '审核' } },
  { path: '/review/authentications/:id', page: 'features/authentications/authentication-detail-page', frame: 'shell', endpoint: 'authenticationGet' },
  { path: '/review/applications', page: 'features/applications/application-list-page', frame: 'shell', endpoint: 'applyList', nav: { label: '申报审核', icon: IconClipboardCheck, group: '审核' } },
  { path: '/review/applications/:applyId', page: 'features/applications/application-detail-page', frame: 'shell', endpoint: 'applyGet' },
  // Account deletion at the applicant's request (issue 16, PIPL); admins only.
  { path: '/account-deletions', page: 'features/account-deletions/account-deletion-list-page', frame: 'shell', endpoint: 'accountDeletionList', nav: { label: '注销账号申请', icon: IconUserX, group: '审核' } },
  { path: '/audit', page: 'features/audit/audit-page', frame: 'shell', endpoint: 'auditList', nav: { label: '操作日志', icon: IconHistory, group: '系统' } },
  // The expert workspace (issue 12): an expert's own assignments and profile, and the invitation
  // that sets their password. Their endpoints are the expert's only, so staff never see them.
  { path: '/invite', page: 'features/expert-workspace/invitation-page', frame: 'alone' },
  { path: '/reviews', page: 'features/expert-workspace/my-review-list-page', frame: 'shell', endpoint: 'myReviewList', nav: { label: '我的评审', icon: IconClipboardList, group: '专家评审' } },
  { path: '/reviews/:id', page: 'features/expert-workspace/my-review-page', frame: 'shell', endpoint: 'myReviewGet' },
  { path: '/profile', page: 'features/expert-workspace/my-profile-page', frame: 'shell', endpoint: 'myProfile', nav: { label: '我的信息', icon: IconUserCircle, group: '专家评审' } },
  // Two-factor sign-in (issue 16): every staff role's own account security.
  { path: '/security', page: 'features/security/security-page', frame: 'shell', endpoint: 'twoFactorStatus', nav: { label: '账号安全', icon: IconShieldLock, group: '系统' } },
  { path: '*', page: 'features/site/not-found-page', frame: 'shell' },
];

export const isScreen = (route: ConsoleRoute): route is ScreenRoute => 'page' in route;
