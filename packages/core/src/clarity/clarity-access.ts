/**
 * Who may open an organization's Clarity pages and what they may do there (issue 19, decision 0037).
 * Pure: the caller's flags and how they reach the organization in, the level out.
 *
 * - Members of the organization (organization_memberships): admin → manage, member → write,
 *   view-only → read.
 * - The organization's firm (a partner whose partnerCode the organization or one of its accounts
 *   carries) → write: the firm prepares analyses and documents for its client.
 * - Root admins → manage. Other staff (support) reach accounts through the backend, not Clarity.
 * - Anyone else → null: the organization is answered as not found.
 * - CLARITY_VIEW_ONLY caps everything at read, as in every account (permissions.ts).
 */
import { accessLevels, type AccessLevel } from '../rules/permissions';
import { isClarityViewOnly } from '../rules/menu-filtering';

export interface ClarityUser {
  rootAdmin: boolean;
  partnerCode: string | null;
  permissions: readonly string[];
}

export interface ClarityReach {
  /** organization_memberships.role values of the user in the organization. */
  organizationRoles: readonly string[];
  /** The user's partnerCode is the organization's or one of its accounts'. */
  isFirm: boolean;
}

const ROLE_LEVEL: Record<string, AccessLevel> = { admin: 'manage', member: 'write', 'view-only': 'read' };
const rank = (l: AccessLevel | null) => (l === null ? -1 : accessLevels.indexOf(l));

export function clarityAccessLevel(user: ClarityUser, reach: ClarityReach): AccessLevel | null {
  const candidates: (AccessLevel | null)[] = [
    user.rootAdmin ? 'manage' : null,
    reach.isFirm && user.partnerCode !== null ? 'write' : null,
    // A role this rule does not know gives read, never more.
    ...reach.organizationRoles.map((r) => ROLE_LEVEL[r] ?? 'read'),
  ];
  const level = candidates.reduce<AccessLevel | null>((best, l) => (rank(l) > rank(best) ? l : best), null);
  if (level === null) return null;
  return isClarityViewOnly(user) ? 'read' : level;
}

/**
 * 'New Analysis' (spec section 6: "hidden under a condition involving firm and flags"): shown to a
 * user who may save analyses (write or more) when the organization has the CLARITY premium feature,
 * or when the user is its firm or a root admin (who set Clarity up for clients before they buy it).
 * Hidden for view-only users, who cannot save.
 */
export function canUseNewAnalysis(
  user: ClarityUser,
  reach: ClarityReach,
  organizationFeatures: readonly string[],
): boolean {
  const level = clarityAccessLevel(user, reach);
  if (rank(level) < rank('write')) return false;
  return (
    organizationFeatures.includes('CLARITY') || user.rootAdmin || (reach.isFirm && user.partnerCode !== null)
  );
}

/** Upload and delete documents: write or more. Everyone who can open Clarity can list and download. */
export function canChangeClarityDocuments(user: ClarityUser, reach: ClarityReach): boolean {
  return rank(clarityAccessLevel(user, reach)) >= rank('write');
}
