import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideOneTimeLink, linkExpiryOf, linkRefusalReason, ONE_TIME_LINK_TTL_MS, rateLimitWaitMs } from './one-time-link';
import { canonicalTimeZone } from './time-zone';

const sentAt = new Date('2026-11-22T10:00:00Z');
const link = (extra: Partial<Parameters<typeof decideOneTimeLink>[0]> = {}) => ({
  purpose: 'reset-password' as const,
  expiresAt: linkExpiryOf('reset-password', sentAt),
  usedAt: null,
  isSuperseded: false,
  ...extra,
});

describe('one-time links', () => {
  it('a reset link lives one hour, a verification link 48 hours', () => {
    expect(linkExpiryOf('reset-password', sentAt).toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(linkExpiryOf('verify-email', sentAt).toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it('is valid until its expiry, expired from that instant on', () => {
    expect(decideOneTimeLink(link(), new Date(sentAt.getTime() + ONE_TIME_LINK_TTL_MS['reset-password'] - 1))).toBe('valid');
    expect(decideOneTimeLink(link(), new Date(sentAt.getTime() + ONE_TIME_LINK_TTL_MS['reset-password']))).toBe('expired');
  });

  it('says used before expired or superseded', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.boolean(), (later, isSuperseded) =>
        decideOneTimeLink(link({ usedAt: sentAt, isSuperseded }), new Date(sentAt.getTime() + later)) === 'used',
      ),
    ));

  it('gives a reason that tells what to do next', () => {
    expect(linkRefusalReason('expired', 'verify-email')).toBe('This link has expired. Sign in to get a new verification email.');
    expect(linkRefusalReason('used', 'reset-password')).toBe('This link was already used. Ask for a new password reset link on the sign-in page.');
  });
});

describe('rate limit wait', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('is 0 below the maximum', () => expect(rateLimitWaitMs([ago(1000)], 2, 60_000, now)).toBe(0));
  it('waits until the oldest counted request leaves the window', () => expect(rateLimitWaitMs([ago(1000), ago(20_000)], 2, 60_000, now)).toBe(40_000));
});

describe('time zones', () => {
  it('accepts IANA names and spells them as Intl does', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });
  it('refuses what is not a zone', () => {
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
    expect(canonicalTimeZone('')).toBeUndefined();
  });
});
