import { describe, expect, it } from 'vitest';
import { decideFirmJoin, firmInviteAllowed, firmInviteRefusalMessage, partnerRoleAfterInvite, teamRoleAfterInvite } from './firm-invites';

describe('firmInviteAllowed', () => {
  it('lets a firm admin invite anyone, with or without a team, as admin or member', () => {
    for (const hasTeam of [true, false]) for (const partnerRole of ['admin', 'member'] as const) expect(firmInviteAllowed({ partnerRole: 'admin', teamRole: null }, { partnerRole, hasTeam })).toBe(true);
  });
  it("lets a team's lead invite members into that team only", () => {
    expect(firmInviteAllowed({ partnerRole: 'member', teamRole: 'lead' }, { partnerRole: 'member', hasTeam: true })).toBe(true);
    expect(firmInviteAllowed({ partnerRole: 'member', teamRole: 'lead' }, { partnerRole: 'admin', hasTeam: true })).toBe(false);
    expect(firmInviteAllowed({ partnerRole: 'member', teamRole: null }, { partnerRole: 'member', hasTeam: false })).toBe(false);
  });
  it('refuses a team member and a firm member outside the team', () => {
    expect(firmInviteAllowed({ partnerRole: 'member', teamRole: 'member' }, { partnerRole: 'member', hasTeam: true })).toBe(false);
    expect(firmInviteAllowed({ partnerRole: null, teamRole: null }, { partnerRole: 'member', hasTeam: true })).toBe(false);
    expect(firmInviteRefusalMessage({ partnerRole: 'member', hasTeam: true })).toMatch(/team's lead/);
    expect(firmInviteRefusalMessage({ partnerRole: 'admin', hasTeam: true })).toMatch(/Only a firm admin/);
  });
});

describe('decideFirmJoin', () => {
  it('lets a person of no firm join, keeps a person of the same firm, refuses another firm', () => {
    expect(decideFirmJoin(null, 'P1')).toBe('join');
    expect(decideFirmJoin('', 'P1')).toBe('join');
    expect(decideFirmJoin('P1', 'P1')).toBe('already-in-firm');
    expect(decideFirmJoin('P2', 'P1')).toBe('other-firm');
  });
});

describe('roles after an invite', () => {
  it('never demote', () => {
    expect(partnerRoleAfterInvite('admin', 'member')).toBe('admin');
    expect(partnerRoleAfterInvite(null, 'member')).toBe('member');
    expect(partnerRoleAfterInvite('member', 'admin')).toBe('admin');
    expect(teamRoleAfterInvite('lead', 'member')).toBe('lead');
    expect(teamRoleAfterInvite(null, 'lead')).toBe('lead');
    expect(teamRoleAfterInvite('member', 'member')).toBe('member');
  });
});
