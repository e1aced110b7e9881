/**
 * The connect flows, connections list, history requests and fetch job over real SQL, against the fake
 * Amazon and Shopify served as local HTTP servers (the app reaches them through configured base URLs).
 * The app is assembled here from the auth routes and this feature only, so these tests do not depend
 * on other features being present.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { summarizeSettingChange } from '../posting-settings/setting-change-summary';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFakeAmazon, type FakeAmazon } from '@ledgerport/integrations/testing';
import { createFakeShopify, type FakeShopify } from '@ledgerport/integrations/testing';
import { serveFetch, type ServedFetch } from '@ledgerport/integrations/testing';
import type { TokenSet } from '@ledgerport/contract';
import type { Config } from '../../config';
import { openTestDb, type TestDb } from '../../../test/test-db';
import { mailDepsForTests } from '../../../test/test-app';
import { createAccessTokens } from '../../security/access-tokens';
import { registerAuthRoutes } from '../auth/auth-routes';
import { createSignInLimiter } from '../../security/sign-in-limiter';
import type { Deps } from '../../http/deps';
import { registerErrorHandling } from '../../http/error-handler';
import { createSecretBox } from '../../security/secret-box';
import { noAccountingConnections } from '../../http/accounting-port-resolver';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { loadChannelConfig } from '../../config/channel-config';
import type { ChannelJobSender } from './channel-jobs';
import { registerChannelConnections } from './register-channel-connections';
import { runChannelFetch } from './fetch-channel-settlements-job';
import { createChannelReportFetcher } from './fetch-channel-report';
import { assertPlanFeature } from '../billing/check-billing';

const ACCOUNT = 'acme-amazon-us';
const app = { clientId: 'ledgerport-app', clientSecret: 'ledgerport-secret' };
let testDb: TestDb;
let server: FastifyInstance;
let deps: Deps;
let amazon: FakeAmazon;
let shopify: FakeShopify;
const served: ServedFetch[] = [];
const sentJobs: { queue: string; data: Record<string, unknown> }[] = [];
let demo: TokenSet;
let other: TokenSet;
let support: TokenSet;

const auth = (t: TokenSet) => ({ authorization: `Bearer ${t.accessToken}`, host: 'ledgerport.test' });

beforeAll(async () => {
  testDb = await openTestDb();
  const clock = () => new Date('2026-11-22T12:00:00Z');
  const amazonServed = await serveFetch((r) => amazon.fetch(r));
  const shopifyServed = await serveFetch((r) => shopify.fetch(r));
  served.push(amazonServed, shopifyServed);
  const channels = loadChannelConfig({
    LEDGERPORT_AMAZON_API_URL: amazonServed.url,
    LEDGERPORT_AMAZON_TOKEN_URL: `${amazonServed.url}/auth/o2/token`,
    LEDGERPORT_AMAZON_CONSENT_URL: `${amazonServed.url}/apps/authorize/consent`,
    LEDGERPORT_AMAZON_CLIENT_ID: app.clientId,
    LEDGERPORT_AMAZON_CLIENT_SECRET: app.clientSecret,
    LEDGERPORT_SHOPIFY_SHOP_URL: shopifyServed.url,
    LEDGERPORT_SHOPIFY_CLIENT_ID: app.clientId,
    LEDGERPORT_SHOPIFY_CLIENT_SECRET: app.clientSecret,
  });
  // Not test-app's buildApp: only the auth routes and this feature are assembled (see the file comment).
  const config = { port: 0, host: '127.0.0.1', dataDir: '/nonexistent', dbDir: '/nonexistent/db', databaseUrl: undefined, secret: 'test-secret-not-for-production', webDistDir: '/nonexistent', signInAttemptsMax: 100, signInWindowMs: 60_000, signInFailuresPerIpMax: 100, signInIpWindowMs: 60_000, bodyLimitBytes: 1024 * 1024, logLevel: 'silent', channels } as unknown as Config;
  const jobs: ChannelJobSender = { send: (queue, data) => Promise.resolve(String(sentJobs.push({ queue, data }))) };
  server = Fastify();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.decorateRequest('caller', null);
  deps = {
    db: testDb.db,
    config,
    clock,
    accessTokens: createAccessTokens(config.secret, clock),
    signInLimiter: createSignInLimiter(config, clock), ...mailDepsForTests(clock), planGate: assertPlanFeature,
    secretBox: createSecretBox(config.secret),
    resolveAccountingPort: noAccountingConnections,
    jobs,
    fetchChannelReport: () => Promise.resolve(null),
  };
  registerErrorHandling(server, config.bodyLimitBytes, () => false);
  registerAuthRoutes(server, deps);
  registerChannelConnections(server, deps);
  await server.ready();
  const signIn = async (email: string) => (await server.inject({ method: 'POST', url: '/oauth/login', payload: { email, password: DEMO_PASSWORD } })).json<TokenSet>();
  demo = await signIn('demo@ledgerport.local');
  other = await signIn('other@ledgerport.local');
  support = await signIn('support@ledgerport.local');
});

afterAll(async () => {
  await server?.close();
  for (const s of served) await s.close();
  await testDb?.close();
});

beforeEach(async () => {
  amazon = await createFakeAmazon({ apiUrl: served[0]!.url, tokenUrl: `${served[0]!.url}/auth/o2/token`, ...app });
  shopify = await createFakeShopify({ shopUrl: served[1]!.url, ...app });
  sentJobs.length = 0;
});

async function connectAmazon() {
  const start = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'AMAZON' } });
  expect(start.statusCode).toBe(200);
  const authorizeUrl = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
  expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://ledgerport.test/app/admin/sales-channel/amazon/cb');
  const state = authorizeUrl.searchParams.get('state')!;
  return server.inject({ method: 'POST', url: '/sales-channel/callback', headers: auth(demo), payload: { channel: 'AMAZON', query: { state, spapi_oauth_code: amazon.auth.issueCode(), selling_partner_id: 'A2SELLER' } } });
}

const connections = async () => (await server.inject({ method: 'GET', url: `/connections?accountKey=${ACCOUNT}`, headers: auth(demo) })).json<{ connections: { role: string; system: string; badge: string; state: string; lastError: string | null; storeName: string | null }[] }>().connections;

describe('connecting Amazon', () => {
  it('stores sealed tokens, marks the account connected and queues the first fetch', async () => {
    const res = await connectAmazon();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountKey: ACCOUNT, storeName: 'Amazon seller A2SELLER' });
    const row = await testDb.db.selectFrom('connections').selectAll().where('account_key', '=', ACCOUNT).where('role', '=', 'sales-channel').executeTakeFirstOrThrow();
    expect(row.credentials_sealed).toMatch(/^v1\./);
    expect(row.credentials_sealed).not.toContain('rt-');
    const account = await testDb.db.selectFrom('accounts').selectAll().where('account_key', '=', ACCOUNT).executeTakeFirstOrThrow();
    expect([account.sales_channel_pending, account.requires_reauthentication, account.sales_channel_store_name]).toEqual([false, false, 'Amazon seller A2SELLER']);
    expect(sentJobs).toEqual([{ queue: 'fetch-channel-settlements', data: { accountKey: ACCOUNT, role: 'sales-channel', kind: 'scheduled' } }]);
    expect((await connections()).find((c) => c.role === 'sales-channel')).toMatchObject({ system: 'AMAZON', badge: 'Connected', state: 'connected' });
  });

  it('refuses a callback with a used or unknown state', async () => {
    const res = await server.inject({ method: 'POST', url: '/sales-channel/callback', headers: auth(demo), payload: { channel: 'AMAZON', query: { state: 'forged', spapi_oauth_code: 'x', selling_partner_id: 'y' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('expired or was already used');
  });

  it("answers 'Could not connect to sales source.' when Amazon refuses the code", async () => {
    const start = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'AMAZON' } });
    const state = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl).searchParams.get('state')!;
    const res = await server.inject({ method: 'POST', url: '/sales-channel/callback', headers: auth(demo), payload: { channel: 'AMAZON', query: { state, spapi_oauth_code: 'not-issued', selling_partner_id: 'A2SELLER' } } });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toBe('Could not connect to sales source.');
  });

  it('shows Connection Error with the reason when Amazon revokes access, and a reconnect clears it', async () => {
    await connectAmazon();
    amazon.auth.revokeAll();
    expect(await runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'scheduled' }, deps)).toBeNull();
    const broken = (await connections()).find((c) => c.role === 'sales-channel')!;
    expect(broken.badge).toBe('Connection Error');
    expect(broken.lastError).toContain('Please reconnect');
    const account = await testDb.db.selectFrom('accounts').select(['requires_reauthentication']).where('account_key', '=', ACCOUNT).executeTakeFirstOrThrow();
    expect(account).toEqual({ requires_reauthentication: true });
    expect(broken).toMatchObject({ state: 'expired' });
    // Its users are told once (decision 0023): a second failing fetch adds no notification.
    const told = () => testDb.db.selectFrom('notifications').select(['title', 'link_path']).where('account_key', '=', ACCOUNT).where('kind', '=', 'connection-error').execute();
    expect((await told()).length).toBeGreaterThan(0);
    expect((await told())[0]).toEqual({ title: 'Reconnect Amazon', link_path: '/account-settings/connections' });
    const count = (await told()).length;
    expect(await runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'scheduled' }, deps)).toBeNull();
    expect(await told()).toHaveLength(count);
    await connectAmazon();
    expect((await connections()).find((c) => c.role === 'sales-channel')).toMatchObject({ badge: 'Connected', lastError: null });
  });

  it('a fetch with nothing new keeps the connection Connected and records the time', async () => {
    await connectAmazon();
    expect(await runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'scheduled' }, deps)).toEqual({ stored: 0 });
    expect(amazon.violations()).toEqual([]);
    const row = await testDb.db.selectFrom('connections').selectAll().where('account_key', '=', ACCOUNT).where('role', '=', 'sales-channel').executeTakeFirstOrThrow();
    expect(row.last_synced_at).not.toBeNull();
    expect(row.status).toBe('CONNECTED');
  });
});

describe('fetching', () => {
  it('stores a fetched Amazon settlement once, with its duplicate key, and a history request brings an older one', async () => {
    const v2 = (id: string, deposit: string, amount: string) =>
      new TextEncoder().encode(
        ['settlement-id\tsettlement-start-date\tsettlement-end-date\tdeposit-date\ttotal-amount\tcurrency\ttransaction-type\torder-id\tmerchant-order-id\tadjustment-id\tshipment-id\tmarketplace-name\tamount-type\tamount-description\tamount\tfulfillment-id\tposted-date\tposted-date-time\torder-item-code\tmerchant-order-item-id\tmerchant-adjustment-item-id\tsku\tquantity-purchased',
          `${id}\t${deposit} 00:00:00 UTC\t${deposit} 00:00:00 UTC\t${deposit} 00:00:00 UTC\t${amount}\tUSD` + '\t'.repeat(17),
          `${id}\t\t\t\t\t\tOrder\t111-1\t\t\t\tAmazon.com\tItemPrice\tPrincipal\t${amount}\tAFN\t${deposit}\t${deposit} 00:00:00 UTC\t\t\t\tSKU-1\t1`].join('\n') + '\n',
      );
    amazon.addReport({ document: v2('71000000001', '2026-11-15', '120.50'), createdTime: '2026-11-21T06:00:00Z' });
    amazon.addReport({ document: v2('71000000000', '2026-09-05', '99.00'), createdTime: '2026-09-06T00:00:00Z' });
    await connectAmazon();
    expect(await runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'scheduled' }, deps)).toEqual({ stored: 1 });
    const stored = await testDb.db.selectFrom('settlements').select(['settlement_id', 'source_kind', 'report_id', 'total', 'duplicate_key', 'duplicate_of']).where('account_key', '=', ACCOUNT).where('settlement_id', 'in', ['71000000001', '71000000000']).execute();
    expect(stored).toEqual([{ settlement_id: '71000000001', source_kind: 'api', report_id: '71000000001', total: '120.5000', duplicate_key: 'amazon:71000000001:usd', duplicate_of: null }]);
    const history = await server.inject({ method: 'POST', url: '/sales-channel/history', headers: auth(demo), payload: { accountKey: ACCOUNT, fromDate: '2026-09-01', toDate: '2026-09-30' } });
    const requestId = history.json<{ requestId: string }>().requestId;
    expect(await runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'history', requestId }, deps)).toEqual({ stored: 1 });
    const list = (await server.inject({ method: 'GET', url: `/sales-channel/history?accountKey=${ACCOUNT}`, headers: auth(demo) })).json<{ requests: { requestId: string; status: string; settlementCount: number }[] }>();
    expect(list.requests.find((r) => r.requestId === requestId)).toMatchObject({ status: 'DONE', settlementCount: 1 });
    // Redownload (the settlements backend's action) gets the same settlement again by its report id.
    const again = await createChannelReportFetcher(() => deps)({ accountKey: ACCOUNT, salesChannel: 'AMAZON', reportId: '71000000001' });
    expect(again?.settlements.map((x) => [x.settlementId, x.total])).toEqual([['71000000001', 120_5000n]]);
    expect(await createChannelReportFetcher(() => deps)({ accountKey: 'other-seller', salesChannel: 'AMAZON', reportId: '71000000001' })).toBeNull();
    expect(amazon.violations()).toEqual([]);
  });
});

describe('Shopify connect', () => {
  it('asks for the store address and sends the seller to that store', async () => {
    const missing = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'SHOPIFY' } });
    expect(missing.statusCode).toBe(400);
    const bad = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'SHOPIFY', shop: 'evil.example.com' } });
    expect(bad.json<{ message: string }>().message).toContain('myshopify.com');
    const ok = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'SHOPIFY', shop: 'acme.myshopify.com' } });
    expect(new URL(ok.json<{ authorizeUrl: string }>().authorizeUrl).pathname).toBe('/admin/oauth/authorize');
  });

  it('refuses a reconnect that comes back from another store and keeps the connection to the first', async () => {
    const connectShop = async (shop: string) => {
      const start = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'SHOPIFY', shop: 'acme.myshopify.com' } });
      const state = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl).searchParams.get('state')!;
      return server.inject({ method: 'POST', url: '/sales-channel/callback', headers: auth(demo), payload: { channel: 'SHOPIFY', query: { state, code: shopify.auth.issueCode(), shop } } });
    };
    expect((await connectShop('acme.myshopify.com')).statusCode).toBe(200);
    const before = await testDb.db.selectFrom('connections').selectAll().where('account_key', '=', ACCOUNT).where('role', '=', 'sales-channel').executeTakeFirstOrThrow();
    const mismatch = await connectShop('someone-else.myshopify.com');
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json<{ code: string; message: string }>()).toMatchObject({
      code: 'channel.store-mismatch',
      message: 'This account is connected to the Shopify store acme.myshopify.com, but you authorised someone-else.myshopify.com. Sign in to acme.myshopify.com in Shopify and reconnect, or create a new account for someone-else.myshopify.com.',
    });
    const after = await testDb.db.selectFrom('connections').selectAll().where('account_key', '=', ACCOUNT).where('role', '=', 'sales-channel').executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await connectShop('acme.myshopify.com')).statusCode).toBe(200);
  });
});

describe('rules', () => {
  it('refuses a PayPal source on a NetSuite account', async () => {
    await testDb.db.updateTable('accounts').set({ accounting_system: 'NETSUITE' }).where('account_key', '=', ACCOUNT).execute();
    try {
      const res = await server.inject({ method: 'POST', url: '/sales-channel/connect-keys', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'PAYPAL', fields: { clientId: 'a', clientSecret: 'b' } } });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe('A PayPal source cannot be combined with a NetSuite accounting system.');
    } finally {
      await testDb.db.updateTable('accounts').set({ accounting_system: 'QBO' }).where('account_key', '=', ACCOUNT).execute();
    }
  });

  it('queues a history request and refuses one while requestHistoryBlocked', async () => {
    await connectAmazon();
    const ok = await server.inject({ method: 'POST', url: '/sales-channel/history', headers: auth(demo), payload: { accountKey: ACCOUNT, fromDate: '2026-01-01', toDate: '2026-03-31' } });
    expect(ok.statusCode).toBe(200);
    expect(sentJobs.at(-1)).toMatchObject({ queue: 'fetch-channel-settlements', data: { kind: 'history', requestId: ok.json<{ requestId: string }>().requestId } });
    const list = (await server.inject({ method: 'GET', url: `/sales-channel/history?accountKey=${ACCOUNT}`, headers: auth(demo) })).json<{ requests: { status: string; fromDate: string }[] }>();
    expect(list.requests[0]).toMatchObject({ status: 'QUEUED', fromDate: '2026-01-01' });
    // Backend > fetch-history/{requestId}: a request of the account by its id; a made-up id is a 404, as is another account's user.
    const requestId = ok.json<{ requestId: string }>().requestId;
    const one = await server.inject({ method: 'GET', url: `/sales-channel/history/request?accountKey=${ACCOUNT}&requestId=${requestId}`, headers: auth(support) });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ requestId, status: 'QUEUED', fromDate: '2026-01-01', toDate: '2026-03-31' });
    const madeUp = await server.inject({ method: 'GET', url: `/sales-channel/history/request?accountKey=${ACCOUNT}&requestId=made-up-id`, headers: auth(support) });
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json()).toMatchObject({ code: 'channel.history-request-not-found', message: 'This account has no history request made-up-id.' });
    const foreign = await server.inject({ method: 'GET', url: `/sales-channel/history/request?accountKey=${ACCOUNT}&requestId=${requestId}`, headers: auth(other) });
    expect(foreign.json()).toMatchObject({ code: 'account.not-found' });
    // The owner's own request is no setting change; support's request through the same call is audited by name.
    expect(await testDb.db.selectFrom('audit_log').select('action').where('account_key', '=', ACCOUNT).where('action', '=', 'backend.history-requested').execute()).toEqual([]);
    const bySupport = await server.inject({ method: 'POST', url: '/sales-channel/history', headers: auth(support), payload: { accountKey: ACCOUNT, fromDate: '2026-04-01', toDate: '2026-04-30' } });
    expect(bySupport.statusCode).toBe(200);
    const audit = await testDb.db.selectFrom('audit_log').select(['action', 'after_state']).where('account_key', '=', ACCOUNT).where('action', '=', 'backend.history-requested').execute();
    expect(audit.map((a) => (typeof a.after_state === 'string' ? (JSON.parse(a.after_state) as unknown) : a.after_state))).toEqual([
      { requestId: bySupport.json<{ requestId: string }>().requestId, fromDate: '2026-04-01', toDate: '2026-04-30', staffName: 'Sam Support', staffEmail: 'support@ledgerport.local' },
    ]);
    expect(summarizeSettingChange('backend.history-requested', null, audit[0]!.after_state as Record<string, unknown>)).toBe('Asked the sales channel for the settlements of 2026-04-01 to 2026-04-30 (support: Sam Support)');
    const backwards = await server.inject({ method: 'POST', url: '/sales-channel/history', headers: auth(demo), payload: { accountKey: ACCOUNT, fromDate: '2026-03-31', toDate: '2026-01-01' } });
    expect(backwards.json<{ message: string }>().message).toBe('The toDate must be after the fromDate.');
    await testDb.db.updateTable('accounts').set({ request_history_blocked: true }).where('account_key', '=', ACCOUNT).execute();
    try {
      const blocked = await server.inject({ method: 'POST', url: '/sales-channel/history', headers: auth(demo), payload: { accountKey: ACCOUNT, fromDate: '2026-01-01', toDate: '2026-01-31' } });
      expect(blocked.statusCode).toBe(403);
    } finally {
      await testDb.db.updateTable('accounts').set({ request_history_blocked: false }).where('account_key', '=', ACCOUNT).execute();
    }
  });
});

describe('cross-account refusal', () => {
  it("answers not-found for another account's connections, connect, history and disconnect", async () => {
    const calls = [
      { method: 'GET' as const, url: `/connections?accountKey=${ACCOUNT}` },
      { method: 'GET' as const, url: `/sales-channel/history?accountKey=${ACCOUNT}` },
      { method: 'POST' as const, url: '/sales-channel/connect', payload: { accountKey: ACCOUNT, channel: 'AMAZON' } },
      { method: 'POST' as const, url: '/sales-channel/history', payload: { accountKey: ACCOUNT, fromDate: '2026-01-01', toDate: '2026-01-31' } },
      { method: 'POST' as const, url: '/sales-channel/disconnect', payload: { accountKey: ACCOUNT, role: 'sales-channel' } },
      { method: 'POST' as const, url: '/sales-channel/fetch', payload: { accountKey: ACCOUNT } },
      { method: 'POST' as const, url: '/sales-channel/connect-keys', payload: { accountKey: ACCOUNT, channel: 'PAYPAL', fields: { clientId: 'a', clientSecret: 'b' } } },
    ];
    for (const call of calls) {
      const res = await server.inject({ ...call, headers: auth(other) });
      expect([call.url, res.statusCode]).toEqual([call.url, 404]);
      expect(res.json<{ code: string }>().code).toBe('account.not-found');
    }
  });

  it("refuses to finish a connect flow started by another user", async () => {
    const start = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'AMAZON' } });
    const state = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl).searchParams.get('state')!;
    const res = await server.inject({ method: 'POST', url: '/sales-channel/callback', headers: auth(other), payload: { channel: 'AMAZON', query: { state, spapi_oauth_code: amazon.auth.issueCode(), selling_partner_id: 'X' } } });
    expect(res.statusCode).toBe(400);
  });
});
