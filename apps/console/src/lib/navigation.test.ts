import { describe, expect, it } from 'vitest';
import { canCall, homePath, NAV_ITEMS, navItemsFor, safeRedirect } from './navigation';

describe('role-aware navigation', () => {
  it('shows admins every staff screen', () => {
    expect(navItemsFor('admin')).toEqual(NAV_ITEMS.filter((item) => item.group !== '专家评审'));
    expect(homePath('admin')).toBe('/dashboard');
  });

  it('shows reviewers only what the contract lets them call', () => {
    const labels = navItemsFor('reviewer').map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['企业认证审核', '申报审核']));
    expect(labels).not.toContain('项目管理');
    expect(labels).not.toContain('站点设置');
    expect(canCall('reviewer', 'applyReview')).toBe(true);
    expect(canCall('reviewer', 'projectCreate')).toBe(false);
    expect(homePath('reviewer')).toBe('/dashboard');
  });

  it('shows experts their workspace only (and their account security), and sends them to 我的评审', () => {
    expect(navItemsFor('expert').map((item) => item.label)).toEqual(['我的评审', '我的信息', '账号安全']);
    expect(homePath('expert')).toBe('/reviews');
    expect(canCall('expert', 'myReviewSave')).toBe(true);
    expect(canCall('expert', 'applyList')).toBe(false);
    expect(canCall('expert', 'projectList')).toBe(false);
    // The workspace is the experts' own: staff do not see it.
    expect(navItemsFor('admin').map((item) => item.label)).not.toContain('我的评审');
    expect(navItemsFor('reviewer').map((item) => item.label)).not.toContain('我的评审');
  });

  it('follows only paths inside the console after login', () => {
    expect(safeRedirect('/review/applications?projectId=3', '/')).toBe('/review/applications?projectId=3');
    expect(safeRedirect('//evil.example', '/')).toBe('/');
    expect(safeRedirect('https://evil.example', '/')).toBe('/');
    expect(safeRedirect('/login', '/projects')).toBe('/projects');
    expect(safeRedirect(null, '/projects')).toBe('/projects');
  });
});
