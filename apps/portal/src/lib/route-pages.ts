/**
 * The page module each route renders, relative to `src/`. The router lazy-loads them, and the
 * build lists each route's chunks so that the server can preload them with the page itself.
 */
export const ROUTE_PAGES = {
  '/index': 'features/home/routes/home-page',
  '/reg': 'features/account/routes/register-page',
  '/user': 'features/user-centre/routes/user-page',
  '/reset': 'features/account/routes/reset-page',
  '/404': 'features/site/routes/not-found-page',
  '/personal': 'features/user-centre/routes/personal-page',
  '/forget': 'features/account/routes/forget-page',
  '/search': 'features/search/routes/search-page',
  '/project': 'features/projects/routes/project-list-page',
  '/projectDetail': 'features/projects/routes/project-detail-page',
  '/declaration': 'features/projects/routes/declaration-page',
  '/decDetail': 'features/applications/routes/dec-detail-page',
  '/application': 'features/applications/routes/application-page',
  '/policy': 'features/policies/routes/policy-list-page',
  '/policyDetail': 'features/policies/routes/policy-detail-page',
  '/expert': 'features/experts/routes/expert-list-page',
  '/expertDetail': 'features/experts/routes/expert-detail-page',
  '/company': 'features/enterprises/routes/company-list-page',
  '/companyDetail': 'features/enterprises/routes/company-detail-page',
  '/addCompany': 'features/enterprises/routes/add-company-page',
  '/about': 'features/site/routes/about-page',
  '/construction': 'features/site/routes/construction-page',
  '/print': 'features/applications/routes/print-page',
  '/password': 'features/account/routes/password-page',
  '/login': 'features/account/routes/login-page',
} as const;

export type PagePath = keyof typeof ROUTE_PAGES;
