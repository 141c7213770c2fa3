/** Titles of DESIGN §5; /construction has none. */
export const ROUTE_TITLES: Record<string, string | undefined> = {
  '/index': '首页',
  '/reg': '注册',
  '/user': '个人中心',
  '/reset': '重置密码',
  '/404': '页面不存在',
  '/personal': '个人信息',
  '/forget': '忘记密码',
  '/search': '搜索',
  '/project': '项目库',
  '/projectDetail': '项目详情',
  '/declaration': '项目申报',
  '/decDetail': '申报详情',
  '/application': '申报表单',
  '/policy': '通知公告',
  '/policyDetail': '公告详情',
  '/expert': '专家库',
  '/expertDetail': '专家详情',
  '/company': '企业库',
  '/companyDetail': '企业详情',
  '/addCompany': '企业入库申请',
  '/about': '关于我们',
  '/construction': undefined,
  '/login': '登录',
  '/print': '打印',
  '/password': '访问密码',
};

/** Without a token these send the visitor to /login (spec §6). */
export const LOGIN_REQUIRED = new Set(['/application', '/projectDetail', '/user', '/companyDetail', '/addCompany']);
/** Logged-in users are sent from these to / (spec §4). */
export const GUEST_ONLY = new Set(['/login', '/reg']);

export function documentTitle(pathname: string, siteTitle: string): string {
  const title = ROUTE_TITLES[pathname];
  return title ? `${title} - ${siteTitle}` : siteTitle;
}
