/**
 * Pages the server renders with their data (entry-server.tsx); the browser hydrates them. Pages
 * with forms of their own (login, registration, passwords), the user centre's and the print view
 * start in the browser.
 */
export const SERVER_RENDERED = new Set([
  '/index',
  '/project',
  '/projectDetail',
  '/declaration',
  '/application',
  '/decDetail',
  '/policy',
  '/policyDetail',
  '/expert',
  '/expertDetail',
  '/company',
  '/companyDetail',
  '/search',
  '/about',
]);

/** The `<script type="application/json">` that carries a rendered page's data to the browser. */
export const SERVER_DATA_ID = 'flagship-server-data';
