import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canChangeClarityDocuments,
  canUseNewAnalysis,
  clarityAccessLevel,
  type ClarityReach,
  type ClarityUser,
} from './clarity-access';

const user: fc.Arbitrary<ClarityUser> = fc.record({
  rootAdmin: fc.boolean(),
  partnerCode: fc.constantFrom(null, 'FIRM1'),
  permissions: fc.subarray(['CLARITY_VIEW_ONLY', 'OTHER']),
});
const reach: fc.Arbitrary<ClarityReach> = fc.record({
  organizationRoles: fc.subarray(['admin', 'member', 'view-only', 'unknown']),
  isFirm: fc.boolean(),
});
const features = fc.subarray(['CLARITY', 'PRODUCT_CATALOG']);
const plain: ClarityUser = { rootAdmin: false, partnerCode: null, permissions: [] };

describe('clarityAccessLevel', () => {
  it('refuses a user who is neither member, firm nor root admin', () => {
    fc.assert(
      fc.property(user, (u) => {
        expect(
          clarityAccessLevel({ ...u, rootAdmin: false }, { organizationRoles: [], isFirm: false }),
        ).toBeNull();
      }),
    );
  });

  it('caps a Clarity view-only user at read, whatever else they have', () => {
    fc.assert(
      fc.property(user, reach, (u, r) => {
        const level = clarityAccessLevel({ ...u, permissions: ['CLARITY_VIEW_ONLY'] }, r);
        expect(level === null || level === 'read').toBe(true);
      }),
    );
  });

  it('gives members their role, the firm write and root admins manage', () => {
    expect(clarityAccessLevel(plain, { organizationRoles: ['admin'], isFirm: false })).toBe('manage');
    expect(clarityAccessLevel(plain, { organizationRoles: ['member'], isFirm: false })).toBe('write');
    expect(clarityAccessLevel(plain, { organizationRoles: ['view-only'], isFirm: false })).toBe('read');
    expect(
      clarityAccessLevel({ ...plain, partnerCode: 'FIRM1' }, { organizationRoles: [], isFirm: true }),
    ).toBe('write');
    expect(clarityAccessLevel({ ...plain, rootAdmin: true }, { organizationRoles: [], isFirm: false })).toBe(
      'manage',
    );
  });
});

describe('canUseNewAnalysis', () => {
  it('is never offered to a user who could not save the analysis', () => {
    fc.assert(
      fc.property(user, reach, features, (u, r, f) => {
        if (canUseNewAnalysis(u, r, f)) expect(canChangeClarityDocuments(u, r)).toBe(true);
      }),
    );
  });

  it('needs the CLARITY feature for members, not for the firm or a root admin', () => {
    const member: ClarityReach = { organizationRoles: ['member'], isFirm: false };
    expect(canUseNewAnalysis(plain, member, [])).toBe(false);
    expect(canUseNewAnalysis(plain, member, ['CLARITY'])).toBe(true);
    expect(
      canUseNewAnalysis({ ...plain, partnerCode: 'FIRM1' }, { organizationRoles: [], isFirm: true }, []),
    ).toBe(true);
    expect(
      canUseNewAnalysis({ ...plain, rootAdmin: true }, { organizationRoles: [], isFirm: false }, []),
    ).toBe(true);
    expect(canUseNewAnalysis({ ...plain, permissions: ['CLARITY_VIEW_ONLY'] }, member, ['CLARITY'])).toBe(
      false,
    );
  });
});
