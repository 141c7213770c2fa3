import { isPage, routeOf } from '../routes';

// The page shown before the current one, so that login can go "back" without a query parameter.
let current: string | undefined;
let previous: string | undefined;

// The last page login may return to, for this tab across full page loads: a 1001 reloads the page
// and the guard then sends the visitor to /login with no query.
const STORED = 'flagship-return-path';

function stored(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

const pathOf = (path: string) => path.split('?')[0] ?? path;

/** Not the account screens nor /404, and not a path the router only sends on (/). */
function isReturnPath(pathname: string): boolean {
  const route = routeOf(pathname);
  return !route || (isPage(route) && !route.noReturn);
}

export function recordLocation(path: string): void {
  if (path === current) return;
  previous = current;
  current = path;
  if (isReturnPath(pathOf(path))) {
    try {
      stored()?.setItem(STORED, path);
    } catch {
      // Storage refused: only this page load's history counts.
    }
  }
}

/**
 * Where to return after logging in: the page before /login, unless it was an account screen; on
 * a fresh load of /login, the last such page of this tab. The login page asks while it first
 * renders, when /login may not be recorded yet.
 */
export function returnPath(): string | undefined {
  const before = current && pathOf(current) === '/login' ? previous : current;
  if (!before) {
    const last = stored()?.getItem(STORED) ?? undefined;
    return last && isReturnPath(pathOf(last)) ? last : undefined;
  }
  return isReturnPath(pathOf(before)) ? before : undefined;
}
