/**
 * Connect flows, settings, reference data and the port resolver over real SQL, against the local
 * vendor server (Xero from its OpenAPI spec, QBO from its XSD) reached through configured URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, TokenSet } from '@ledgerport/contract';
import { localEndpoints, sampleDocument, startVendorServer, type VendorServer } from '@ledgerport/integrations/accounting/testing';
import { startTestServer, type TestServer } from '../../../test/test-app';
import { createSecretBox } from '../../security/secret-box';
import type { Deps } from '../../http/deps';
import { createAccountingPortResolver } from './resolve-accounting-connection-port';

const ACCOUNT = 'acme-amazon-us';
let vendors: VendorServer;
let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
const auth = (t: TokenSet) => ({ authorization: `Bearer ${t.accessToken}`, host: 'ledgerport.test' });

beforeAll(async () => {
  vendors = await startVendorServer();
  server = await startTestServer({ config: { accounting: localEndpoints(vendors.url) } });
  [demo, other] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local');
});
afterAll(async () => {
  await server?.close();
  await vendors?.close();
});

/** Start, consent at the local system (Allow or Cancel), and post the /cb query back. */
async function connect(system: 'XERO' | 'QBO', decision: 'allow' | 'cancel' = 'allow') {
  const start = await server.app.inject({ method: 'POST', url: '/accounting/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, system } });
  expect(start.statusCode).toBe(200);
  const authorize = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`http://ledgerport.test/app/admin/accounting/${system.toLowerCase()}/cb`);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', decision);
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  const query = Object.fromEntries(back.searchParams);
  const res = await server.app.inject({ method: 'POST', url: '/accounting/callback', headers: auth(demo), payload: { system, query } });
  return { res, query };
}

/** What Home and the Admin page read: the account, its connection state derived from the row (decision 0056). */
const accountingState = async () => (await server.app.inject({ method: 'GET', url: `/account?accountKey=${ACCOUNT}`, headers: auth(demo) })).json<Account>();
const account = () => server.testDb.db.selectFrom('accounts').selectAll().where('account_key', '=', ACCOUNT).executeTakeFirstOrThrow();
const connection = () => server.testDb.db.selectFrom('connections').selectAll().where('account_key', '=', ACCOUNT).where('role', '=', 'accounting').executeTakeFirstOrThrow();
const depsOf = () => ({ db: server.testDb.db, config: { accounting: localEndpoints(vendors.url) }, clock: server.clock, secretBox: createSecretBox('test-secret-not-for-production') }) as unknown as Deps;

describe('connecting Xero', () => {
  it('sends the user to Xero with state and PKCE (S256)', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/accounting/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, system: 'XERO' } });
    const url = new URL(res.json<{ authorizeUrl: string }>().authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${vendors.url}/xero/identity/connect/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toContain('offline_access');
    const stored = await server.testDb.db.selectFrom('oauth_states').selectAll().where('state', '=', url.searchParams.get('state')!).executeTakeFirstOrThrow();
    expect(stored.code_verifier_sealed).toMatch(/^v1\./);
  });

  it('finishes the round trip: tokens sealed, account fields set, chart of accounts cached', async () => {
    const { res } = await connect('XERO');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accountKey: ACCOUNT, organizationName: 'Demo Company (Local Xero)', nextStep: null });
    const a = await account();
    expect([a.accounting_system, a.accounting_system_organization_name]).toEqual(['XERO', 'Demo Company (Local Xero)']);
    expect(await accountingState()).toMatchObject({ accountingConnectionState: 'connected', accountingSystemConnected: true, accountingSystemOrganizationName: 'Demo Company (Local Xero)', isAccountingSandbox: false });
    expect(a.accounting_system_reference_name).not.toBeNull();
    const c = await connection();
    expect(c.status).toBe('CONNECTED');
    expect(c.credentials_sealed).toMatch(/^v1\./);
    expect(c.credentials_sealed).not.toContain('xero-at-');
    const data = await server.app.inject({ method: 'GET', url: `/accounting/reference-data?accountKey=${ACCOUNT}`, headers: auth(demo) });
    expect(data.json<{ accounts: { code: string }[] }>().accounts.map((x) => x.code)).toEqual(expect.arrayContaining(['200', '201', '404']));
    expect(data.json<{ taxRates: { code: string }[] }>().taxRates.map((x) => x.code)).toContain('OUTPUT2');
  });

  it('a state is used once', async () => {
    const { query } = await connect('XERO');
    const again = await server.app.inject({ method: 'POST', url: '/accounting/callback', headers: auth(demo), payload: { system: 'XERO', query } });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ code: string }>().code).toBe('accounting.state-invalid');
  });

  it('Cancel at Xero answers the spec message and changes nothing', async () => {
    const before = await connection();
    const { res } = await connect('XERO', 'cancel');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe('We were unable to connect to your account because the authorization was cancelled.');
    expect((await connection()).credentials_sealed).toBe(before.credentials_sealed);
  });

  it('the resolver posts through the connection and refreshes the 30-minute token before expiry (rotating refresh token kept)', async () => {
    const resolve = createAccountingPortResolver(depsOf);
    expect(await resolve(ACCOUNT, 'QBO')).toBeNull();
    const sealedBefore = (await connection()).credentials_sealed;
    server.clock.advance(26 * 60_000);
    const port = (await resolve(ACCOUNT, 'XERO'))!;
    const ref = await port.postDocument(sampleDocument('xero-invoice', { sales: '201', fees: '404', clearing: '610' }, 'SRV-1'), { idempotencyKey: `${ACCOUNT}:SRV-1` });
    expect(vendors.xero.documents.filter((d) => d.id === ref.remoteId)).toHaveLength(1);
    const after = await connection();
    expect(after.credentials_sealed).not.toBe(sealedBefore);
    expect(after.access_token_expires_at!.getTime()).toBeGreaterThan(server.clock().getTime() + 25 * 60_000);
    expect(vendors.xero.oauth.log.grants.filter((g) => g === 'refresh_token')).toHaveLength(1);
    server.clock.advance(-26 * 60_000);
  });
});

describe('connecting QuickBooks Online', () => {
  it('takes the realm from the callback and asks for the bank account next', async () => {
    const { res } = await connect('QBO');
    expect(res.json()).toEqual({ accountKey: ACCOUNT, organizationName: 'Sandbox Company_US_1 (Local QuickBooks)', nextStep: 'bank-account-settings' });
    expect((await connection()).remote_id).toBe('9341453012345678');
  });

  it('saves a bank account of the company and refuses one it does not have', async () => {
    const bad = await server.app.inject({ method: 'PUT', url: '/accounting/settings', headers: auth(demo), payload: { accountKey: ACCOUNT, bankAccountId: '999' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Bank account "999" is not one of the bank accounts');
    const ok = await server.app.inject({ method: 'PUT', url: '/accounting/settings', headers: auth(demo), payload: { accountKey: ACCOUNT, bankAccountId: '35' } });
    expect(ok.json()).toMatchObject({ system: 'QBO', bankAccountId: '35', isConnected: true, bankAccounts: [{ code: '35', name: 'Checking' }] });
  });

  it('reads the bank accounts from the connected company when none are cached (qbo/bank-account-settings)', async () => {
    await server.testDb.db.deleteFrom('accounting_reference_data').where('account_key', '=', ACCOUNT).execute();
    const res = await server.app.inject({ method: 'GET', url: `/accounting/settings?accountKey=${ACCOUNT}`, headers: auth(demo) });
    expect(res.json()).toMatchObject({ system: 'QBO', isConnected: true, bankAccounts: [{ code: '35', name: 'Checking' }] });
    // Read from the local QuickBooks server and cached for the mappings and the next visit.
    const cached = await server.testDb.db.selectFrom('accounting_reference_data').select('system').where('account_key', '=', ACCOUNT).executeTakeFirst();
    expect(cached).toEqual({ system: 'QBO' });
  });
});

describe('disconnect and manual', () => {
  it('disconnect deletes the tokens and the resolver finds nothing', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/accounting/disconnect', headers: auth(demo), payload: { accountKey: ACCOUNT } });
    expect(res.statusCode).toBe(204);
    expect((await connection()).credentials_sealed).toBeNull();
    expect(await accountingState()).toMatchObject({ accountingConnectionState: 'disconnected', accountingSystemConnected: false });
    expect(await createAccountingPortResolver(depsOf)(ACCOUNT, 'QBO')).toBeNull();
  });

  it("MANUAL means 'Connected manually'", async () => {
    await server.app.inject({ method: 'POST', url: '/accounting/connect-manual', headers: auth(demo), payload: { accountKey: ACCOUNT } });
    const a = await account();
    expect([a.accounting_system, a.accounting_system_organization_name]).toEqual(['MANUAL', 'Connected manually']);
    expect(await accountingState()).toMatchObject({ accountingConnectionState: 'connected', accountingSystemConnected: true, accountingSystemOrganizationName: 'Connected manually' });
  });
});

describe('cross-account refusal', () => {
  it("answers not-found for another account's connect, settings, reference data and disconnect", async () => {
    const calls = [
      { method: 'POST' as const, url: '/accounting/connect', payload: { accountKey: ACCOUNT, system: 'XERO' } },
      { method: 'GET' as const, url: `/accounting/settings?accountKey=${ACCOUNT}` },
      { method: 'PUT' as const, url: '/accounting/settings', payload: { accountKey: ACCOUNT, lineAmountTypes: 'Inclusive' } },
      { method: 'GET' as const, url: `/accounting/reference-data?accountKey=${ACCOUNT}` },
      { method: 'POST' as const, url: '/accounting/reference-data/refresh', payload: { accountKey: ACCOUNT } },
      { method: 'POST' as const, url: '/accounting/disconnect', payload: { accountKey: ACCOUNT } },
      { method: 'POST' as const, url: '/accounting/connect-manual', payload: { accountKey: ACCOUNT } },
    ];
    for (const call of calls) {
      const res = await server.app.inject({ ...call, headers: auth(other) });
      expect([call.url, res.statusCode, res.json<{ code: string }>().code]).toEqual([call.url, 404, 'account.not-found']);
    }
  });

  it("another user cannot finish a flow started by the account's user", async () => {
    const start = await server.app.inject({ method: 'POST', url: '/accounting/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, system: 'XERO' } });
    const state = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl).searchParams.get('state')!;
    const res = await server.app.inject({ method: 'POST', url: '/accounting/callback', headers: auth(other), payload: { system: 'XERO', query: { state, code: 'x' } } });
    expect(res.json<{ code: string }>().code).toBe('accounting.state-invalid');
  });
});
