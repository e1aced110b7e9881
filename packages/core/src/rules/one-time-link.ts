/**
 * The links Ledgerport mails (issue 15): email verification after sign-up, an email change, and a
 * password reset. Each carries a one-time token; the server keeps only its hash, an expiry and when
 * it was used. These rules decide how long each lives and whether a presented one is still good.
 */

export type OneTimeLinkPurpose = 'verify-email' | 'change-email' | 'reset-password';

/** How long a link works after it was sent. A reset is short (it grants the account); verification is not. */
export const ONE_TIME_LINK_TTL_MS: Record<OneTimeLinkPurpose, number> = {
  'verify-email': 48 * 60 * 60 * 1000,
  'change-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

export function linkExpiryOf(purpose: OneTimeLinkPurpose, sentAt: Date): Date {
  return new Date(sentAt.getTime() + ONE_TIME_LINK_TTL_MS[purpose]);
}

export interface StoredLink {
  purpose: OneTimeLinkPurpose;
  expiresAt: Date;
  usedAt: Date | null;
  /** A newer link of the same purpose replaced it, or the account changed under it (the email it names is no longer the user's). */
  isSuperseded: boolean;
}

export type LinkVerdict = 'valid' | 'used' | 'expired' | 'superseded';

/** Used wins over expired: a person who already clicked it should hear so, not that it timed out. */
export function decideOneTimeLink(link: StoredLink, now: Date): LinkVerdict {
  if (link.usedAt) return 'used';
  if (link.isSuperseded) return 'superseded';
  if (now.getTime() >= link.expiresAt.getTime()) return 'expired';
  return 'valid';
}

/** What the person reads when a link cannot be used, after the spec's 'Could not verify email.' or its reset equivalent. */
export function linkRefusalReason(verdict: Exclude<LinkVerdict, 'valid'> | 'unknown', purpose: OneTimeLinkPurpose | undefined): string {
  const again =
    purpose === 'reset-password'
      ? 'Ask for a new password reset link on the sign-in page.'
      : purpose === 'change-email'
        ? 'Change the email again under My Profile to get a new link.'
        : 'Sign in to get a new verification email.';
  switch (verdict) {
    case 'used':
      return purpose === 'reset-password' ? `This link was already used. ${again}` : 'This link was already used: your email is verified, you can sign in.';
    case 'expired':
      return `This link has expired. ${again}`;
    case 'superseded':
      return `A newer link was sent since this one; use the newest email. ${again}`;
    case 'unknown':
      return `This link is not valid; check that you opened the whole link from the email. ${again}`;
  }
}

/**
 * How long to wait before one more request is allowed, given the times of the requests already
 * counted (newest first) within the window: 0 when fewer than `max` are in it. Shared by the sign-in,
 * sign-up, resend and reset limits.
 */
export function rateLimitWaitMs(newestFirst: readonly Date[], max: number, windowMs: number, now: Date): number {
  const oldestCounted = newestFirst[max - 1];
  if (!oldestCounted) return 0;
  return Math.max(0, oldestCounted.getTime() + windowMs - now.getTime());
}
