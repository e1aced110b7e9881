/**
 * The texts of the mails with links (plain text: every client shows it, and a link in it can be
 * copied). Links point at the web app's /app/oauth/user-management page (spec section 2: the page that
 * handles email verification and password reset links) on the configured public URL, never on the
 * Host header of the request that caused the mail, so nobody can make us mail a link to their server.
 */
import { ONE_TIME_LINK_TTL_MS, type OneTimeLinkPurpose } from '@ledgerport/core/rules';
import type { OutgoingMail } from '../../mail/mailer';

const MODE: Record<OneTimeLinkPurpose, string> = { 'verify-email': 'verifyEmail', 'change-email': 'verifyAndChangeEmail', 'reset-password': 'resetPassword' };

export function linkUrlOf(publicUrl: string, purpose: OneTimeLinkPurpose, token: string): string {
  return `${publicUrl}/app/oauth/user-management?mode=${MODE[purpose]}&token=${encodeURIComponent(token)}`;
}

const hours = (purpose: OneTimeLinkPurpose) => {
  const h = ONE_TIME_LINK_TTL_MS[purpose] / 3_600_000;
  return h === 1 ? 'one hour' : `${h} hours`;
};

export function linkMail(purpose: OneTimeLinkPurpose, to: { email: string; name: string }, url: string): OutgoingMail {
  const greeting = `Hello ${to.name},`;
  const ignore = 'If you did not ask for this, you can ignore this email: nothing changes.';
  switch (purpose) {
    case 'verify-email':
      return {
        to: to.email,
        subject: 'Verify your email for Ledgerport',
        text: [greeting, '', 'Please verify your email address to finish creating your Ledgerport user:', '', url, '', `The link works for ${hours(purpose)} and only once.`, ignore, ''].join('\n'),
      };
    case 'change-email':
      return {
        to: to.email,
        subject: 'Confirm your new email for Ledgerport',
        text: [greeting, '', 'You asked to sign in to Ledgerport with this email address from now on. Confirm it here:', '', url, '', `The link works for ${hours(purpose)} and only once; until you use it, your email stays as it was.`, ignore, ''].join('\n'),
      };
    case 'reset-password':
      return {
        to: to.email,
        subject: 'Reset your Ledgerport password',
        text: [greeting, '', 'Someone (we hope you) asked to reset the password of your Ledgerport user. Choose a new one here:', '', url, '', `The link works for ${hours(purpose)} and only once. Setting a new password signs you out everywhere.`, ignore, ''].join('\n'),
      };
  }
}
