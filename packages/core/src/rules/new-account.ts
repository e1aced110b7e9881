/**
 * A new account (/switch?account=NEW, issue 15): which organization it joins and the key it gets.
 * It starts as a trial (no plan code), owned by the person who made it.
 *
 * Organization: the one asked for, when the person administers it (a member or view-only member of a
 * firm's organization may not add accounts to it); otherwise the one organization the person
 * administers; otherwise a new organization of their own, named after them. Asked for one they do not
 * administer: refused, saying so.
 */
import type { OrganizationRole } from './permissions';

export interface OrganizationOfUser {
  organizationId: string;
  name: string;
  role: OrganizationRole;
}

export type NewAccountPlacement =
  | { kind: 'existing'; organizationId: string }
  | { kind: 'new-organization'; name: string }
  | { kind: 'refused'; message: string };

export function placeNewAccount(organizations: readonly OrganizationOfUser[], requestedOrganizationId: string | null, userName: string): NewAccountPlacement {
  const administered = organizations.filter((o) => o.role === 'admin');
  if (requestedOrganizationId !== null) {
    const asked = organizations.find((o) => o.organizationId === requestedOrganizationId);
    if (asked?.role === 'admin') return { kind: 'existing', organizationId: asked.organizationId };
    return { kind: 'refused', message: asked ? `Only an administrator of ${asked.name} can add accounts to it.` : 'That organization was not found among yours.' };
  }
  if (administered.length === 1) return { kind: 'existing', organizationId: administered[0]!.organizationId };
  const owner = userName.trim() || 'My';
  return { kind: 'new-organization', name: `${owner}${owner === 'My' ? '' : "'s"} organization` };
}

/** Characters of a key made from a name, before its random suffix. */
const KEY_STEM_MAX = 40;

/**
 * An account key from its name and a random suffix: lowercase letters, digits and single dashes
 * ("Acme Outdoor (US)" + "k3x9qa" → "acme-outdoor-us-k3x9qa"), so it reads well in a URL. A name
 * with no letter or digit gives "account-<suffix>".
 */
export function newAccountKey(accountName: string, suffix: string): string {
  const stem = accountName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, KEY_STEM_MAX)
    .replace(/-+$/, '');
  return `${stem || 'account'}-${suffix}`;
}
