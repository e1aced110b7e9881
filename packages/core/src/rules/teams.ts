/**
 * Teams of a partner (accounting) firm (issue 19, decision 0038). A firm is the users and client
 * accounts carrying one partner code. Its admins see and manage everything of the firm; a firm member
 * who is not an admin reaches only the clients of the teams they belong to. The server applies these
 * verdicts: `firmReachesAccount` where accounts are listed and opened, `teamActionAllowed` on each team
 * call. Pure.
 */

export const partnerRoles = ['admin', 'member'] as const;
export type PartnerRole = (typeof partnerRoles)[number];
export const teamRoles = ['lead', 'member'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** What a call does to a team: create and delete a team, rename it, change its members, or its client accounts. */
export type TeamAction = 'create' | 'rename' | 'delete' | 'members' | 'accounts';

export interface FirmReach {
  /** The account carries the user's partner code. */
  sameFirm: boolean;
  /** users.partner_role (null for a partner user of before teams who was not made an admin: a member). */
  partnerRole: string | null;
  /** How many of the user's teams include the account. */
  teamsWithAccount: number;
}

/** A firm admin reaches every client of the firm; any other firm member only the clients of their teams. */
export function firmReachesAccount(reach: FirmReach): boolean {
  if (!reach.sameFirm) return false;
  return reach.partnerRole === 'admin' || reach.teamsWithAccount > 0;
}

export interface TeamActor {
  partnerRole: string | null;
  /** The actor's role in the team acted on (null: not in it, or a new team). */
  teamRole: string | null;
}

/**
 * Firm admins do everything. A team's lead may add, change and remove the team's members, nothing
 * else: choosing the team's clients would let a lead give themselves any client of the firm, and
 * creating, renaming and deleting teams shape the firm, which is the admins' call.
 */
export function teamActionAllowed(actor: TeamActor, action: TeamAction): boolean {
  if (actor.partnerRole === 'admin') return true;
  return action === 'members' && actor.teamRole === 'lead';
}

/** The sentence a refused firm member reads. */
export function teamRefusalMessage(action: TeamAction): string {
  if (action === 'members') return "Only a firm admin or this team's lead can change its members.";
  return 'Only a firm admin can create, rename or delete teams or choose their client accounts.';
}
