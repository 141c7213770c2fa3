import { describe, expect, it } from 'vitest';
import { remaining, formatBudget, toId } from './format';
import { safeRedirect } from './redirect';
import { regionOptions } from './region-options';
import { documentTitle, GUEST_ONLY, LOGIN_REQUIRED, ROUTE_TITLES } from './route-meta';

describe('route meta', () => {
  it('titles every route of spec §2 as DESIGN §5 says; /construction has none', () => {
    expect(documentTitle('/index', '平台')).toBe('首页 - 平台');
    expect(documentTitle('/addCompany', '平台')).toBe('企业入库申请 - 平台');
    expect(documentTitle('/construction', '平台')).toBe('平台');
    expect(Object.keys(ROUTE_TITLES)).toHaveLength(25);
  });

  it('guards the five pages of spec §6 and keeps logged-in users off /login and /reg', () => {
    expect([...LOGIN_REQUIRED].sort()).toEqual(['/addCompany', '/application', '/companyDetail', '/projectDetail', '/user']);
    expect([...GUEST_ONLY].sort()).toEqual(['/login', '/reg']);
  });
});

describe('helpers', () => {
  it('follows only same-site redirects', () => {
    expect(safeRedirect('/projectDetail?id=3', '/user')).toBe('/projectDetail?id=3');
    expect(safeRedirect('//evil.example', '/user')).toBe('/user');
    expect(safeRedirect('https://evil.example', '/user')).toBe('/user');
    expect(safeRedirect('/login', '/user')).toBe('/user');
    expect(safeRedirect(null, '/user')).toBe('/user');
  });

  it('counts down in days, hours and minutes', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(remaining('2026-11-25T09:30:00Z', now)).toBe('3 天 9 小时 30 分');
    expect(remaining('2026-11-22T02:05:00Z', now)).toBe('2 小时 5 分');
    expect(remaining('2026-11-21T00:00:00Z', now)).toBeUndefined();
  });

  it('formats budgets and ids', () => {
    expect(formatBudget(9_000_000)).toBe('900 万元');
    expect(formatBudget(5_000)).toBe('5,000.00 元');
    expect(toId('12')).toBe(12);
    expect(toId('1e3')).toBeUndefined();
    expect(toId(null)).toBeUndefined();
  });

  it('lists regions with their full names in tree order', () => {
    const options = regionOptions([
      { id: 3, parentId: 1, name: '宁波市', level: 2, sort: 2 },
      { id: 1, parentId: null, name: '浙江省', level: 1, sort: 1 },
      { id: 2, parentId: 1, name: '杭州市', level: 2, sort: 1 },
      { id: 10, parentId: 2, name: '西湖区', level: 3, sort: 1 },
    ]);
    expect(options.map((o) => o.label)).toEqual(['浙江省', '浙江省 / 杭州市', '浙江省 / 杭州市 / 西湖区', '浙江省 / 宁波市']);
    expect(options[2]?.value).toBe('10');
  });
});
