/** The firm invite mail (plain text, like the account invite mail): who invites, into which firm and team, as what, and the link. */
import { INVITE_TTL_MS } from '@ledgerport/core/rules';
import type { OutgoingMail } from '../../mail/mailer';

/** The link opens the web app's user-management page (spec section 2), like the account invite links. */
export function firmInviteUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/app/oauth/user-management?mode=acceptFirmInvite&token=${encodeURIComponent(token)}`;
}

export interface FirmInviteAbout {
  partnerCode: string;
  partnerRole: 'admin' | 'member';
  teamName: string | null;
  teamRole: 'lead' | 'member' | null;
  inviterName: string | null;
}

/** "the accounting firm PARTNER1 as a firm member, in the team Walmart desk as its lead" */
export function firmInviteWords(about: FirmInviteAbout): string {
  const firm = `the accounting firm ${about.partnerCode} as ${about.partnerRole === 'admin' ? 'a firm admin' : 'a firm member'}`;
  if (about.teamName === null) return firm;
  return `${firm}, in the team "${about.teamName}" as ${about.teamRole === 'lead' ? 'its lead' : 'a member'}`;
}

export function firmInviteMail(to: string, about: FirmInviteAbout, url: string): OutgoingMail {
  const who = about.inviterName ?? 'An admin of an accounting firm on Ledgerport';
  return {
    to,
    subject: `You are invited to join ${about.partnerCode} on Ledgerport`,
    text: [
      'Hello,',
      '',
      `${who} invites you to join ${firmInviteWords(about)}.`,
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
