/**
 * The portal's one route table: every URL of the portal and what is known about it. The router
 * (router.tsx), the document titles and breadcrumbs, the guards, the pages the server renders
 * (entry-server.tsx) and the build's preload list (vite.config.ts, read by the server) all derive
 * from it. Plain data, so that the build configuration can import it.
 */

export interface PageRoute {
  path: string;
  /** The page module, relative to `src/`; the router lazy-loads it, one chunk per page. */
  page: string;
  /** The document title (before the site's) and the breadcrumb. */
  title?: string;
  /** 'login': without a session the visitor is sent to /login; 'guest': with one, to /. */
  guard?: 'login' | 'guest';
  /** Outside the site's header and footer. */
  bare?: true;
  /**
   * The server renders it with its data and the browser hydrates it. Pages with forms of their
   * own (login, registration, passwords), the user centre's and the print view start in the browser.
   */
  serverRendered?: true;
  /** Its data load counts each view (a notice's): a rendered copy is never sent again. */
  countsViews?: true;
  /** Login does not go back to it (account screens, /404). */
  noReturn?: true;
  /** Never followed from a `redirect` parameter (login, the access gate); matched as a prefix. */
  noRedirect?: true;
}

export interface RedirectRoute {
  path: string;
  redirect: string;
}

export type PortalRoute = PageRoute | RedirectRoute;

export const ROUTES: readonly PortalRoute[] = [
  // The home page lives at /index.
  { path: '/', redirect: '/index' },
  { path: '/index', page: 'features/home/routes/home-page', title: '首页', serverRendered: true },
  { path: '/reg', page: 'features/account/routes/register-page', title: '注册', guard: 'guest', noReturn: true, noRedirect: true },
  { path: '/user', page: 'features/user-centre/routes/user-page', title: '个人中心', guard: 'login' },
  { path: '/reset', page: 'features/account/routes/reset-page', title: '重置密码', noReturn: true },
  { path: '/404', page: 'features/site/routes/not-found-page', title: '页面不存在', noReturn: true },
  { path: '/personal', page: 'features/user-centre/routes/personal-page', title: '个人信息' },
  { path: '/forget', page: 'features/account/routes/forget-page', title: '忘记密码', noReturn: true },
  { path: '/search', page: 'features/search/routes/search-page', title: '搜索', serverRendered: true },
  { path: '/project', page: 'features/projects/routes/project-list-page', title: '项目库', serverRendered: true },
  { path: '/projectDetail', page: 'features/projects/routes/project-detail-page', title: '项目详情', guard: 'login', serverRendered: true },
  { path: '/declaration', page: 'features/projects/routes/declaration-page', title: '项目申报', serverRendered: true },
  { path: '/decDetail', page: 'features/applications/routes/dec-detail-page', title: '申报详情', serverRendered: true },
  { path: '/application', page: 'features/applications/routes/application-page', title: '申报表单', guard: 'login', serverRendered: true },
  { path: '/policy', page: 'features/policies/routes/policy-list-page', title: '通知公告', serverRendered: true },
  { path: '/funded', page: 'features/results/routes/funded-page', title: '立项项目公开名单' },
  { path: '/policyDetail', page: 'features/policies/routes/policy-detail-page', title: '公告详情', serverRendered: true, countsViews: true },
  { path: '/expert', page: 'features/experts/routes/expert-list-page', title: '专家库', serverRendered: true },
  { path: '/expertDetail', page: 'features/experts/routes/expert-detail-page', title: '专家详情', serverRendered: true },
  { path: '/company', page: 'features/enterprises/routes/company-list-page', title: '企业库', serverRendered: true },
  { path: '/companyDetail', page: 'features/enterprises/routes/company-detail-page', title: '企业详情', guard: 'login', serverRendered: true },
  { path: '/addCompany', page: 'features/enterprises/routes/add-company-page', title: '企业入库申请', guard: 'login' },
  { path: '/about', page: 'features/site/routes/about-page', title: '关于我们', serverRendered: true },
  { path: '/construction', page: 'features/site/routes/construction-page' },
  { path: '/print', page: 'features/applications/routes/print-page', title: '打印', bare: true },
  { path: '/password', page: 'features/account/routes/password-page', title: '访问密码', bare: true, noReturn: true, noRedirect: true },
  { path: '/login', page: 'features/account/routes/login-page', title: '登录', guard: 'guest', bare: true, noReturn: true, noRedirect: true },
  { path: '*', redirect: '/404' },
];

export const isPage = (route: PortalRoute): route is PageRoute => 'page' in route;

export const PAGE_ROUTES: readonly PageRoute[] = ROUTES.filter(isPage);

const byPath = new Map(ROUTES.map((route) => [route.path, route]));

/** The route of exactly this path (`*` only for itself). */
export const routeOf = (pathname: string): PortalRoute | undefined => byPath.get(pathname);

const pageOf = (pathname: string): PageRoute | undefined => {
  const route = byPath.get(pathname);
  return route && isPage(route) ? route : undefined;
};

const pathsWhere = (test: (route: PageRoute) => unknown) => new Set(PAGE_ROUTES.filter(test).map((route) => route.path));

export const LOGIN_REQUIRED = pathsWhere((route) => route.guard === 'login');
export const GUEST_ONLY = pathsWhere((route) => route.guard === 'guest');
export const SERVER_RENDERED = pathsWhere((route) => route.serverRendered);

export const pageTitle = (pathname: string): string | undefined => pageOf(pathname)?.title;

export function documentTitle(pathname: string, siteTitle: string): string {
  const title = pageTitle(pathname);
  return title ? `${title} - ${siteTitle}` : siteTitle;
}

export const countsViews = (pathname: string): boolean => Boolean(pageOf(pathname)?.countsViews);
