import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, ErrorBody, TokenSet, UserMeta } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local');
});
afterAll(() => server.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: TokenSet, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const currentAccountOf = async (userId: string) =>
  (await server.testDb.db.selectFrom('users').select('current_account_key').where('user_id', '=', userId).executeTakeFirstOrThrow()).current_account_key;
const auditRows = (action: string) => server.testDb.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('audit_id').execute();

describe('POST /switch/account', () => {
  it("changes the user's current account, answers the admin page and writes the audit log", async () => {
    const res = await inject('POST', '/switch/account', demo, { destinationAccountKey: 'acme-shopify' });
    expect(res.json()).toEqual({ redirectUrl: '/app/admin' });
    expect(await currentAccountOf('user-demo')).toBe('acme-shopify');
    const meta = (await inject('GET', '/user-meta', demo)).json<UserMeta>();
    expect(meta.currentAccount?.accountKey).toBe('acme-shopify');
    const audit = (await auditRows('user.switched-account')).at(-1);
    expect(audit).toMatchObject({ actor_user_id: 'user-demo', account_key: 'acme-shopify', before_state: { currentAccount: 'acme-amazon-us' }, after_state: { currentAccount: 'acme-shopify' } });
  });

  it("refuses to switch into another user's account and changes nothing", async () => {
    const before = await currentAccountOf('user-other');
    const res = await inject('POST', '/switch/account', other, { destinationAccountKey: 'acme-amazon-us' });
    expect(res.statusCode).toBe(404);
    expect(await currentAccountOf('user-other')).toBe(before);
  });
});

describe('GET /switch', () => {
  it('switches with a bearer token and redirects to the admin page', async () => {
    const res = await inject('GET', '/switch?account=acme-ebay', demo);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/admin');
    expect(await currentAccountOf('user-demo')).toBe('acme-ebay');
  });

  it('follows a same-host continue target', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/switch?account=acme-ebay&continue=/app/settlements', headers: { ...bearer(demo), host: 'localhost:8070' } });
    expect(res.headers.location).toBe('/app/settlements');
  });

  it('refuses a continue target on another host: sets the refusal cookie and goes to the admin page', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/switch?account=acme-ebay&continue=${encodeURIComponent('https://evil.example/phish')}`,
      headers: { ...bearer(demo), host: 'localhost:8070' },
    });
    expect(res.headers.location).toBe('/app/admin');
    expect(String(res.headers['set-cookie'])).toMatch(/^ledgerport_redirect_refused=1/);
  });

  it('sends a browser navigation without a token to the web app, which switches by POST', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/switch?account=acme-ebay' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/switch?account=acme-ebay');
  });

  it("redirects to /app/404 for an account the user cannot open, without switching", async () => {
    const res = await inject('GET', '/switch?account=acme-ebay', other);
    expect(res.headers.location).toBe('/app/404');
    expect(await currentAccountOf('user-other')).toBe('other-seller');
  });
});

describe('POST /account-settings', () => {
  it('renames the current account and records the old and new names', async () => {
    await inject('POST', '/switch/account', demo, { destinationAccountKey: 'acme-amazon-ca' });
    const res = await inject('POST', `/account-settings?accountName=${encodeURIComponent('Acme Canada')}&caller=admin`, demo);
    expect(res.statusCode).toBe(200);
    expect(res.json<Account>()).toMatchObject({ accountKey: 'acme-amazon-ca', accountName: 'Acme Canada' });
    expect((await auditRows('account.renamed')).at(-1)).toMatchObject({ before_state: { accountName: 'Acme Outdoor CA' }, after_state: { accountName: 'Acme Canada' } });
  });

  it('rejects an empty name and writes nothing', async () => {
    const before = (await auditRows('account.renamed')).length;
    const res = await inject('POST', '/account-settings?accountName=%20%20', demo);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([{ path: 'accountName', message: 'Enter an account name.' }]);
    expect(await auditRows('account.renamed')).toHaveLength(before);
  });

  it("only ever renames the caller's own current account", async () => {
    await inject('POST', '/account-settings?accountName=Renamed', other);
    const names = await server.testDb.db.selectFrom('accounts').select(['account_key', 'account_name']).where('account_name', '=', 'Renamed').execute();
    expect(names).toEqual([{ account_key: 'other-seller', account_name: 'Renamed' }]);
  });
});

describe('PUT /account?action=updateAccountingSystemReferenceName', () => {
  it('sets the reference name', async () => {
    const res = await inject('PUT', '/account?action=updateAccountingSystemReferenceName&accountKey=acme-shopify', demo, { accountingSystemReferenceName: 'Acme Xero Org' });
    expect(res.json<Account>().accountingSystemReferenceName).toBe('Acme Xero Org');
  });

  it('is refused across accounts and changes nothing', async () => {
    const res = await inject('PUT', '/account?action=updateAccountingSystemReferenceName&accountKey=acme-shopify', other, { accountingSystemReferenceName: 'Hijack' });
    expect(res.statusCode).toBe(404);
    const row = await server.testDb.db.selectFrom('accounts').select('accounting_system_reference_name').where('account_key', '=', 'acme-shopify').executeTakeFirstOrThrow();
    expect(row.accounting_system_reference_name).toBe('Acme Xero Org');
  });

  it('rejects another action name', async () => {
    const res = await inject('PUT', '/account?action=deleteEverything&accountKey=acme-shopify', demo, { accountingSystemReferenceName: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([{ path: 'action', message: 'Invalid input: expected "updateAccountingSystemReferenceName"' }]);
  });
});
