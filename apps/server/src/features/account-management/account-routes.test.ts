import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, AccountSummary, ErrorBody, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let admin: TokenSet;
let partner: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other, admin, partner] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'admin@ledgerport.local', 'partner@ledgerport.local');
});
afterAll(() => server.close());

const get = (url: string, tokens: TokenSet) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const notFound = { message: 'This account does not exist or you do not have access to it.', code: 'account.not-found', httpStatusCode: 404 };

describe('GET /account-list', () => {
  it("lists the demo user's organization accounts sorted by name, case-insensitive, with the current one marked", async () => {
    const res = await get('/account-list', demo);
    const accounts = res.json<{ accounts: AccountSummary[] }>().accounts;
    expect(accounts.map((a) => a.accountName)).toEqual(['Acme Outdoor CA', 'Acme Outdoor eBay', 'Acme Outdoor Shop', 'Acme Outdoor US', 'Trial Etsy Shop']);
    expect(accounts.filter((a) => a.isCurrent).map((a) => a.accountKey)).toEqual(['acme-amazon-us']);
    expect(accounts.find((a) => a.accountKey === 'trial-etsy')).toEqual({
      accountKey: 'trial-etsy',
      accountName: 'Trial Etsy Shop',
      salesChannel: 'ETSY',
      accountingSystem: 'NONE',
      planCode: null,
      organizationId: 'org-acme',
      isCurrent: false,
    });
  });

  it("gives a partner the client accounts carrying the partner's code", async () => {
    const accounts = (await get('/account-list', partner)).json<{ accounts: AccountSummary[] }>().accounts;
    expect(accounts.map((a) => a.accountKey)).toEqual(['birch-walmart', 'birch-bigcommerce']);
  });

  it("refuses another user's list to a non-admin and gives it to an admin", async () => {
    const refused = await get('/account-list?userId=user-demo', other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().code).toBe('auth.forbidden');
    const allowed = await get('/account-list?userId=user-other', admin);
    expect(allowed.json<{ accounts: AccountSummary[] }>().accounts.map((a) => a.accountKey)).toEqual(['other-seller']);
  });
});

describe('GET /account', () => {
  it('returns every Account field of the current account, with settings when asked', async () => {
    const res = await get('/account?accountKey=acme-amazon-us&settings=true', demo);
    expect(res.statusCode).toBe(200);
    const account = res.json<Account>();
    expect(account).toMatchObject({
      accountKey: 'acme-amazon-us',
      accountName: 'Acme Outdoor US',
      accountingSystem: 'QBO',
      salesChannel: 'AMAZON',
      planCode: 'STANDARD',
      planAmount: '49.0000',
      organizationId: 'org-acme',
      featureFlags: ['AMAZON_SUMMARY_REPORT', 'NEW_ADMIN_PAGE'],
      enabledFeatureFlags: ['AMAZON_SUMMARY_REPORT', 'NEW_ADMIN_PAGE'],
      settings: { shouldSplitByCountry: false, quickSetup: false },
    });
    expect(account.accountFeatures).toEqual({
      enableAmazonPay: true,
      amazonDeferredTransactionEnabled: false,
      showAdvancedFba: false,
      showGiftCards: false,
      stripeEnabled: false,
      cogsEnabled: true,
      cogsRefundsEnabled: false,
      premium: false,
      isAccount60DaysOld: false,
      validCopyAccounts: true,
      isAmazonSummaryReportEnabled: true,
      isDemoAccount: true,
    });
  });

  it('reports a trial account with a null plan code and no settings unless asked', async () => {
    const account = (await get('/account?accountKey=trial-etsy', demo)).json<Account>();
    expect(account.planCode).toBeNull();
    expect(account.planAmount).toBeNull();
    expect(account.settings).toBeUndefined();
  });

  it('counts an account as 60 days old from its creation date', async () => {
    const start = server.clock();
    server.clock.set(new Date('2026-12-31T00:00:00.000Z'));
    try {
      const later = await server.signIn('demo@ledgerport.local');
      const account = (await get('/account?accountKey=acme-ebay', later)).json<Account>();
      expect(account.accountFeatures.isAccount60DaysOld).toBe(true);
    } finally {
      server.clock.set(start);
    }
  });

  it("answers 404 to a user of another account asking for account A's data", async () => {
    const res = await get('/account?accountKey=acme-amazon-us', other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ...notFound, details: { accountKey: 'acme-amazon-us' } });
  });

  it('answers the same 404 for an account that does not exist', async () => {
    expect((await get('/account?accountKey=no-such-account', demo)).json<ErrorBody>().code).toBe('account.not-found');
  });

  it('lets an admin open any account', async () => {
    expect((await get('/account?accountKey=other-seller', admin)).json<Account>().accountName).toBe('Other Seller Ltd');
  });

  it('rejects a missing accountKey and an unknown parameter', async () => {
    const missing = await get('/account', demo);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().details).toEqual([{ path: 'accountKey', message: 'This field is required.' }]);
    const unknown = await get('/account?accountKey=acme-ebay&foo=1', demo);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().message).toBe('The query string is not valid. Unknown query parameter "foo".');
  });
});

describe('GET /account/copy-mappings', () => {
  it('lists the other accounts on the same channel and accounting system', async () => {
    const res = await get('/account/copy-mappings?accountKey=acme-amazon-us', demo);
    expect(res.json<{ accounts: AccountSummary[] }>().accounts.map((a) => a.accountKey)).toEqual(['acme-amazon-ca']);
  });

  it('is refused across accounts', async () => {
    expect((await get('/account/copy-mappings?accountKey=acme-amazon-us', other)).statusCode).toBe(404);
  });
});

describe('GET /public/account/overview', () => {
  it("returns the account's name, channel and accounting system", async () => {
    expect((await get('/public/account/overview?accountKey=acme-shopify', demo)).json()).toEqual({
      accountKey: 'acme-shopify',
      accountName: 'Acme Outdoor Shop',
      salesChannel: 'SHOPIFY',
      accountingSystem: 'XERO',
    });
  });

  it('is refused across accounts', async () => {
    expect((await get('/public/account/overview?accountKey=other-seller', demo)).json()).toEqual({ ...notFound, details: { accountKey: 'other-seller' } });
  });
});

describe('GET /backend/account/list', () => {
  it('pages through every account by name with a cursor', async () => {
    const first = (await get('/backend/account/list?limit=5', admin)).json<{ accounts: AccountSummary[]; cursor: string | null }>();
    expect(first.accounts.map((a) => a.accountName)).toEqual(['Acme Outdoor CA', 'Acme Outdoor eBay', 'Acme Outdoor Shop', 'Acme Outdoor US', 'Birch Home Goods']);
    expect(first.cursor).not.toBeNull();
    const second = (await get(`/backend/account/list?limit=5&cursor=${first.cursor}`, admin)).json<{ accounts: AccountSummary[]; cursor: string | null }>();
    expect(second.accounts.map((a) => a.accountName)).toEqual(['Cedar Crafts', 'Other Seller Ltd', 'Trial Etsy Shop']);
    expect(second.cursor).toBeNull();
  });

  it('is admin only: a merchant is answered like a missing page (spec section 6)', async () => {
    const res = await get('/backend/account/list?limit=5', demo);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'There is no endpoint GET /backend/account/list.', code: 'not-found', httpStatusCode: 404 });
  });

  it('rejects a limit that is not a number and a forged cursor', async () => {
    expect((await get('/backend/account/list?limit=ten', admin)).statusCode).toBe(400);
    const forged = await get('/backend/account/list?limit=5&cursor=bm9wZQ', admin);
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ErrorBody>().message).toBe('The cursor is not valid; use the cursor returned by the previous page.');
  });
});

describe('POST /account/copy-account-creds-to-staging', () => {
  it('is admin only (404 for a merchant, like a missing page)', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/account/copy-account-creds-to-staging', headers: bearer(demo), payload: { accountKeyCopyFrom: 'acme-amazon-us' } });
    expect(res.statusCode).toBe(404);
  });

  it('says when the account has no credentials to copy', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/account/copy-account-creds-to-staging', headers: bearer(admin), payload: { accountKeyCopyFrom: 'acme-amazon-us' } });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'account.no-credentials' });
  });

  it('answers 404 for an unknown account', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/account/copy-account-creds-to-staging', headers: bearer(admin), payload: { accountKeyCopyFrom: 'nope' } });
    expect(res.statusCode).toBe(404);
  });
});
