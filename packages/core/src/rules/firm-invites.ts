/**
 * Invites into a partner firm (issue 19, decision 0048): who may invite whom, and whether a person may
 * join the firm the invite names. The token, expiry and closed-invite verdicts are the account invites'
 * (decideInvite, inviteExpiryOf in invites.ts). Pure.
 */
import type { TeamActor } from './teams';

export interface FirmInviteRequest {
  /** The firm role the invited person gets. */
  partnerRole: 'admin' | 'member';
  /** The team the person joins (null: the firm only). */
  hasTeam: boolean;
}

/**
 * A firm admin invites anyone into the firm, any team, any role. A team's lead invites into their own
 * team only, and only as a firm member: making a firm admin (who sees every client) is the admins' call,
 * like choosing a team's clients (decision 0038). Everyone else may not invite. `actor.teamRole` is the
 * actor's role in the invite's team (null without a team).
 */
export function firmInviteAllowed(actor: TeamActor, request: FirmInviteRequest): boolean {
  if (actor.partnerRole === 'admin') return true;
  return request.hasTeam && actor.teamRole === 'lead' && request.partnerRole === 'member';
}

/** The sentence a refused inviter reads. */
export function firmInviteRefusalMessage(request: FirmInviteRequest): string {
  if (request.hasTeam && request.partnerRole === 'member') return "Only a firm admin or this team's lead can invite people into the team.";
  return 'Only a firm admin can invite people into the firm without a team, or as a firm admin.';
}

export type FirmJoinVerdict = 'join' | 'already-in-firm' | 'other-firm';

/**
 * Whether a user may join the invited firm: nobody belongs to two firms (a user has one partner code),
 * so a person of another firm is refused; a person of the same firm only gets the team.
 */
export function decideFirmJoin(userPartnerCode: string | null, invitePartnerCode: string): FirmJoinVerdict {
  if (userPartnerCode === null || userPartnerCode === '') return 'join';
  return userPartnerCode === invitePartnerCode ? 'already-in-firm' : 'other-firm';
}

export const OTHER_FIRM_REFUSAL =
  'You already belong to another accounting firm on Ledgerport, and a login can be in one firm only. Ask that firm to remove you, or accept the invite with another email address.';

/** A firm role never goes down by accepting an invite: an admin stays admin. */
export function partnerRoleAfterInvite(current: string | null, invited: 'admin' | 'member'): 'admin' | 'member' {
  return current === 'admin' || invited === 'admin' ? 'admin' : 'member';
}

/** A team role never goes down by accepting an invite: a lead stays lead. */
export function teamRoleAfterInvite(current: string | null, invited: 'lead' | 'member'): 'lead' | 'member' {
  return current === 'lead' || invited === 'lead' ? 'lead' : 'member';
}
