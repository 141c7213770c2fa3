import { describe, expect, it } from 'vitest';
import { canCall, homePath, NAV_ITEMS, navItemsFor, safeRedirect } from './navigation';

describe('role-aware navigation', () => {
  it('shows admins every screen', () => {
    expect(navItemsFor('admin')).toEqual(NAV_ITEMS);
    expect(homePath('admin')).toBe('/projects');
  });

  it('shows reviewers only what the contract lets them call', () => {
    const labels = navItemsFor('reviewer').map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['企业认证审核', '申报审核']));
    expect(labels).not.toContain('项目管理');
    expect(labels).not.toContain('站点设置');
    expect(canCall('reviewer', 'applyReview')).toBe(true);
    expect(canCall('reviewer', 'projectCreate')).toBe(false);
    expect(homePath('reviewer')).toBe('/review/authentications');
  });

  it('follows only paths inside the console after login', () => {
    expect(safeRedirect('/review/applications?projectId=3', '/')).toBe('/review/applications?projectId=3');
    expect(safeRedirect('//evil.example', '/')).toBe('/');
    expect(safeRedirect('https://evil.example', '/')).toBe('/');
    expect(safeRedirect('/login', '/projects')).toBe('/projects');
    expect(safeRedirect(null, '/projects')).toBe('/projects');
  });
});
