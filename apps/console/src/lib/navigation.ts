import { consoleEndpointsFor, STAFF_ROLES, type StaffRole } from '@flagship/api-client';
import { isScreen, ROUTES, type NavGroup, type NavIcon } from '../routes';

type ConsoleEndpoint = string;

export interface NavItem {
  to: string;
  label: string;
  icon: NavIcon;
  /** The console endpoint the screen lists with; the server decides which roles may call it. */
  endpoint: ConsoleEndpoint;
  group: NavGroup;
}

/** The screens of the route table that have a place in the side navigation, in its order. */
export const NAV_ITEMS: NavItem[] = ROUTES.filter(isScreen).flatMap(({ path, endpoint, nav }) => (nav && endpoint ? [{ to: path, endpoint, ...nav }] : []));

const callable = new Map(STAFF_ROLES.map((role) => [role, new Set<string>(consoleEndpointsFor(role))]));

/** What the contract lets the role call (each declaration's `roles`): experts only their own workspace. */
export function canCall(role: StaffRole, endpoint: ConsoleEndpoint): boolean {
  return callable.get(role)?.has(endpoint) ?? false;
}

export function navItemsFor(role: StaffRole): NavItem[] {
  return NAV_ITEMS.filter((item) => canCall(role, item.endpoint));
}

/** Where a member of staff lands after signing in. */
export function homePath(role: StaffRole): string {
  return navItemsFor(role)[0]?.to ?? '/review/applications';
}

/** A path inside the console after login (never back to /login, never off-site). */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login')) return fallback;
  return value;
}
