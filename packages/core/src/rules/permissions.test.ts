import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accessLevels, accountAccessLevel, allows, callRefusalLabel, organizationAccessLevel, refusalMessage, refusedEverywhere, routeEffects, type StaffFlags } from './permissions';

const user = (over: Partial<StaffFlags> = {}): StaffFlags => ({ rootAdmin: false, supportLead: false, supportAdmin: false, permissions: [], ...over });
const reach = (accountRoles: string[] = [], organizationRoles: string[] = [], partner = false) => ({ accountRoles, organizationRoles, partner });

describe('accountAccessLevel', () => {
  it('gives owner manage, member write, view-only read; organization admin manage; partner write', () => {
    expect(accountAccessLevel(user(), reach(['owner']))).toBe('manage');
    expect(accountAccessLevel(user(), reach(['member']))).toBe('write');
    expect(accountAccessLevel(user(), reach(['view-only']))).toBe('read');
    expect(accountAccessLevel(user(), reach([], ['admin']))).toBe('manage');
    expect(accountAccessLevel(user(), reach([], ['member']))).toBe('write');
    expect(accountAccessLevel(user(), reach([], ['view-only']))).toBe('read');
    expect(accountAccessLevel(user(), reach([], [], true))).toBe('write');
  });

  it('gives nothing without a way in, and staff their level everywhere', () => {
    expect(accountAccessLevel(user(), reach())).toBeNull();
    expect(accountAccessLevel(user(), null)).toBeNull();
    expect(accountAccessLevel(user({ rootAdmin: true }), null)).toBe('manage');
    expect(accountAccessLevel(user({ supportLead: true }), null)).toBe('manage');
    expect(accountAccessLevel(user({ supportAdmin: true }), null)).toBe('write');
  });

  it('a role it does not know gives read, never more', () => {
    expect(accountAccessLevel(user(), reach(['superuser']))).toBe('read');
  });

  it('CLARITY_VIEW_ONLY caps every source at read, and the highest source wins otherwise', () => {
    const roles = fc.constantFrom('owner', 'member', 'view-only', 'admin', 'unknown');
    fc.assert(
      fc.property(fc.array(roles), fc.array(roles), fc.boolean(), fc.boolean(), fc.boolean(), (a, o, partner, root, clarity) => {
        const u = user({ rootAdmin: root, permissions: clarity ? ['CLARITY_VIEW_ONLY'] : [] });
        const level = accountAccessLevel(u, reach(a, o, partner));
        const reachable = root || partner || a.length > 0 || o.length > 0;
        if (!reachable) return level === null;
        if (clarity) return level === 'read';
        if (root || a.includes('owner') || o.includes('admin')) return level === 'manage';
        if (partner || a.includes('member') || o.includes('member')) return level === 'write';
        return level === 'read';
      }),
    );
  });
});

describe('allows and the refusals', () => {
  it('read and self need only to open; write and manage need their level', () => {
    expect(routeEffects.filter((e) => allows('read', e))).toEqual(['read', 'self']);
    expect(routeEffects.filter((e) => allows('write', e))).toEqual(['read', 'self', 'write']);
    expect(routeEffects.filter((e) => allows('manage', e))).toEqual(['read', 'self', 'write', 'manage']);
    expect(routeEffects.filter((e) => allows(null, e))).toEqual([]);
  });

  it('refuses a Clarity view-only user every change before anything is read, but not its own session', () => {
    const clarity = user({ permissions: ['CLARITY_VIEW_ONLY'] });
    expect(routeEffects.filter((e) => refusedEverywhere(clarity, e))).toEqual(['write', 'manage']);
    expect(routeEffects.filter((e) => refusedEverywhere(user(), e))).toEqual([]);
  });

  it('tells a view-only user why, and a member that the owner does it', () => {
    expect(refusalMessage('read', 'write')).toMatch(/view-only access/);
    expect(refusalMessage('write', 'manage')).toMatch(/owner/);
  });

  it('labels a control as refused exactly when the call is refused, view-only users with "View-only access"', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, ...accessLevels), fc.constantFrom(...routeEffects), (level, effect) => {
        expect(callRefusalLabel(level, effect) === null).toBe(allows(level, effect));
      }),
    );
    expect(callRefusalLabel('read', 'write')).toBe('View-only access');
    expect(callRefusalLabel('read', 'manage')).toBe('View-only access');
    expect(callRefusalLabel('write', 'manage')).toMatch(/owner/);
    expect(accountAccessLevel(user({ permissions: ['CLARITY_VIEW_ONLY'] }), reach(['owner']))).toBe('read');
  });

  it('an organization level comes from its role, capped the same way', () => {
    expect(organizationAccessLevel(user(), ['admin'])).toBe('manage');
    expect(organizationAccessLevel(user({ permissions: ['CLARITY_VIEW_ONLY'] }), ['admin'])).toBe('read');
    expect(organizationAccessLevel(user(), [])).toBeNull();
  });
});
