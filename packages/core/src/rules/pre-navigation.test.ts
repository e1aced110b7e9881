import { describe, expect, it } from 'vitest';
import { decidePreNavigation, passesStrictReferrerCheck, type NavigationRequest } from './pre-navigation';

const req = (over: Partial<NavigationRequest> = {}): NavigationRequest => ({
  path: '/admin',
  search: '',
  route: {},
  referrer: '',
  origin: 'http://127.0.0.1:8070',
  clarityViewOnly: false,
  organizationId: null,
  ...over,
});
const admin = { expired: false, user: { rootAdmin: true, supportLead: false, supportAdmin: false } };
const merchant = { expired: false, user: { rootAdmin: false, supportLead: false, supportAdmin: false } };

describe('pre-navigation', () => {
  it('1: public pages proceed even for Clarity view-only users', () =>
    expect(decidePreNavigation(req({ path: '/login', route: { isPublic: true }, clarityViewOnly: true }))).toEqual({ kind: 'proceed' }));
  it('2: a strict referrer check failure sends the user to /admin', () =>
    expect(decidePreNavigation(req({ path: '/billing', route: { strictReferrer: true }, referrer: 'https://evil.example/x' }))).toMatchObject({
      kind: 'redirect',
      to: '/admin',
    }));
  it('2: a same-host or empty referrer passes', () => {
    expect(passesStrictReferrerCheck('http://127.0.0.1:8070/app/admin', 'http://127.0.0.1:8070')).toBe(true);
    expect(passesStrictReferrerCheck('', 'http://127.0.0.1:8070')).toBe(true);
  });
  it('3: checkout without accountKey goes to billing', () =>
    expect(decidePreNavigation(req({ path: '/billing/checkout', search: '?planCode=STANDARD' }))).toMatchObject({ to: '/billing' }));
  it('3: billing with planCode and accountKey goes to checkout with both', () =>
    expect(decidePreNavigation(req({ path: '/app/billing', search: '?planCode=PREMIUM&accountKey=A1' }))).toMatchObject({
      to: '/billing/checkout?planCode=PREMIUM&accountKey=A1',
    }));
  it('4: carries query parameters from an organization page to a Clarity page', () =>
    expect(
      decidePreNavigation(req({ path: '/clarity/dashboard', from: { path: '/organization/o1/dashboard', search: '?organizationId=o1' } })),
    ).toMatchObject({ to: '/clarity/dashboard?organizationId=o1' }));
  it('4: does not carry them to other pages', () =>
    expect(decidePreNavigation(req({ path: '/settlements', from: { path: '/clarity/dashboard', search: '?a=1' } }))).toEqual({ kind: 'proceed' }));
  it('5: admin-only routes ask for the user status first', () =>
    expect(decidePreNavigation(req({ path: '/backend', route: { adminOnly: true } }))).toEqual({ kind: 'needs-user-status' }));
  it('5: lacking admin rights leads to /404', () =>
    expect(decidePreNavigation(req({ path: '/backend', route: { adminOnly: true }, userStatus: merchant }))).toMatchObject({ to: '/404' }));
  it('5: an expired user status leads to /404 even for an admin', () =>
    expect(decidePreNavigation(req({ path: '/backend', route: { adminOnly: true }, userStatus: { ...admin, expired: true } }))).toMatchObject({
      to: '/404',
    }));
  it('5: admins proceed', () =>
    expect(decidePreNavigation(req({ path: '/backend', route: { adminOnly: true }, userStatus: admin }))).toEqual({ kind: 'proceed' }));
  it('6: Clarity view-only users outside Clarity go to their organization dashboard', () =>
    expect(decidePreNavigation(req({ path: '/settlements', clarityViewOnly: true, organizationId: 'org-7' }))).toMatchObject({
      to: '/organization/org-7/dashboard',
    }));
  it('6: to the unassigned dashboard when they have no organization', () =>
    expect(decidePreNavigation(req({ path: '/admin', clarityViewOnly: true }))).toMatchObject({ to: '/organization/unassigned/dashboard' }));
  it('6: they stay on Clarity pages', () =>
    expect(decidePreNavigation(req({ path: '/app/clarity/dashboard', clarityViewOnly: true }))).toEqual({ kind: 'proceed' }));
});
