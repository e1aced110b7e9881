/**
 * Account invites and the account's users (issue 15): how long an invite link lives, what a presented
 * invite link is worth, and which membership changes keep the account owned. Pure: the server reads
 * the rows and acts on the answer.
 */
import { decideOneTimeLink, type LinkVerdict } from './one-time-link';
import type { AccountRole } from './permissions';

/** An invite works for a week: long enough for a colleague on holiday, short enough to go stale. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function inviteExpiryOf(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITE_TTL_MS);
}

/** Why an invite is no longer open: accepted, declined by the invited person, revoked by an owner, or replaced by a resend. */
export type InviteClosedReason = 'accepted' | 'declined' | 'revoked' | 'resent';

export interface StoredInvite {
  expiresAt: Date;
  closedReason: InviteClosedReason | null;
  closedAt: Date | null;
}

export type InviteVerdict = LinkVerdict | 'revoked' | 'declined';

/** The one-time-link verdicts, plus revoked and declined; used (accepted) wins like for every link. */
export function decideInvite(invite: StoredInvite, now: Date): InviteVerdict {
  if (invite.closedReason === 'revoked') return 'revoked';
  if (invite.closedReason === 'declined') return 'declined';
  return decideOneTimeLink(
    { purpose: 'verify-email', expiresAt: invite.expiresAt, usedAt: invite.closedReason === 'accepted' ? invite.closedAt ?? now : null, isSuperseded: invite.closedReason === 'resent' },
    now,
  );
}

/** What the invited person reads when the invite cannot be used. */
export function inviteRefusalReason(verdict: Exclude<InviteVerdict, 'valid'> | 'unknown' | 'other-email'): string {
  const ask = 'Ask the owner of the account to invite you again.';
  switch (verdict) {
    case 'used':
      return 'This invite was already accepted. Sign in to open the account.';
    case 'expired':
      return `This invite has expired. ${ask}`;
    case 'superseded':
      return 'A newer invite was sent since this one; use the link in the newest email.';
    case 'revoked':
      return `This invite was withdrawn by the account's owner. ${ask}`;
    case 'declined':
      return `This invite was declined. ${ask}`;
    case 'other-email':
      return 'This invite was sent to another email address. Sign in with the address the invite was sent to.';
    case 'unknown':
      return 'This invite link is not valid; check that you opened the whole link from the email.';
  }
}

export interface DirectMember {
  userId: string;
  role: string;
}

/**
 * Changing a direct member's role (newRole) or removing them (newRole null): refused with a sentence
 * when the account would be left without an owner. An account that never had a direct owner (reached
 * only through its organization) is not held to the rule by removing a member who is not its owner.
 */
export function decideMembershipChange(members: readonly DirectMember[], targetUserId: string, newRole: AccountRole | null): { allowed: true } | { allowed: false; reason: string } {
  const target = members.find((m) => m.userId === targetUserId);
  if (!target) return { allowed: false, reason: 'This person is not a member of the account.' };
  if (target.role !== 'owner' || newRole === 'owner') return { allowed: true };
  const otherOwners = members.filter((m) => m.role === 'owner' && m.userId !== targetUserId).length;
  if (otherOwners > 0) return { allowed: true };
  return {
    allowed: false,
    reason:
      newRole === null
        ? 'This is the last owner of the account, so they cannot be removed. Make another member an owner first.'
        : 'This is the last owner of the account, so their role cannot change. Make another member an owner first.',
  };
}

/** Same address, whatever its case or surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
