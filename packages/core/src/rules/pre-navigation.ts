/**
 * Pre-navigation rules 1 to 6 of spec section 2, as one pure decision. The web router asks before
 * rendering a route and follows the answer; the admin check (rule 5) needs the user status, which
 * the caller fetches when the decision says so and then passes in.
 */
import { stripAppBase } from './layout-table';

export interface RouteFlags {
  isPublic?: boolean;
  strictReferrer?: boolean;
  adminOnly?: boolean;
}

export interface UserStatusForNavigation {
  expired: boolean;
  user: { rootAdmin: boolean; supportLead: boolean; supportAdmin: boolean } | null;
}

export interface NavigationRequest {
  /** Target path inside the app, with or without the /app base. */
  path: string;
  /** Target query string, with or without the leading '?'. */
  search: string;
  route: RouteFlags;
  /** Where the user comes from inside the app, when this is an in-app navigation. */
  from?: { path: string; search: string };
  /** document.referrer ('' when none) and the app's own origin, for the strict referrer check. */
  referrer: string;
  origin: string;
  clarityViewOnly: boolean;
  /** The Clarity view-only user's organization, null when they have none. */
  organizationId: string | null;
  /** The user status, once fetched, for admin-only routes. */
  userStatus?: UserStatusForNavigation;
}

export type NavigationDecision =
  | { kind: 'proceed' }
  | { kind: 'redirect'; to: string; reason: string }
  | { kind: 'needs-user-status' };

const params = (search: string) => new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);

export function isClarityOrOrganizationPath(path: string): boolean {
  const bare = stripAppBase(path);
  return /^\/(clarity|organization)(\/|$)/.test(bare);
}

/** A referrer passes when there is none (typed address, bookmark) or it is on the app's own host. */
export function passesStrictReferrerCheck(referrer: string, origin: string): boolean {
  if (referrer === '') return true;
  try {
    return new URL(referrer).host === new URL(origin).host;
  } catch {
    return false;
  }
}

export function hasAdminRights(status: UserStatusForNavigation): boolean {
  const u = status.user;
  return !status.expired && u !== null && (u.rootAdmin || u.supportLead || u.supportAdmin);
}

export function decidePreNavigation(req: NavigationRequest): NavigationDecision {
  const path = stripAppBase(req.path);
  // 1. Public pages are handled outside the main app.
  if (req.route.isPublic) return { kind: 'proceed' };
  // 6. Clarity view-only users are confined to Clarity and organization pages.
  if (req.clarityViewOnly && !isClarityOrOrganizationPath(path)) {
    return { kind: 'redirect', to: `/organization/${req.organizationId ?? 'unassigned'}/dashboard`, reason: 'clarity-view-only' };
  }
  // 2. Strict referrer check.
  if (req.route.strictReferrer && !passesStrictReferrerCheck(req.referrer, req.origin)) {
    return { kind: 'redirect', to: '/admin', reason: 'strict-referrer' };
  }
  // 3. Checkout needs an account; billing with a plan and an account goes straight to checkout.
  const query = params(req.search);
  if (path === '/billing/checkout' && !query.get('accountKey')) {
    return { kind: 'redirect', to: '/billing', reason: 'checkout-without-account' };
  }
  if (path === '/billing' && query.get('planCode') && query.get('accountKey')) {
    return { kind: 'redirect', to: `/billing/checkout?${query.toString()}`, reason: 'billing-with-plan' };
  }
  // 4. Query parameters travel between Clarity and organization pages.
  if (
    req.from &&
    params(req.search).size === 0 &&
    params(req.from.search).size > 0 &&
    isClarityOrOrganizationPath(path) &&
    isClarityOrOrganizationPath(req.from.path)
  ) {
    return { kind: 'redirect', to: `${path}?${params(req.from.search).toString()}`, reason: 'carry-query' };
  }
  // 5. Admin-only routes need an unexpired user status with admin rights.
  if (req.route.adminOnly) {
    if (!req.userStatus) return { kind: 'needs-user-status' };
    if (!hasAdminRights(req.userStatus)) return { kind: 'redirect', to: '/404', reason: 'not-admin' };
  }
  return { kind: 'proceed' };
}
