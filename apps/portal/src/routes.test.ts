import { describe, expect, it } from 'vitest';
import { recordLocation, returnPath } from './lib/navigation-history';
import { safeRedirect } from './lib/redirect';
import { countsViews, documentTitle, GUEST_ONLY, LOGIN_REQUIRED, PAGE_ROUTES, pageTitle, routeOf, SERVER_RENDERED } from './routes';

describe('route meta', () => {
  it('titles every route; /construction has none', () => {
    expect(documentTitle('/index', '平台')).toBe('首页 - 平台');
    expect(documentTitle('/addCompany', '平台')).toBe('企业入库申请 - 平台');
    expect(documentTitle('/construction', '平台')).toBe('平台');
    expect(PAGE_ROUTES).toHaveLength(26);
    expect(PAGE_ROUTES.filter((route) => !route.title).map((route) => route.path)).toEqual(['/construction']);
    expect(pageTitle('/login')).toBe('登录');
    expect(pageTitle('/')).toBeUndefined();
    expect(documentTitle('/nowhere', '平台')).toBe('平台');
  });

  it('guards the five account pages and keeps logged-in users off /login and /reg', () => {
    expect([...LOGIN_REQUIRED].sort()).toEqual(['/addCompany', '/application', '/companyDetail', '/projectDetail', '/user']);
    expect([...GUEST_ONLY].sort()).toEqual(['/login', '/reg']);
  });

  it('renders the public pages and the application form on the server; only a notice counts its views', () => {
    expect([...SERVER_RENDERED].sort()).toEqual(
      ['/about', '/application', '/company', '/companyDetail', '/decDetail', '/declaration', '/expert', '/expertDetail', '/index', '/policy', '/policyDetail', '/project', '/projectDetail', '/search'].sort(),
    );
    expect(PAGE_ROUTES.filter((route) => countsViews(route.path)).map((route) => route.path)).toEqual(['/policyDetail']);
    expect(countsViews('/policyDetail?id=1')).toBe(false);
  });

  it('sends / to /index and every unknown path to /404', () => {
    expect(routeOf('/')).toEqual({ path: '/', redirect: '/index' });
    expect(routeOf('*')).toEqual({ path: '*', redirect: '/404' });
    expect(routeOf('/nowhere')).toBeUndefined();
  });

  it('puts each page in a module of its own, where the router finds it', () => {
    const found = Object.keys(import.meta.glob('./features/*/routes/*-page.tsx'));
    const modules = PAGE_ROUTES.map((route) => route.page);
    expect(new Set(modules).size).toBe(modules.length);
    for (const module of modules) expect(found).toContain(`./${module}.tsx`);
  });
});

describe('where login and the access gate send the visitor', () => {
  it('returns to the page before /login, not to an account screen, /404 or /', () => {
    recordLocation('/projectDetail?id=3');
    recordLocation('/login');
    expect(returnPath()).toBe('/projectDetail?id=3');
    for (const before of ['/reg', '/forget', '/reset', '/password?redirect=%2Fuser', '/404', '/']) {
      recordLocation(before);
      recordLocation('/login');
      expect(returnPath()).toBeUndefined();
    }
    recordLocation('/nowhere');
    expect(returnPath()).toBe('/nowhere');
  });

  it('follows no redirect to a path that starts like /login, /reg or /password', () => {
    for (const path of ['/login', '/login?x=1', '/reg', '/register', '/password', '/passwords']) expect(safeRedirect(path, '/user')).toBe('/user');
    expect(safeRedirect('/forget', '/user')).toBe('/forget');
    expect(safeRedirect('/', '/user')).toBe('/');
  });
});
