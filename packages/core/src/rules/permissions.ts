/**
 * Who may do what in an account: the one role rule of the product (issue 14). The server applies it
 * on every route through the route's declared effect (the contract's `effect`), the web uses it to
 * hide what the user may not do. Pure: the caller's flags and roles in, the access level out.
 *
 * Levels, each including the ones before it:
 * - read:   open the account and everything in it, export and download.
 * - write:  the bookkeeping work: upload, send, reprocess, delete unposted settlements, mappings,
 *           posting settings, connect and disconnect the channel and the accounting system.
 * - manage: what belongs to the account's owner: rename the account, its users and invites,
 *           the organization's settings.
 *
 * Where the level comes from:
 * - account membership (`account_memberships.role`): owner → manage, member → write,
 *   view-only → read;
 * - organization membership (`organization_memberships.role`), for every account of the
 *   organization: admin → manage, member → write, view-only → read;
 * - the partner (accounting firm) whose partnerCode the account carries, and every member of the
 *   firm's team (users with the same partnerCode) → write: the firm does the client's books but the
 *   account stays the client's (renames, users and billing are the owner's);
 * - staff: rootAdmin and supportLead → manage every account, supportAdmin → write every account
 *   (support fixes a client's books; renaming and users stay with the owner), a developer alone →
 *   nothing beyond their own memberships;
 * - the permission CLARITY_VIEW_ONLY caps everything at read, whatever else the user has.
 * A role this rule does not know gives read, never more. Several sources: the highest wins.
 */
import { isClarityViewOnly } from './menu-filtering';

export const accessLevels = ['read', 'write', 'manage'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/**
 * What a route does, as its contract entry declares it: `read` reads, `self` changes only the
 * caller's own session or preferences (sign in, switch account, own profile: allowed to a view-only
 * user), `write` and `manage` change an account or organization and need that level.
 */
export const routeEffects = ['read', 'self', 'write', 'manage'] as const;
export type RouteEffect = (typeof routeEffects)[number];

export const accountRoles = ['owner', 'member', 'view-only'] as const;
export type AccountRole = (typeof accountRoles)[number];
export const organizationRoles = ['admin', 'member', 'view-only'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

const ACCOUNT_ROLE_LEVEL: Record<string, AccessLevel> = { owner: 'manage', member: 'write', 'view-only': 'read' };
const ORGANIZATION_ROLE_LEVEL: Record<string, AccessLevel> = { admin: 'manage', member: 'write', 'view-only': 'read' };

export interface StaffFlags {
  rootAdmin: boolean;
  supportLead: boolean;
  supportAdmin: boolean;
  permissions: readonly string[];
}

/** How the user reaches one account (read from the database by the server). */
export interface AccountReach {
  /** account_memberships.role values of the user in this account. */
  accountRoles: readonly string[];
  /** organization_memberships.role values of the user in the account's organization. */
  organizationRoles: readonly string[];
  /** The account carries the user's partnerCode. */
  partner: boolean;
}

function rank(level: AccessLevel | null): number {
  return level === null ? -1 : accessLevels.indexOf(level);
}

function highest(levels: (AccessLevel | null)[]): AccessLevel | null {
  return levels.reduce<AccessLevel | null>((best, l) => (rank(l) > rank(best) ? l : best), null);
}

/** The level of a staff member in any account (null for non-staff). */
export function staffLevel(user: StaffFlags): AccessLevel | null {
  if (user.rootAdmin || user.supportLead) return 'manage';
  if (user.supportAdmin) return 'write';
  return null;
}

/** The level the user has in one account: null when the user cannot open it at all. */
export function accountAccessLevel(user: StaffFlags, reach: AccountReach | null): AccessLevel | null {
  const level = highest([
    staffLevel(user),
    ...(reach?.accountRoles ?? []).map((r) => ACCOUNT_ROLE_LEVEL[r] ?? 'read'),
    ...(reach?.organizationRoles ?? []).map((r) => ORGANIZATION_ROLE_LEVEL[r] ?? 'read'),
    reach?.partner ? 'write' : null,
  ]);
  if (level === null) return null;
  return isClarityViewOnly(user) ? 'read' : level;
}

/** The level of the user in an organization (its settings): from the organization role alone, capped like an account. */
export function organizationAccessLevel(user: StaffFlags, organizationRoles: readonly string[]): AccessLevel | null {
  const level = highest([staffLevel(user), ...organizationRoles.map((r) => ORGANIZATION_ROLE_LEVEL[r] ?? 'read')]);
  if (level === null) return null;
  return isClarityViewOnly(user) ? 'read' : level;
}

/** The level a route effect needs in the account it touches (self and read need only to open it). */
export function levelNeeded(effect: RouteEffect): AccessLevel {
  return effect === 'write' || effect === 'manage' ? effect : 'read';
}

/**
 * The user's level allows the effect: the one check of a call. The server applies it to every route
 * with the route's declared effect; the web switches off every control whose call it refuses
 * (decision 0054), so what the screen offers is what the server accepts.
 */
export function allows(level: AccessLevel | null, effect: RouteEffect): boolean {
  return level !== null && rank(level) >= rank(levelNeeded(effect));
}

/** Refused before anything is read: a route that changes an account, called by a user who may only read anywhere. */
export function refusedEverywhere(user: Pick<StaffFlags, 'permissions'>, effect: RouteEffect): boolean {
  return (effect === 'write' || effect === 'manage') && isClarityViewOnly(user);
}

/** The sentence a refused user reads. */
export function refusalMessage(level: AccessLevel | null, effect: RouteEffect): string {
  if (level === 'read') return 'You have view-only access to this account, so you cannot change it. Ask its owner for member access.';
  if (effect === 'manage') return "Only the account's owner can do this. Ask the owner of the account.";
  return 'You do not have permission to do this.';
}

/** The words beside a control whose call the user's level refuses (a tooltip); null when allowed. */
export function callRefusalLabel(level: AccessLevel | null, effect: RouteEffect): string | null {
  if (allows(level, effect)) return null;
  if (level === 'read') return 'View-only access';
  if (effect === 'manage') return "Only the account's owner can change this";
  return 'No access to this account';
}
