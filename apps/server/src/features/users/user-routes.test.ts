import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser, ErrorBody, TokenSet, UserMeta } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let admin: TokenSet;
let clarity: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other, admin, clarity] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'admin@ledgerport.local', 'clarity@ledgerport.local');
});
afterAll(() => server.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: TokenSet, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });

describe('GET /user-meta', () => {
  it('returns the user, the current account with its flags, preferences and permissions', async () => {
    const meta = (await inject('GET', '/user-meta', demo)).json<UserMeta>();
    expect(meta.user).toMatchObject({
      userId: 'user-demo',
      email: 'demo@ledgerport.local',
      currentAccount: 'acme-amazon-us',
      partnerCode: null,
      rootAdmin: false,
      supportLead: false,
      supportAdmin: false,
      developer: false,
      billingAccountId: null,
      billingData: null,
      loginEnablingParty: null,
      permissions: [],
      canAccessPartnerOverview: false,
      canAccessTeams: false,
      pendingInvites: [],
    });
    expect(meta.user.accountsThatCanBeAccessedByThisUser).toHaveLength(5);
    expect(meta.currentAccount?.accountName).toBe('Acme Outdoor US');
    expect(meta.featureFlags).toEqual(['AMAZON_SUMMARY_REPORT', 'NEW_ADMIN_PAGE']);
    expect(meta.userApplicationPreferences).toEqual({ organizationModalConfirmed: false, payPalBannerOnShopifyDismissed: false });
    expect(meta.permissions).toEqual([]);
  });

  it('uses accountKey as the current account for this answer without switching', async () => {
    const meta = (await inject('GET', '/user-meta?accountKey=acme-shopify', demo)).json<UserMeta>();
    expect(meta.currentAccount?.accountKey).toBe('acme-shopify');
    expect(meta.user.accountsThatCanBeAccessedByThisUser.filter((a) => a.isCurrent).map((a) => a.accountKey)).toEqual(['acme-shopify']);
    expect(meta.featureFlags).toEqual(['SHOPIFY_DEFERRED_REVENUE_ENABLED', 'SHOPIFY_SINGLE_ORDER_ENABLED']);
    expect((await inject('GET', '/user-meta', demo)).json<UserMeta>().currentAccount?.accountKey).toBe('acme-amazon-us');
  });

  it("answers 404 to a user asking for another account's meta", async () => {
    const res = await inject('GET', '/user-meta?accountKey=acme-amazon-us', other);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('account.not-found');
  });

  it("refuses another user's meta to a non-admin", async () => {
    expect((await inject('GET', '/user-meta?userId=user-demo', other)).statusCode).toBe(403);
  });

  it('lets an admin load another user and an account outside their own reach', async () => {
    const meta = (await inject('GET', '/user-meta?userId=user-other', admin)).json<UserMeta>();
    expect(meta.user.userId).toBe('user-other');
    expect(meta.currentAccount?.accountKey).toBe('other-seller');
    const own = (await inject('GET', '/user-meta?accountKey=other-seller', admin)).json<UserMeta>();
    expect(own.user.currentAccount).toBe('other-seller');
    expect(own.user.accountsThatCanBeAccessedByThisUser.map((a) => a.accountKey)).toContain('other-seller');
  });

  it('answers 404 user.not-found to an admin naming a user that does not exist', async () => {
    expect((await inject('GET', '/user-meta?userId=nobody', admin)).json<ErrorBody>().code).toBe('user.not-found');
  });

  it('lists CLARITY_VIEW_ONLY for the Clarity user', async () => {
    expect((await inject('GET', '/user-meta', clarity)).json<UserMeta>().permissions).toEqual(['CLARITY_VIEW_ONLY']);
  });
});

describe('GET /user', () => {
  it('returns the AuthUser with currentAccount set to the accountKey asked for', async () => {
    const user = (await inject('GET', '/user?accountKey=acme-ebay', demo)).json<AuthUser>();
    expect(user.currentAccount).toBe('acme-ebay');
    expect(user.email).toBe('demo@ledgerport.local');
  });

  it('is refused across accounts', async () => {
    expect((await inject('GET', '/user?accountKey=acme-ebay', other)).statusCode).toBe(404);
  });

  it('gives a partner overview and teams access to partner users', async () => {
    const partner = await server.signIn('partner@ledgerport.local');
    const user = (await inject('GET', '/user', partner)).json<AuthUser>();
    expect(user).toMatchObject({ partnerCode: 'PARTNER1', canAccessPartnerOverview: true, canAccessTeams: true, currentAccount: 'birch-walmart' });
  });
});

describe('user profile', () => {
  it('returns and updates the name, with the change in the audit log (email changes: sign-up/password-routes.test.ts)', async () => {
    expect((await inject('GET', '/user-profile', other)).json()).toEqual({ userId: 'user-other', email: 'other@ledgerport.local', name: 'Oscar Other', timeZone: 'UTC', pendingEmail: null });
    const res = await inject('POST', '/user-profile', other, { name: 'Oscar O.' });
    expect(res.json()).toEqual({ userId: 'user-other', email: 'other@ledgerport.local', name: 'Oscar O.', timeZone: 'UTC', pendingEmail: null });
    const audit = await server.testDb.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.profile-updated').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: 'user-other', before_state: { name: 'Oscar Other', timeZone: 'UTC' }, after_state: { name: 'Oscar O.', timeZone: 'UTC' } });
  });

  it("refuses an email already used by someone else, whatever its case", async () => {
    const res = await inject('POST', '/user-profile', other, { email: 'DEMO@ledgerport.local' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().message).toBe('The email address DEMO@ledgerport.local is already used by another user.');
  });

  it('rejects an email that is not an email', async () => {
    const res = await inject('POST', '/user-profile', other, { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([{ path: 'email', message: 'Enter a valid email address.' }]);
  });
});

describe('application preferences', () => {
  it('records the organization modal confirmation for the user', async () => {
    const res = await inject('PUT', '/user/application-preferences/organization-modal-confirmed', demo, { organizationModalConfirmed: true, userId: 'user-demo' });
    expect(res.json()).toEqual({ organizationModalConfirmed: true, payPalBannerOnShopifyDismissed: false });
    expect((await inject('GET', '/user-meta', demo)).json<UserMeta>().userApplicationPreferences.organizationModalConfirmed).toBe(true);
  });

  it("refuses to change another user's preferences", async () => {
    const res = await inject('PUT', '/user/application-preferences/organization-modal-confirmed', other, { organizationModalConfirmed: true, userId: 'user-demo' });
    expect(res.statusCode).toBe(403);
  });

  it('records the dismissal of the PayPal banner', async () => {
    const res = await inject('PUT', '/user/application-preferences/paypal-banner-on-shopify-dismissed', other);
    expect(res.json()).toEqual({ organizationModalConfirmed: false, payPalBannerOnShopifyDismissed: true });
  });

  it('rejects a string where a boolean is expected', async () => {
    const res = await inject('PUT', '/user/application-preferences/organization-modal-confirmed', demo, { organizationModalConfirmed: 'yes', userId: 'user-demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([{ path: 'organizationModalConfirmed', message: 'Invalid input: expected boolean, received string' }]);
  });
});
