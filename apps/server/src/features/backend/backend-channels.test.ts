/**
 * The backend's per-account PayPal and Amazon pages (decision 0046) over real SQL, against the fake
 * PayPal and Amazon served as local HTTP servers: PayPal transactions as the fetch received them
 * (filtered, sorted, paged, one raw), the staff refresh of PayPal statements through the account's
 * history request (audited with the staff member, nothing stored twice), Amazon's event groups with
 * the settlement held for each, one group's events by type with exact totals; refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmazonEventGroup, AmazonEventList, BackendChannelConnection, HistoryRequest, PayPalRawTransaction, TokenSet } from '@ledgerport/contract';
import { createFakeAmazon, createFakePayPal, serveFetch, type FakeAmazon, type FakePayPal, type ServedFetch } from '@ledgerport/integrations/testing';
import { bearer, startTestServer, createDiscardingJobs, type TestServer } from '../../../test/test-app';
import { loadChannelConfig } from '../../config/channel-config';
import { runChannelFetch, type FetchChannelJob } from '../channel-connections/fetch-channel-settlements-job';
import type { Deps } from '../../http/deps';
import type { Jobs } from '../../jobs/start-jobs';

const PAYPAL_ACCOUNT = 'acme-ebay';
const AMAZON_ACCOUNT = 'acme-amazon-us';
const DAY = 86_400_000;
const seller = { clientId: 'seller-app', clientSecret: 'seller-secret' };
const app = { clientId: 'ledgerport-app', clientSecret: 'ledgerport-secret' };

let server: TestServer;
let deps: Deps;
let paypal: FakePayPal;
let amazon: FakeAmazon;
const served: ServedFetch[] = [];
const sent: { queue: string; data: FetchChannelJob }[] = [];
let demo: TokenSet;
let support: TokenSet;
let admin: TokenSet;
let now: number;

const txn = (id: string, at: number, code: string, gross: string, fee: string, status = 'S') => ({
  transaction_info: { transaction_id: id, transaction_event_code: code, transaction_initiation_date: new Date(at).toISOString().replace(/\.\d+Z$/, 'Z'), transaction_status: status, transaction_amount: { currency_code: 'USD', value: gross }, fee_amount: { currency_code: 'USD', value: fee } },
  payer_info: { payer_name: { alternate_full_name: `Buyer ${id}` } },
});

beforeAll(async () => {
  const paypalServed = await serveFetch((r) => paypal.fetch(r));
  const amazonServed = await serveFetch((r) => amazon.fetch(r));
  served.push(paypalServed, amazonServed);
  const channels = loadChannelConfig({
    LEDGERPORT_PAYPAL_API_URL: paypalServed.url,
    LEDGERPORT_AMAZON_API_URL: amazonServed.url,
    LEDGERPORT_AMAZON_TOKEN_URL: `${amazonServed.url}/auth/o2/token`,
    LEDGERPORT_AMAZON_CONSENT_URL: `${amazonServed.url}/apps/authorize/consent`,
    LEDGERPORT_AMAZON_CLIENT_ID: app.clientId,
    LEDGERPORT_AMAZON_CLIENT_SECRET: app.clientSecret,
  });
  // Jobs that keep what is queued and hand over the app's Deps, so a test runs the fetch job itself.
  const discarding = createDiscardingJobs();
  const jobs: Jobs = {
    ...discarding,
    send: (queue, data) => Promise.resolve(String(sent.push({ queue, data: data as unknown as FetchChannelJob }))),
    startWorkers: (d) => {
      deps = d;
      return Promise.resolve();
    },
  };
  server = await startTestServer({ config: { channels }, jobs });
  now = server.clock().getTime();
  paypal = await createFakePayPal({ apiUrl: paypalServed.url, ...seller });
  amazon = await createFakeAmazon({ apiUrl: amazonServed.url, tokenUrl: `${amazonServed.url}/auth/o2/token`, ...app, now: () => server.clock().getTime() });
  [demo, support, admin] = await server.signInAll('demo@ledgerport.local', 'support@ledgerport.local', 'admin@ledgerport.local');

  // PayPal: four transactions over three days, then the account connects and its first fetch runs.
  paypal.transactions.push(
    txn('1AA00000000000001', now - 5 * DAY, 'T0006', '120.00', '-3.78'),
    txn('1AA00000000000002', now - 5 * DAY + 3600_000, 'T0006', '45.50', '-1.62'),
    txn('1AA00000000000003', now - 4 * DAY, 'T1107', '-20.00', '0.00'),
    txn('1AA00000000000004', now - 3 * DAY, 'T0400', '-100.00', '0.00', 'P'),
  );
  const connect = await server.app.inject({ method: 'POST', url: '/sales-channel/connect-keys', headers: bearer(demo), payload: { accountKey: PAYPAL_ACCOUNT, channel: 'PAYPAL', fields: seller } });
  expect(connect.statusCode).toBe(200);
  const first = sent.find((j) => j.data.accountKey === PAYPAL_ACCOUNT);
  expect(first?.data).toMatchObject({ role: 'sales-source', kind: 'scheduled' });
  await runChannelFetch(first!.data, deps);

  // Amazon: the account connects through the consent flow.
  const start = await server.app.inject({ method: 'POST', url: '/sales-channel/connect', headers: { ...bearer(demo), host: 'ledgerport.test' }, payload: { accountKey: AMAZON_ACCOUNT, channel: 'AMAZON' } });
  const state = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl).searchParams.get('state')!;
  const callback = await server.app.inject({ method: 'POST', url: '/sales-channel/callback', headers: { ...bearer(demo), host: 'ledgerport.test' }, payload: { channel: 'AMAZON', query: { state, spapi_oauth_code: amazon.auth.issueCode(), selling_partner_id: 'A2SELLER' } } });
  expect(callback.statusCode).toBe(200);
});

afterAll(async () => {
  await server?.close();
  for (const s of served) await s.close();
});

const get = (url: string, tokens: TokenSet) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
type RawList = { connection: BackendChannelConnection; transactions: PayPalRawTransaction[]; total: number; types: { eventCode: string; typeName: string }[] };
const rawList = async (query = '') => {
  const res = await get(`/backend/${PAYPAL_ACCOUNT}/paypal/transactions-raw${query}`, support);
  expect(res.statusCode).toBe(200);
  return res.json<RawList>();
};

describe('GET /backend/{accountKey}/paypal/transactions-raw', () => {
  it('lists the transactions the fetch received, newest first, with the connection and the types', async () => {
    const list = await rawList();
    expect(list.connection).toMatchObject({ accountKey: PAYPAL_ACCOUNT, accountName: 'Acme Outdoor eBay', badge: 'Connected', storeName: 'PayPal' });
    expect(list.total).toBe(4);
    expect(list.transactions.map((t) => t.transactionId)).toEqual(['1AA00000000000004', '1AA00000000000003', '1AA00000000000002', '1AA00000000000001']);
    expect(list.transactions[0]).toMatchObject({ eventCode: 'T0400', typeName: 'General Withdrawal', status: 'P', currency: 'USD', gross: '-100.0000', fee: '0.0000' });
    expect(list.types).toEqual([
      { eventCode: 'T0006', typeName: 'Express Checkout Payment' },
      { eventCode: 'T0400', typeName: 'General Withdrawal' },
      { eventCode: 'T1107', typeName: 'Payment Refund' },
    ]);
  });

  it('filters by type and by date, sorts by amount and pages', async () => {
    expect((await rawList('?eventCode=T0006')).transactions.map((t) => t.transactionId)).toEqual(['1AA00000000000002', '1AA00000000000001']);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const byDate = await rawList(`?fromDate=${day(now - 4 * DAY)}&toDate=${day(now - 4 * DAY)}`);
    expect(byDate.transactions.map((t) => t.transactionId)).toEqual(['1AA00000000000003']);
    const page = await rawList('?sort=gross&desc=false&limit=2&offset=1');
    expect(page.total).toBe(4);
    expect(page.transactions.map((t) => t.gross)).toEqual(['-20.0000', '45.5000']);
    expect((await get(`/backend/${PAYPAL_ACCOUNT}/paypal/transactions-raw?limit=0`, support)).statusCode).toBe(400);
  });

  it('shows one transaction exactly as PayPal sent it', async () => {
    const res = await get(`/backend/${PAYPAL_ACCOUNT}/paypal/transactions-raw/1AA00000000000002`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ transaction: PayPalRawTransaction; raw: Record<string, unknown> }>();
    expect(body.raw).toEqual(txn('1AA00000000000002', now - 5 * DAY + 3600_000, 'T0006', '45.50', '-1.62'));
    expect((await get(`/backend/${PAYPAL_ACCOUNT}/paypal/transactions-raw/NOPE`, admin)).statusCode).toBe(404);
  });

  it('says so when the account has no PayPal connection, and 404 for an unknown account', async () => {
    const none = await get('/backend/acme-shopify/paypal/transactions-raw', support);
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toBe('Acme Outdoor Shop (acme-shopify) has no PayPal connection, so there is nothing from PayPal to show.');
    const unknown = await get('/backend/no-such-account/paypal/transactions-raw', support);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'account.not-found' });
  });
});

describe('PayPal settlements refresh', () => {
  it("asks PayPal again through the account's history request, audited with the staff member, and stores nothing twice", async () => {
    const before = await server.testDb.db.selectFrom('settlements').select(['settlement_id']).where('account_key', '=', PAYPAL_ACCOUNT).where('sales_source', '=', 'PAYPAL').execute();
    expect(before.length).toBeGreaterThan(0);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    sent.length = 0;
    const res = await server.app.inject({ method: 'POST', url: `/backend/${PAYPAL_ACCOUNT}/paypal/settlements-refresh`, headers: bearer(support), payload: { fromDate: day(now - 10 * DAY), toDate: day(now) } });
    expect(res.statusCode).toBe(200);
    const request = res.json<HistoryRequest>();
    expect(request).toMatchObject({ status: 'QUEUED', fromDate: day(now - 10 * DAY) });
    expect(sent).toEqual([{ queue: 'fetch-channel-settlements', data: { accountKey: PAYPAL_ACCOUNT, role: 'sales-source', kind: 'history', requestId: request.requestId } }]);

    const audit = await server.testDb.db.selectFrom('audit_log').selectAll().where('account_key', '=', PAYPAL_ACCOUNT).where('action', '=', 'backend.paypal-refresh-requested').executeTakeFirstOrThrow();
    expect(audit.after_state).toMatchObject({ requestId: request.requestId, staffName: 'Sam Support', staffEmail: 'support@ledgerport.local' });

    await runChannelFetch(sent[0]!.data, deps);
    const status = await get(`/backend/${PAYPAL_ACCOUNT}/paypal/settlements-refresh`, support);
    expect(status.statusCode).toBe(200);
    const body = status.json<{ connection: BackendChannelConnection; requests: HistoryRequest[] }>();
    // Every statement of the period was stored by the first fetch: recognised again, none stored twice.
    expect(body.requests[0]).toMatchObject({ requestId: request.requestId, status: 'DONE', settlementCount: 0 });
    const after = await server.testDb.db.selectFrom('settlements').select(['settlement_id']).where('account_key', '=', PAYPAL_ACCOUNT).where('sales_source', '=', 'PAYPAL').where('duplicate_of', 'is', null).execute();
    expect(after.map((s) => s.settlement_id).sort()).toEqual(before.map((s) => s.settlement_id).sort());
    expect((await rawList()).total).toBe(4);

    // The account's own Settings > History shows it with the staff member's name.
    const history = await get(`/account-settings/history?accountKey=${PAYPAL_ACCOUNT}`, demo);
    expect(history.body).toContain(`Asked PayPal again for the statements of ${day(now - 10 * DAY)} to ${day(now)} (support: Sam Support)`);
  });

  it('refuses a period the history request refuses, and an account without PayPal', async () => {
    const backwards = await server.app.inject({ method: 'POST', url: `/backend/${PAYPAL_ACCOUNT}/paypal/settlements-refresh`, headers: bearer(support), payload: { fromDate: '2026-11-10', toDate: '2026-11-01' } });
    expect(backwards.statusCode).toBe(400);
    const none = await server.app.inject({ method: 'POST', url: '/backend/acme-shopify/paypal/settlements-refresh', headers: bearer(support), payload: { fromDate: '2026-11-01', toDate: '2026-11-10' } });
    expect(none.statusCode).toBe(409);
  });
});

describe('Amazon finance-API settlements and financial events', () => {
  it("lists the period's event groups newest first, each with the settlement Ledgerport holds for it", async () => {
    const stored = await server.testDb.db.selectFrom('settlements').select(['settlement_key', 'settlement_id', 'start_at', 'end_at', 'currency']).where('account_key', '=', AMAZON_ACCOUNT).where('duplicate_of', 'is', null).orderBy('settlement_key').executeTakeFirstOrThrow();
    const start = stored.start_at!.getTime();
    amazon.groups.push(
      { FinancialEventGroupId: 'GROUP-CLOSED', ProcessingStatus: 'Closed', FundTransferStatus: 'Succeeded', OriginalTotal: { CurrencyCode: stored.currency, CurrencyAmount: 1234.56 }, FundTransferDate: new Date(stored.end_at!.getTime() + DAY).toISOString(), FinancialEventGroupStart: stored.start_at!.toISOString(), FinancialEventGroupEnd: stored.end_at!.toISOString() },
      { FinancialEventGroupId: 'GROUP-OTHER', ProcessingStatus: 'Closed', FundTransferStatus: 'Succeeded', OriginalTotal: { CurrencyCode: stored.currency, CurrencyAmount: 10 }, FinancialEventGroupStart: new Date(start + 30 * DAY).toISOString(), FinancialEventGroupEnd: new Date(start + 44 * DAY).toISOString() },
    );
    const from = new Date(start - DAY).toISOString().slice(0, 10);
    const to = new Date(start + 60 * DAY).toISOString().slice(0, 10);
    const res = await get(`/backend/${AMAZON_ACCOUNT}/amazon/finance-api-settlements?fromDate=${from}&toDate=${to}`, support);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ connection: BackendChannelConnection; groups: AmazonEventGroup[] }>();
    expect(body.connection).toMatchObject({ accountKey: AMAZON_ACCOUNT, badge: 'Connected' });
    expect(body.groups.map((g) => g.groupId)).toEqual(['GROUP-OTHER', 'GROUP-CLOSED']);
    expect(body.groups[1]).toMatchObject({ processingStatus: 'Closed', fundTransferStatus: 'Succeeded', originalTotal: { currency: stored.currency, amount: '1234.5600' }, settlement: { settlementKey: stored.settlement_key, settlementId: stored.settlement_id } });
    expect(body.groups[0]).toMatchObject({ originalTotal: { amount: '10.0000' }, settlement: null });
    expect(amazon.violations()).toEqual([]);
  });

  it("shows one group's events by type with counts and exact totals, and the events as received", async () => {
    amazon.groupEvents.set('GROUP-CLOSED', [
      {
        ShipmentEventList: [
          { AmazonOrderId: '111-1', PostedDate: '2026-10-02T10:00:00Z', ShipmentItemList: [{ SellerSKU: 'A', QuantityShipped: 1, ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 0.1 } }], ItemFeeList: [{ FeeType: 'Commission', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -0.02 } }] }] },
          { AmazonOrderId: '111-2', PostedDate: '2026-10-03T10:00:00Z', ShipmentItemList: [{ SellerSKU: 'B', QuantityShipped: 2, ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 0.2 } }] }] },
        ],
        ServiceFeeEventList: [{ FeeReason: 'Subscription', FeeList: [{ FeeType: 'Subscription', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -39.99 } }] }],
      },
      {
        AdjustmentEventList: [{ AdjustmentType: 'ReserveDebit', PostedDate: '2026-10-04T10:00:00Z', AdjustmentAmount: { CurrencyCode: 'USD', CurrencyAmount: -12.5 } }],
        RemovalShipmentEventList: [{ OrderId: 'R-1', PostedDate: '2026-10-05T10:00:00Z' }],
      },
    ]);
    const res = await get(`/backend/${AMAZON_ACCOUNT}/amazon/financial-events/GROUP-CLOSED`, support);
    expect(res.statusCode).toBe(200);
    const lists = res.json<{ lists: AmazonEventList[] }>().lists;
    const by = (list: string) => lists.find((l) => l.list === list);
    // 0.1 - 0.02 + 0.2 in exact units: a float sum would give 0.28000000000000003.
    expect(by('ShipmentEventList')).toMatchObject({ label: 'Shipment', count: 2, currency: 'USD', total: '0.2800', isItemized: true });
    expect(by('ServiceFeeEventList')).toMatchObject({ label: 'Service Fee', count: 1, total: '-39.9900' });
    expect(by('AdjustmentEventList')).toMatchObject({ label: 'Adjustment', count: 1, total: '-12.5000' });
    expect(by('RemovalShipmentEventList')).toMatchObject({ label: 'Removal Shipment', count: 1, total: null, isItemized: false });
    expect((by('ShipmentEventList')!.events[0] as { AmazonOrderId: string }).AmazonOrderId).toBe('111-1');
  });

  it('says so when the account has no Amazon connection', async () => {
    const res = await get('/backend/acme-shopify/amazon/finance-api-settlements', support);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('has no Amazon connection');
    expect((await get('/backend/acme-shopify/amazon/financial-events/G', support)).statusCode).toBe(409);
  });

  it("turns Amazon's refusal into a sentence", async () => {
    amazon.auth.revokeAll();
    const res = await get(`/backend/${AMAZON_ACCOUNT}/amazon/financial-events/GROUP-CLOSED`, support);
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toMatch(/^Amazon refused this account's authorization/);
  });
});

describe('refusals', () => {
  it('none of the calls exists for a merchant, even the account owner', async () => {
    for (const url of [
      `/backend/${PAYPAL_ACCOUNT}/paypal/transactions-raw`,
      `/backend/${PAYPAL_ACCOUNT}/paypal/transactions-raw/1AA00000000000001`,
      `/backend/${PAYPAL_ACCOUNT}/paypal/settlements-refresh`,
      `/backend/${AMAZON_ACCOUNT}/amazon/finance-api-settlements`,
      `/backend/${AMAZON_ACCOUNT}/amazon/financial-events/GROUP-CLOSED`,
    ])
      expect((await get(url, demo)).statusCode).toBe(404);
    const post = await server.app.inject({ method: 'POST', url: `/backend/${PAYPAL_ACCOUNT}/paypal/settlements-refresh`, headers: bearer(demo), payload: { fromDate: '2026-11-01', toDate: '2026-11-10' } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'not-found' });
  });
});
