import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newAccountKey, placeNewAccount, type OrganizationOfUser } from './new-account';

const firm: OrganizationOfUser = { organizationId: 'org-firm', name: 'Ledger & Co', role: 'admin' };
const client: OrganizationOfUser = { organizationId: 'org-client', name: 'Client Ltd', role: 'member' };

describe('placeNewAccount', () => {
  it('joins the organization asked for when the person administers it', () => {
    expect(placeNewAccount([firm, client], 'org-firm', 'Dana')).toEqual({ kind: 'existing', organizationId: 'org-firm' });
  });
  it('refuses one the person only belongs to, or does not belong to, saying which', () => {
    expect(placeNewAccount([firm, client], 'org-client', 'Dana')).toEqual({ kind: 'refused', message: 'Only an administrator of Client Ltd can add accounts to it.' });
    expect(placeNewAccount([firm], 'org-other', 'Dana')).toEqual({ kind: 'refused', message: 'That organization was not found among yours.' });
  });
  it('joins the one organization the person administers when none is asked for', () => {
    expect(placeNewAccount([firm, client], null, 'Dana')).toEqual({ kind: 'existing', organizationId: 'org-firm' });
  });
  it("makes the person an organization of their own when they administer none, or several and did not choose", () => {
    expect(placeNewAccount([client], null, 'Dana')).toEqual({ kind: 'new-organization', name: "Dana's organization" });
    expect(placeNewAccount([], null, '  ')).toEqual({ kind: 'new-organization', name: 'My organization' });
    expect(placeNewAccount([firm, { ...firm, organizationId: 'org-2' }], null, 'Dana')).toEqual({ kind: 'new-organization', name: "Dana's organization" });
  });
});

describe('newAccountKey', () => {
  it('reads well in a URL', () => {
    expect(newAccountKey('Acme Outdoor (US)', 'k3x9qa')).toBe('acme-outdoor-us-k3x9qa');
    expect(newAccountKey('Crème Brûlée — EU', 'abc123')).toBe('creme-brulee-eu-abc123');
    expect(newAccountKey('!!!', 'abc123')).toBe('account-abc123');
    expect(newAccountKey('店舗', 'abc123')).toBe('account-abc123');
  });
  it('is always lowercase letters, digits and single inner dashes, at most 40 characters before the suffix', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const key = newAccountKey(name, 'x1y2z3');
        expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(key.length).toBeLessThanOrEqual(40 + 7);
        expect(key.endsWith('-x1y2z3')).toBe(true);
      }),
    );
  });
});
