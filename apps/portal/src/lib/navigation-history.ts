import { isPage, routeOf } from '../routes';

// The page shown before the current one, so that login can go "back" without a query parameter.
let current: string | undefined;
let previous: string | undefined;

export function recordLocation(path: string): void {
  if (path === current) return;
  previous = current;
  current = path;
}

const pathOf = (path: string) => path.split('?')[0] ?? path;

/** Not the account screens nor /404, and not a path the router only sends on (/). */
function isReturnPath(pathname: string): boolean {
  const route = routeOf(pathname);
  return !route || (isPage(route) && !route.noReturn);
}

/**
 * Where to return after logging in: the page before /login, unless it was an account screen.
 * The login page asks while it first renders, when /login may not be recorded yet.
 */
export function returnPath(): string | undefined {
  const before = current && pathOf(current) === '/login' ? previous : current;
  if (!before) return undefined;
  return isReturnPath(pathOf(before)) ? before : undefined;
}
