/** The invite mail (plain text, like the other link mails): who invites, to which account, as what, and the link. */
import { INVITE_TTL_MS } from '@ledgerport/core/rules';
import type { OutgoingMail } from '../../mail/mailer';

const ROLE_WORDS: Record<string, string> = { owner: 'an owner', member: 'a member', 'view-only': 'a view-only user' };

/** The link opens the web app's user-management page (spec section 2), like verification and reset links. */
export function inviteUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/app/oauth/user-management?mode=acceptInvite&token=${encodeURIComponent(token)}`;
}

export function inviteMail(to: string, invite: { accountName: string; role: string; inviterName: string | null }, url: string): OutgoingMail {
  const who = invite.inviterName ?? 'The owner of a Ledgerport account';
  return {
    to,
    subject: `You are invited to ${invite.accountName} on Ledgerport`,
    text: [
      'Hello,',
      '',
      `${who} invites you to open the Ledgerport account "${invite.accountName}" as ${ROLE_WORDS[invite.role] ?? invite.role}.`,
      'Accept the invite here (if you have no Ledgerport login yet, you can create one from this link):',
      '',
      url,
      '',
      `The link works for ${INVITE_TTL_MS / 86_400_000} days and only once.`,
      'If you did not expect this, you can ignore this email: nothing changes.',
      '',
    ].join('\n'),
  };
}
