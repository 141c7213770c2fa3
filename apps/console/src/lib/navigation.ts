import type { ComponentType } from 'react';
import {
  IconBuildingCommunity,
  IconCategory,
  IconClipboardCheck,
  IconFileCertificate,
  IconFolders,
  IconHistory,
  IconSettings,
  IconSpeakerphone,
  IconUsersGroup,
} from '@tabler/icons-react';
import { REVIEWER_ENDPOINTS, type StaffRole } from '@flagship/api-client';

type ConsoleEndpoint = string;

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** The console endpoint the screen lists with; the server decides which roles may call it. */
  endpoint: ConsoleEndpoint;
  group: '内容管理' | '审核' | '系统';
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/projects', label: '项目管理', icon: IconFolders, endpoint: 'projectList', group: '内容管理' },
  { to: '/policies', label: '通知公告', icon: IconSpeakerphone, endpoint: 'policyList', group: '内容管理' },
  { to: '/experts', label: '专家库', icon: IconUsersGroup, endpoint: 'expertList', group: '内容管理' },
  { to: '/enterprises', label: '企业库', icon: IconBuildingCommunity, endpoint: 'enterpriseList', group: '内容管理' },
  { to: '/taxonomy', label: '分类与地区', icon: IconCategory, endpoint: 'categoryList', group: '内容管理' },
  { to: '/settings', label: '站点设置', icon: IconSettings, endpoint: 'settingsGet', group: '系统' },
  { to: '/review/authentications', label: '企业认证审核', icon: IconFileCertificate, endpoint: 'authenticationList', group: '审核' },
  { to: '/review/applications', label: '申报审核', icon: IconClipboardCheck, endpoint: 'applyList', group: '审核' },
  { to: '/audit', label: '操作日志', icon: IconHistory, endpoint: 'auditList', group: '系统' },
];

const reviewerEndpoints = new Set<string>(REVIEWER_ENDPOINTS);

/** Admins may call every console endpoint; reviewers those the contract lists for them. */
export function canCall(role: StaffRole, endpoint: ConsoleEndpoint): boolean {
  return role === 'admin' || reviewerEndpoints.has(endpoint);
}

export function navItemsFor(role: StaffRole): NavItem[] {
  return NAV_ITEMS.filter((item) => canCall(role, item.endpoint));
}

/** Where a member of staff lands after signing in. */
export function homePath(role: StaffRole): string {
  return navItemsFor(role)[0]?.to ?? '/review/applications';
}

/** A path inside the console after login (never back to /login, never off-site). */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login')) return fallback;
  return value;
}
