import { describe, expect, it } from 'vitest';
import { decideInvite, decideMembershipChange, inviteExpiryOf, inviteRefusalReason, INVITE_TTL_MS } from './invites';

const sent = new Date('2026-11-22T10:00:00.000Z');
const open = { expiresAt: inviteExpiryOf(sent), closedReason: null, closedAt: null };

describe('decideInvite', () => {
  it('is valid until it expires a week later', () => {
    expect(decideInvite(open, sent)).toBe('valid');
    expect(decideInvite(open, new Date(sent.getTime() + INVITE_TTL_MS))).toBe('expired');
  });
  it('says accepted (used), revoked, declined and resent (superseded), used and revoked winning over expired', () => {
    const late = new Date(sent.getTime() + 2 * INVITE_TTL_MS);
    expect(decideInvite({ ...open, closedReason: 'accepted', closedAt: sent }, late)).toBe('used');
    expect(decideInvite({ ...open, closedReason: 'revoked', closedAt: sent }, late)).toBe('revoked');
    expect(decideInvite({ ...open, closedReason: 'declined', closedAt: sent }, sent)).toBe('declined');
    expect(decideInvite({ ...open, closedReason: 'resent', closedAt: sent }, sent)).toBe('superseded');
  });
  it('has a sentence for every refusal', () => {
    expect(inviteRefusalReason('revoked')).toMatch(/withdrawn/);
    expect(inviteRefusalReason('used')).toMatch(/already accepted/);
  });
});

describe('decideMembershipChange', () => {
  const members = [
    { userId: 'a', role: 'owner' },
    { userId: 'b', role: 'member' },
  ];
  it('refuses removing or demoting the last owner, with a sentence', () => {
    expect(decideMembershipChange(members, 'a', null)).toEqual({ allowed: false, reason: 'This is the last owner of the account, so they cannot be removed. Make another member an owner first.' });
    expect(decideMembershipChange(members, 'a', 'member')).toEqual({ allowed: false, reason: 'This is the last owner of the account, so their role cannot change. Make another member an owner first.' });
  });
  it('allows it when another owner remains, and any change of a non-owner', () => {
    const two = [...members, { userId: 'c', role: 'owner' }];
    expect(decideMembershipChange(two, 'a', 'view-only')).toEqual({ allowed: true });
    expect(decideMembershipChange(members, 'b', null)).toEqual({ allowed: true });
    expect(decideMembershipChange(members, 'b', 'owner')).toEqual({ allowed: true });
  });
  it('refuses someone who is not a direct member', () => {
    expect(decideMembershipChange(members, 'z', null).allowed).toBe(false);
  });
});
