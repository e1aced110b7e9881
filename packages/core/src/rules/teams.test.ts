import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firmReachesAccount, teamActionAllowed, type TeamAction } from './teams';

const role = fc.constantFrom('admin', 'member', null, 'unknown');
const teamRole = fc.constantFrom('lead', 'member', null, 'unknown');
const action = fc.constantFrom<TeamAction>('create', 'rename', 'delete', 'members', 'accounts');

describe('firmReachesAccount', () => {
  it('never reaches an account of another firm, whatever the role and teams', () =>
    fc.assert(fc.property(role, fc.nat(5), (partnerRole, teamsWithAccount) => !firmReachesAccount({ sameFirm: false, partnerRole, teamsWithAccount }))));

  it('lets a firm admin reach every client of the firm, in a team or not', () =>
    fc.assert(fc.property(fc.nat(5), (teamsWithAccount) => firmReachesAccount({ sameFirm: true, partnerRole: 'admin', teamsWithAccount }))));

  it('lets anyone else reach a client exactly when one of their teams includes it', () =>
    fc.assert(
      fc.property(role.filter((r) => r !== 'admin'), fc.nat(5), (partnerRole, teamsWithAccount) =>
        firmReachesAccount({ sameFirm: true, partnerRole, teamsWithAccount }) === teamsWithAccount > 0,
      ),
    ));
});

describe('teamActionAllowed', () => {
  it('allows a firm admin every action', () => fc.assert(fc.property(teamRole, action, (t, a) => teamActionAllowed({ partnerRole: 'admin', teamRole: t }, a))));

  it('allows a non-admin only the members of a team they lead', () =>
    fc.assert(
      fc.property(role.filter((r) => r !== 'admin'), teamRole, action, (partnerRole, t, a) =>
        teamActionAllowed({ partnerRole, teamRole: t }, a) === (a === 'members' && t === 'lead'),
      ),
    ));

  it('refuses a lead the team\'s client accounts', () => expect(teamActionAllowed({ partnerRole: 'member', teamRole: 'lead' }, 'accounts')).toBe(false));
});
