/**
 * A new account (/switch?account=NEW, issue 15): a trial owned by its maker, in an organization the
 * maker administers or a new one of theirs, current at once, listed, audited; refused with a sentence
 * when the organization is not the maker's to add to, and nothing made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, AccountSummary, ErrorBody, TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let admin: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other, admin] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'admin@ledgerport.local');
});
afterAll(() => server.close());

const create = (tokens: TokenSet, body: Record<string, unknown>) => server.app.inject({ method: 'POST', url: '/account/new', headers: bearer(tokens), payload: body });
const accountList = async (tokens: TokenSet) => (await server.app.inject({ method: 'GET', url: '/account-list', headers: bearer(tokens) })).json<{ accounts: AccountSummary[] }>().accounts;
const accountCount = async () => (await server.testDb.db.selectFrom('accounts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;

describe('POST /account/new', () => {
  it('makes a trial owned by its maker in the organization they administer, current at once, listed and shown in History', async () => {
    const res = await create(demo, { accountName: 'Acme Outdoor Walmart', salesChannel: 'WALMART', accountingSystem: 'XERO' });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json<{ accountKey: string; organizationId: string; redirectUrl: string }>();
    expect(made).toMatchObject({ organizationId: 'org-acme', redirectUrl: '/app/admin' });
    expect(made.accountKey).toMatch(/^acme-outdoor-walmart-[0-9a-f]{6}$/);
    const listed = (await accountList(demo)).find((a) => a.accountKey === made.accountKey);
    expect(listed).toEqual({ accountKey: made.accountKey, accountName: 'Acme Outdoor Walmart', salesChannel: 'WALMART', accountingSystem: 'XERO', planCode: null, organizationId: 'org-acme', isCurrent: true });
    const account = (await server.app.inject({ method: 'GET', url: `/account?accountKey=${made.accountKey}`, headers: bearer(demo) })).json<Account>();
    expect(account).toMatchObject({ planCode: null, accountingSystemConnected: false, salesChannelConnected: false, mappingsCompleted: false });
    const role = await server.testDb.db.selectFrom('account_memberships').select('role').where('account_key', '=', made.accountKey).where('user_id', '=', 'user-demo').executeTakeFirstOrThrow();
    expect(role.role).toBe('owner');
    const history = (await server.app.inject({ method: 'GET', url: `/account-settings/history?accountKey=${made.accountKey}`, headers: bearer(demo) })).json<{ entries: { action: string; summary: string }[] }>();
    expect(history.entries.map((e) => e.action)).toContain('account.created');
  });

  it('makes a person with no organization of their own one, named after them', async () => {
    const res = await create(other, { accountName: 'Side shop', salesChannel: 'ETSY', accountingSystem: 'MANUAL' });
    expect(res.statusCode, res.body).toBe(200);
    const { organizationId, accountKey } = res.json<{ organizationId: string; accountKey: string }>();
    const org = await server.testDb.db.selectFrom('organizations').select('name').where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    const user = await server.testDb.db.selectFrom('users').select('name').where('email', '=', 'other@ledgerport.local').executeTakeFirstOrThrow();
    expect(org.name).toBe(`${user.name}'s organization`);
    expect((await accountList(other)).map((a) => a.accountKey)).toContain(accountKey);
    // Nobody else sees it.
    const peek = await server.app.inject({ method: 'GET', url: `/account?accountKey=${accountKey}`, headers: bearer(demo) });
    expect(peek.statusCode).toBe(404);
  });

  it('refuses an organization the maker only belongs to, with a sentence, and makes nothing', async () => {
    const before = await accountCount();
    const res = await create(admin, { accountName: 'Not mine', salesChannel: 'AMAZON', accountingSystem: 'QBO', organizationId: 'org-acme' });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'auth.forbidden', message: 'Only an administrator of Acme Outdoor Co can add accounts to it.' });
    expect(await accountCount()).toBe(before);
  });

  it('refuses PayPal with NetSuite, a missing name and unknown values, saying what is wrong, and makes nothing', async () => {
    const before = await accountCount();
    const paypal = await create(demo, { accountName: 'PayPal books', salesChannel: 'PAYPAL', accountingSystem: 'NETSUITE' });
    expect(paypal.json<ErrorBody>()).toMatchObject({ code: 'channel.paypal-netsuite', httpStatusCode: 422 });
    const blank = await create(demo, { accountName: '   ', salesChannel: 'AMAZON', accountingSystem: 'XERO' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<ErrorBody>().message).toContain('Give the account a name.');
    const none = await create(demo, { accountName: 'x', salesChannel: 'AMAZON', accountingSystem: 'NONE' });
    expect(none.statusCode).toBe(400);
    expect(await accountCount()).toBe(before);
  });

  it('is where /switch?account=NEW leads: the form of the web app', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/switch?account=NEW', headers: bearer(demo) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/switch?account=NEW');
  });
});
