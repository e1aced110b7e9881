/**
 * Amazon's open settlement and deferred transactions through the server: the open financial event
 * group is stored as an open settlement and completed (same row, no duplicate, the report's lines) by
 * the settlement report once the group closed; a provisional open:<group> settlement is renamed or
 * removed; deferred transactions feed the Deferred Transactions list when the account enables them.
 * Against the fake SP-API served over HTTP; assembled like channel-connections.test.ts.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFakeAmazon, serveFetch, type FakeAmazon, type ServedFetch } from '@ledgerport/integrations/testing';
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
import { searchSettlementRows } from '../settlements/search-settlements';
import { loadChannelConfig } from '../../config/channel-config';
import { registerChannelConnections } from './register-channel-connections';
import { runChannelFetch } from './fetch-channel-settlements-job';
import { assertPlanFeature } from '../billing/check-billing';

const ACCOUNT = 'acme-amazon-us';
const app = { clientId: 'ledgerport-app', clientSecret: 'ledgerport-secret' };
const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 24 * 3600 * 1000;
let testDb: TestDb;
let server: FastifyInstance;
let deps: Deps;
let amazon: FakeAmazon;
let served: ServedFetch;
let demo: TokenSet;
const auth = (t: TokenSet) => ({ authorization: `Bearer ${t.accessToken}`, host: 'ledgerport.test' });

beforeAll(async () => {
  testDb = await openTestDb();
  const clock = () => new Date(NOW);
  served = await serveFetch((r) => amazon.fetch(r));
  const channels = loadChannelConfig({ LEDGERPORT_AMAZON_API_URL: served.url, LEDGERPORT_AMAZON_TOKEN_URL: `${served.url}/auth/o2/token`, LEDGERPORT_AMAZON_CONSENT_URL: `${served.url}/apps/authorize/consent`, LEDGERPORT_AMAZON_CLIENT_ID: app.clientId, LEDGERPORT_AMAZON_CLIENT_SECRET: app.clientSecret });
  const config = { port: 0, host: '127.0.0.1', dataDir: '/nonexistent', dbDir: '/nonexistent/db', databaseUrl: undefined, secret: 'test-secret-not-for-production', webDistDir: '/nonexistent', signInAttemptsMax: 100, signInWindowMs: 60_000, signInFailuresPerIpMax: 100, signInIpWindowMs: 60_000, bodyLimitBytes: 1024 * 1024, logLevel: 'silent', channels } as unknown as Config;
  server = Fastify();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.decorateRequest('caller', null);
  deps = { db: testDb.db, config, clock, accessTokens: createAccessTokens(config.secret, clock), signInLimiter: createSignInLimiter(config, clock), ...mailDepsForTests(clock), planGate: assertPlanFeature, secretBox: createSecretBox(config.secret), resolveAccountingPort: noAccountingConnections, jobs: { send: () => Promise.resolve('job') }, fetchChannelReport: () => Promise.resolve(null) };
  registerErrorHandling(server, config.bodyLimitBytes, () => false);
  registerAuthRoutes(server, deps);
  registerChannelConnections(server, deps);
  await server.ready();
  demo = (await server.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'demo@ledgerport.local', password: DEMO_PASSWORD } })).json<TokenSet>();
});

afterAll(async () => {
  await server?.close();
  await served?.close();
  await testDb?.close();
});

beforeEach(async () => {
  amazon = await createFakeAmazon({ apiUrl: served.url, tokenUrl: `${served.url}/auth/o2/token`, ...app, now: () => NOW });
  const start = await server.inject({ method: 'POST', url: '/sales-channel/connect', headers: auth(demo), payload: { accountKey: ACCOUNT, channel: 'AMAZON' } });
  const state = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl).searchParams.get('state')!;
  const connected = await server.inject({ method: 'POST', url: '/sales-channel/callback', headers: auth(demo), payload: { channel: 'AMAZON', query: { state, spapi_oauth_code: amazon.auth.issueCode(), selling_partner_id: 'A2SELLER' } } });
  expect(connected.statusCode).toBe(200);
});

const fetchNow = () => runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'scheduled' }, deps);
const iso = (ms: number) => new Date(ms).toISOString();
const rowsOf = (ids: string[]) =>
  testDb.db.selectFrom('settlements').select(['settlement_key', 'settlement_id', 'status', 'total', 'line_count', 'duplicate_of', 'is_deferred_transaction']).where('account_key', '=', ACCOUNT).where('settlement_id', 'in', ids).orderBy('settlement_id').execute();

function openGroup(id: string, startDaysAgo: number) {
  const group: Record<string, unknown> = { FinancialEventGroupId: id, ProcessingStatus: 'Open', FundTransferStatus: 'Unknown', OriginalTotal: { CurrencyCode: 'USD', CurrencyAmount: 0 }, FinancialEventGroupStart: iso(NOW - startDaysAgo * DAY) };
  amazon.groups.push(group);
  amazon.groupEvents.set(id, [{ ShipmentEventList: [{ AmazonOrderId: `112-${id}`, MarketplaceName: 'Amazon.com', PostedDate: iso(NOW - 3 * DAY), ShipmentItemList: [{ SellerSKU: 'SKU-1', QuantityShipped: 1, ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 19.99 } }] }] }] }]);
  return group;
}

function transaction(id: string, o: { group?: string; settlement?: string; status?: string; amount: number; at: number }) {
  const money = { currencyCode: 'USD', currencyAmount: o.amount };
  const ids = [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: `114-${id}` }];
  if (o.group) ids.push({ relatedIdentifierName: 'FINANCIAL_EVENT_GROUP_ID', relatedIdentifierValue: o.group });
  if (o.settlement) ids.push({ relatedIdentifierName: 'SETTLEMENT_ID', relatedIdentifierValue: o.settlement });
  return { relatedIdentifiers: ids, transactionType: 'Shipment', transactionId: id, transactionStatus: o.status ?? 'RELEASED', description: 'Order Payment', postedDate: iso(o.at), totalAmount: money, breakdowns: [{ breakdownType: 'Product Charges', breakdownAmount: money, breakdowns: [{ breakdownType: 'Principal', breakdownAmount: money, breakdowns: [] }] }] };
}

/** The settlement report of the closed group: the open group's sale and one more, in the V2 layout. */
function closeWithReport(group: Record<string, unknown>, settlementId: string) {
  Object.assign(group, { ProcessingStatus: 'Closed', FinancialEventGroupEnd: iso(NOW - DAY) });
  const day = iso(NOW - DAY).slice(0, 10);
  const head = 'settlement-id\tsettlement-start-date\tsettlement-end-date\tdeposit-date\ttotal-amount\tcurrency\ttransaction-type\torder-id\tmarketplace-name\tamount-type\tamount-description\tamount\tposted-date\tsku\tquantity-purchased';
  const line = (order: string, amount: string) => `${settlementId}\t\t\t\t\t\tOrder\t${order}\tAmazon.com\tItemPrice\tPrincipal\t${amount}\t${day}\tSKU-1\t1`;
  const text = [head, `${settlementId}\t${day} 00:00:00 UTC\t${day} 00:00:00 UTC\t${day} 00:00:00 UTC\t24.99\tUSD` + '\t'.repeat(9), line(`112-${String(group.FinancialEventGroupId)}`, '19.99'), line('112-LATE', '5.00')].join('\n') + '\n';
  amazon.addReport({ document: new TextEncoder().encode(text), createdTime: iso(NOW - DAY / 2) });
}

describe('Amazon open settlement (Finances API) replaced by its settlement report', () => {
  it('stores the open group under its settlement id and completes that row with the report: one settlement, closed, every line', async () => {
    const group = openGroup('GRP-A', 6);
    amazon.transactions.push(transaction('TA', { group: 'GRP-A', settlement: '80000000001', amount: 19.99, at: NOW - 3 * DAY }));
    await fetchNow();
    const [open] = await rowsOf(['80000000001']);
    expect(open).toMatchObject({ settlement_id: '80000000001', status: 'open', total: null, line_count: 1 });
    closeWithReport(group, '80000000001');
    expect(await fetchNow()).toEqual({ stored: 1 });
    expect(await rowsOf(['80000000001'])).toEqual([{ settlement_key: open!.settlement_key, settlement_id: '80000000001', status: 'closed', total: '24.9900', line_count: 2, duplicate_of: null, is_deferred_transaction: false }]);
    expect(amazon.violations()).toEqual([]);
  });

  it('renames a provisional open:<group> settlement once the group is closed, so the report completes it', async () => {
    const group = openGroup('GRP-B', 6);
    await fetchNow();
    const [provisional] = await rowsOf(['open:GRP-B']);
    expect(provisional).toMatchObject({ status: 'open', line_count: 1 });
    closeWithReport(group, '80000000002');
    amazon.transactions.push(transaction('TB', { group: 'GRP-B', settlement: '80000000002', amount: 19.99, at: NOW - 3 * DAY }));
    await fetchNow();
    expect(await rowsOf(['open:GRP-B', '80000000002'])).toEqual([{ settlement_key: provisional!.settlement_key, settlement_id: '80000000002', status: 'closed', total: '24.9900', line_count: 2, duplicate_of: null, is_deferred_transaction: false }]);
  });

  it('removes a provisional open settlement whose closed settlement was already stored', async () => {
    const group = openGroup('GRP-C', 6);
    await fetchNow();
    closeWithReport(group, '80000000003');
    await fetchNow(); // the report arrives while no transaction names the group's settlement yet
    expect((await rowsOf(['open:GRP-C', '80000000003'])).map((r) => r.settlement_id)).toEqual(['80000000003', 'open:GRP-C']);
    amazon.transactions.push(transaction('TC', { group: 'GRP-C', settlement: '80000000003', amount: 19.99, at: NOW - 3 * DAY }));
    await fetchNow();
    expect((await rowsOf(['open:GRP-C', '80000000003'])).map((r) => [r.settlement_id, r.status, r.line_count])).toEqual([['80000000003', 'closed', 2]]);
  });
});

describe('Amazon deferred transactions', () => {
  it('feed the Deferred Transactions list when the account enables them, and stay out of the standard list', async () => {
    for (let i = 0; i < 14; i++) amazon.transactions.push(transaction(`TD-${i}`, { status: 'DEFERRED', amount: 30, at: NOW - (5 + i) * 3600_000 }));
    await fetchNow();
    expect(await rowsOf(['deferred:2026-11'])).toEqual([]);
    await testDb.db.insertInto('account_features').values({ account_key: ACCOUNT, amazon_deferred_transaction_enabled: true }).onConflict((c) => c.column('account_key').doUpdateSet({ amazon_deferred_transaction_enabled: true })).execute();
    await fetchNow();
    expect(await rowsOf(['deferred:2026-11'])).toMatchObject([{ status: 'open', line_count: 14, is_deferred_transaction: true }]);
    const list = (deferred: boolean) => searchSettlementRows(testDb.db, [[{ filterKey: 'accountKey', operation: 'eq', value: ACCOUNT }], [{ filterKey: 'isDeferredTransactionSettlement', operation: 'eq', value: deferred }]], 0, 100, undefined);
    expect((await list(true)).rows.map((r) => r.settlement_id)).toEqual(['deferred:2026-11']);
    expect((await list(false)).rows.map((r) => r.settlement_id)).not.toContain('deferred:2026-11');
    expect(amazon.violations()).toEqual([]);
  });
});

describe('fetch counts in Settings > History', () => {
  it('counts an open settlement fetched again unchanged apart, and as stored again once its lines change', async () => {
    openGroup('GRP-U', 6);
    amazon.transactions.push(transaction('TU', { group: 'GRP-U', settlement: '80000000009', amount: 19.99, at: NOW - 3 * DAY }));
    expect(await fetchNow()).toEqual({ stored: 1 });
    expect(await fetchNow()).toEqual({ stored: 0, unchanged: 1 });
    expect(await fetchNow()).toEqual({ stored: 0, unchanged: 1 });
    const events = amazon.groupEvents.get('GRP-U') as Array<{ ShipmentEventList: Array<Record<string, unknown>> }>;
    events[0]!.ShipmentEventList.push({ AmazonOrderId: '112-GRP-U-2', MarketplaceName: 'Amazon.com', PostedDate: iso(NOW - 2 * DAY), ShipmentItemList: [{ SellerSKU: 'SKU-2', QuantityShipped: 1, ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 5 } }] }] });
    expect(await fetchNow()).toEqual({ stored: 1 });
    expect(await rowsOf(['80000000009'])).toMatchObject([{ status: 'open', line_count: 2 }]);
  });

  it('lists a history request with the settlements it stored and the unchanged open ones apart', async () => {
    openGroup('GRP-H', 6);
    const ask = async () => {
      const res = await server.inject({ method: 'POST', url: '/sales-channel/history', headers: auth(demo), payload: { accountKey: ACCOUNT, fromDate: '2026-11-01', toDate: '2026-11-21' } });
      const { requestId } = res.json<{ requestId: string }>();
      await runChannelFetch({ accountKey: ACCOUNT, role: 'sales-channel', kind: 'history', requestId }, deps);
      const list = (await server.inject({ method: 'GET', url: `/sales-channel/history?accountKey=${ACCOUNT}`, headers: auth(demo) })).json<{ requests: { requestId: string; status: string; settlementCount: number; unchangedCount?: number }[] }>();
      return list.requests.find((r) => r.requestId === requestId);
    };
    expect(await ask()).toMatchObject({ status: 'DONE', settlementCount: 1, unchangedCount: 0 });
    expect(await ask()).toMatchObject({ status: 'DONE', settlementCount: 0, unchangedCount: 1 });
  });
});
