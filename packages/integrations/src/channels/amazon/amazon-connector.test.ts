import { readFileSync } from 'node:fs';
import { parseReport } from '@ledgerport/core/channels';
import { writeAmazonV2, AMAZON_LOCALES } from '@ledgerport/core/channels/amazon';
import { duplicateKey, type Settlement } from '@ledgerport/core/settlements';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeAmazon, type FakeAmazon } from '../../testing/fake-channels/fake-amazon';
import { createTestSession } from '../../testing/test-session';
import { ChannelAuthError, ReportNotReadyError } from '../shared/channel-errors';
import { amazonConnector } from './amazon-connector';

const API = 'https://sellingpartnerapi-na.amazon.com';
const TOKEN = 'https://api.amazon.com/auth/o2/token';
const endpoints = { api: API, token: TOKEN, consent: 'https://sellercentral.amazon.com/apps/authorize/consent' };
const app = { clientId: 'amzn1.application-oa2-client.test', clientSecret: 'secret' };
const FIXTURE = new URL('../../../../core/src/channels/amazon/__fixtures__/us-v2-promotion-reserve.txt', import.meta.url);
const NOW = Date.parse('2026-11-20T12:00:00Z');
const DAY = 24 * 3600 * 1000;

let amazon: FakeAmazon;

async function connectedSession() {
  const code = amazon.auth.issueCode();
  const connected = await amazonConnector.finishConnect(
    { fetch: amazon.fetch, endpoints, app, now: () => NOW },
    { redirectUri: 'http://localhost/admin/sales-channel/amazon/cb', query: { spapi_oauth_code: code, selling_partner_id: 'A1SELLER', state: 's' }, codeVerifier: '', form: {} },
  );
  return createTestSession({ fetch: amazon.fetch, endpoints, app, tokens: connected.credentials.tokens, params: connected.credentials.params, now: () => NOW });
}

/** A generated settlement: n orders with price, commission and FBA fee. */
function generated(id: string, depositDay: number, orders: number): Settlement {
  const at = NOW - depositDay * DAY;
  const lines = Array.from({ length: orders }, (_, i) => [
    { typeKey: 'Order|ItemPrice|Principal', amount: 1999_0000n + BigInt(i) * 100n },
    { typeKey: 'Order|ItemFees|Commission', amount: -300_0000n },
    { typeKey: 'Order|ItemFees|FBAPerUnitFulfillmentFee', amount: -412_0000n },
  ].map((l) => ({ ...l, postedAt: at - 3 * DAY, orderId: `111-0000000-${String(i).padStart(7, '0')}`, sku: `SKU-${i % 7}`, quantity: 1, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', source: { file: '', row: 0 } }))).flat();
  const total = lines.reduce((s, l) => s + l.amount, 0n);
  return { channel: 'AMAZON', settlementId: id, format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD', startDate: at - 14 * DAY, endDate: at - 2 * DAY, depositDate: at, total, status: 'closed', sellerId: null, sourceFile: '', lines };
}

const enc = (text: string) => new TextEncoder().encode(text);
const withoutSource = (s: Settlement) => ({ ...s, sourceFile: '', lines: s.lines.map((l) => ({ ...l, source: { file: '', row: l.source.row } })) });

beforeEach(async () => {
  amazon = await createFakeAmazon({ apiUrl: API, tokenUrl: TOKEN, ...app, now: () => NOW });
});

describe('Amazon SP-API settlements', () => {
  it('gives the same normalized settlement through the API as the same report loaded as a file', async () => {
    const bytes = new Uint8Array(readFileSync(FIXTURE));
    amazon.addReport({ document: bytes, createdTime: new Date(NOW - 3 * DAY).toISOString(), isGzip: true });
    const s = await connectedSession();
    const { result } = await amazonConnector.fetchSettlements(s, { from: NOW - 30 * DAY, to: NOW });
    const file = await parseReport(bytes, { fileName: 'us-v2-promotion-reserve.txt' });
    expect(result.problems).toEqual([]);
    expect(result.settlements).toHaveLength(1);
    expect(withoutSource(result.settlements[0]!)).toEqual(withoutSource(file.settlements[0]!));
    expect(duplicateKey(result.settlements[0]!)).toBe(duplicateKey(file.settlements[0]!));
    expect(amazon.violations()).toEqual([]);
  });

  it('reads every page of getReports (nextToken alone) and every generated report', async () => {
    for (let i = 0; i < 230; i++) {
      const settlement = generated(String(20_000_000_000 + i), 2 + (i % 80), 1 + (i % 5));
      amazon.addReport({ document: enc(writeAmazonV2(settlement, { locale: AMAZON_LOCALES.US!, hasPromotionId: true })), createdTime: new Date(settlement.depositDate!).toISOString(), isGzip: i % 2 === 0 });
    }
    const s = await connectedSession();
    const { result } = await amazonConnector.fetchSettlements(s, { from: NOW - 89 * DAY, to: NOW });
    expect(result.problems).toEqual([]);
    expect(result.settlements).toHaveLength(230);
    const sample = result.settlements.find((x) => x.settlementId === '20000000004')!;
    expect(sample.total).toBe(generated('20000000004', 6, 5).total);
    expect(amazon.apiCalls().filter((c) => c.operationId === 'getReports')).toHaveLength(3);
    expect(amazon.violations()).toEqual([]);
  });

  it('waits as Retry-After says when throttled (429) and then succeeds', async () => {
    amazon.addReport({ document: enc(writeAmazonV2(generated('30000000001', 3, 2), { locale: AMAZON_LOCALES.US!, hasPromotionId: false })), createdTime: new Date(NOW - 3 * DAY).toISOString() });
    const s = await connectedSession();
    amazon.throttleNext(2, 3);
    const { result } = await amazonConnector.fetchSettlements(s, { from: NOW - 10 * DAY, to: NOW });
    expect(result.settlements.map((x) => x.settlementId)).toEqual(['30000000001']);
    expect(s.sleeps).toEqual([3000, 3000]);
  });

  it('refreshes an expired access token once and saves the new one', async () => {
    const s = await connectedSession();
    amazon.auth.expireAccessTokens();
    await amazonConnector.fetchSettlements(s, { from: NOW - 10 * DAY, to: NOW });
    expect(s.savedTokens).toHaveLength(1);
    expect(amazon.auth.isValidAccessToken(s.savedTokens[0]!.accessToken)).toBe(true);
  });

  it('reports a revoked authorization as a ChannelAuthError (reconnect needed)', async () => {
    const s = await connectedSession();
    amazon.auth.revokeAll();
    await expect(amazonConnector.fetchSettlements(s, { from: NOW - 10 * DAY, to: NOW })).rejects.toBeInstanceOf(ChannelAuthError);
  });

  it('leaves a report still being generated for the next fetch, and says so on redownload', async () => {
    const pending = amazon.addReport({ document: enc(''), createdTime: new Date(NOW - DAY).toISOString(), processingStatus: 'IN_PROGRESS' });
    const s = await connectedSession();
    const outcome = await amazonConnector.fetchSettlements(s, { from: NOW - 10 * DAY, to: NOW });
    expect(outcome.result.settlements).toEqual([]);
    expect(outcome.notReady).toEqual([{ id: pending.reportId, createdAt: NOW - DAY }]);
    await expect(amazonConnector.fetchSettlement(s, '123')).rejects.toBeInstanceOf(ReportNotReadyError);
  });

  it('redownloads one settlement by its settlement id', async () => {
    for (const id of ['40000000001', '40000000002'])
      amazon.addReport({ document: enc(writeAmazonV2(generated(id, 5, 3), { locale: AMAZON_LOCALES.US!, hasPromotionId: true })), createdTime: new Date(NOW - 5 * DAY).toISOString() });
    const s = await connectedSession();
    const result = await amazonConnector.fetchSettlement(s, '40000000002');
    expect(result.settlements.map((x) => x.settlementId)).toEqual(['40000000002']);
  });

  it('turns an Open financial event group into an open settlement (Finances API, spec example group)', async () => {
    amazon.groups.push({ FinancialEventGroupId: 'GRP-OPEN-1', ProcessingStatus: 'Open', FundTransferStatus: 'Unknown', OriginalTotal: { CurrencyCode: 'USD', CurrencyAmount: 0 }, FinancialEventGroupStart: new Date(NOW - 4 * DAY).toISOString() });
    amazon.groupEvents.set('GRP-OPEN-1', [
      { ShipmentEventList: [{ AmazonOrderId: '112-1', MarketplaceName: 'Amazon.com', PostedDate: new Date(NOW - 2 * DAY).toISOString(), ShipmentItemList: [{ SellerSKU: 'SKU-1', QuantityShipped: 1, ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 25.1 } }], ItemFeeList: [{ FeeType: 'Commission', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -3.77 } }] }] }] },
      { ServiceFeeEventList: [{ FeeReason: 'Subscription', FeeList: [{ FeeType: 'Subscription', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -39.99 } }] }] },
    ]);
    const s = await connectedSession();
    const { result } = await amazonConnector.fetchSettlements(s, { from: NOW - 10 * DAY, to: NOW });
    const open = result.settlements.find((x) => x.settlementId === 'open:GRP-OPEN-1')!;
    expect(open.status).toBe('open');
    expect(open.total).toBeNull();
    expect(open.lines.map((l) => [l.typeKey, l.amount])).toEqual([
      ['Order|ItemPrice|Principal', 25_1000n],
      ['Order|ItemFees|Commission', -3_7700n],
      ['ServiceFee|Subscription|Subscription', -39_9900n],
    ]);
    expect(amazon.violations()).toEqual([]);
  });

  it('itemizes chargebacks, advertising, coupons and liquidations of an open group, and names the event lists it leaves to the report', async () => {
    const usd = (n: number) => ({ CurrencyCode: 'USD', CurrencyAmount: n });
    const at = new Date(NOW - 2 * DAY).toISOString();
    amazon.groups.push({ FinancialEventGroupId: 'GRP-MIX', ProcessingStatus: 'Open', FundTransferStatus: 'Unknown', OriginalTotal: usd(0), FinancialEventGroupStart: new Date(NOW - 5 * DAY).toISOString() });
    amazon.groupEvents.set('GRP-MIX', [
      { ChargebackEventList: [{ AmazonOrderId: '112-9', PostedDate: at, ShipmentItemAdjustmentList: [{ SellerSKU: 'SKU-9', QuantityShipped: 1, ItemChargeAdjustmentList: [{ ChargeType: 'Principal', ChargeAmount: usd(-12.5) }] }] }] },
      { ProductAdsPaymentEventList: [{ postedDate: at, transactionType: 'Charge', invoiceId: 'TR1', baseValue: usd(-20), taxValue: usd(0), transactionValue: usd(-20) }], CouponPaymentEventList: [{ PostedDate: at, CouponId: 'C1', TotalAmount: usd(-0.6) }] },
      { FBALiquidationEventList: [{ PostedDate: at, OriginalRemovalOrderId: 'R1', LiquidationProceedsAmount: usd(8.25), LiquidationFeeAmount: usd(-1.24) }], RentalTransactionEventList: [{ AmazonOrderId: '112-R', RentalEventType: 'RentalCustomerPayment-Buyout', PostedDate: at }] },
    ]);
    const s = await connectedSession();
    const { result } = await amazonConnector.fetchSettlements(s, { from: NOW - 2 * DAY, to: NOW });
    expect(result.settlements[0]!.lines.map((l) => [l.typeKey, l.amount])).toEqual([
      ['Chargeback Refund|ItemPrice|Principal', -12_5000n],
      ['ServiceFee|Cost of Advertising|TransactionTotalAmount', -20_0000n],
      ['CouponRedemptionFee|CouponRedemptionFee|Coupon Redemption Fee', -6000n],
      ['Liquidations|LiquidationsProceeds|Liquidations Proceeds', 8_2500n],
      ['Liquidations|LiquidationsFee|Liquidations Fee', -1_2400n],
    ]);
    expect(result.problems.map((p) => p.column)).toEqual(['RentalTransactionEventList']);
    expect(amazon.violations()).toEqual([]);
  });

  it('names an open group by the settlement id its transactions carry, so the closed report completes it (same duplicate key)', async () => {
    const closedReport = generated('60000000001', 0, 2);
    amazon.groups.push({ FinancialEventGroupId: 'GRP-2', ProcessingStatus: 'Open', FundTransferStatus: 'Unknown', OriginalTotal: { CurrencyCode: 'USD', CurrencyAmount: 0 }, FinancialEventGroupStart: new Date(NOW - 12 * DAY).toISOString() });
    amazon.groupEvents.set('GRP-2', [{ ShipmentEventList: [{ AmazonOrderId: '112-2', MarketplaceName: 'Amazon.com', PostedDate: new Date(NOW - 3 * DAY).toISOString(), ShipmentItemList: [{ SellerSKU: 'SKU-2', QuantityShipped: 1, ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 19.99 } }] }] }] }]);
    // Twelve transactions of other groups come first: the id is found on a later page, after Amazon's empty page.
    for (let i = 0; i < 12; i++) amazon.transactions.push(transaction({ id: `T-OTHER-${i}`, at: NOW - 20 * DAY, amount: 1, group: 'GRP-1', settlement: '59999999999' }));
    amazon.transactions.push(transaction({ id: 'T-2', at: NOW - 3 * DAY, amount: 19.99, group: 'GRP-2', settlement: '60000000001' }));
    const s = await connectedSession();
    // A scheduled fetch overlapping only the last two days still sees the group opened twelve days ago.
    const first = await amazonConnector.fetchSettlements(s, { from: NOW - 2 * DAY, to: NOW });
    const open = first.result.settlements.find((x) => x.status === 'open')!;
    expect(open.settlementId).toBe('60000000001');
    expect(open.lines.map((l) => [l.typeKey, l.amount])).toEqual([['Order|ItemPrice|Principal', 19_9900n]]);
    expect(duplicateKey(open)).toBe(duplicateKey(closedReport));
    expect(amazon.violations()).toEqual([]);
  });

  it('asks for event groups in windows under 180 days and leaves the running group out of an older period (history)', async () => {
    amazon.groups.push({ FinancialEventGroupId: 'GRP-NOW', ProcessingStatus: 'Open', FundTransferStatus: 'Unknown', OriginalTotal: { CurrencyCode: 'USD', CurrencyAmount: 0 }, FinancialEventGroupStart: new Date(NOW - 3 * DAY).toISOString() });
    const s = await connectedSession();
    const history = await amazonConnector.fetchSettlements(s, { from: NOW - 366 * DAY, to: NOW - 100 * DAY });
    expect(history.result.settlements).toEqual([]);
    const windows = amazon.apiCalls().filter((c) => c.operationId === 'listFinancialEventGroups').map((c) => new URL(c.url).searchParams);
    expect(windows).toHaveLength(2);
    for (const w of windows) expect(Date.parse(w.get('FinancialEventGroupStartedBefore')!) - Date.parse(w.get('FinancialEventGroupStartedAfter')!)).toBeLessThanOrEqual(180 * DAY);
    expect(amazon.violations()).toEqual([]);
  });

  it('keeps a provisional open:<group> id while no transaction names the settlement, and renames it once the group closed', async () => {
    const group = { FinancialEventGroupId: 'GRP-3', ProcessingStatus: 'Open', FundTransferStatus: 'Unknown', OriginalTotal: { CurrencyCode: 'USD', CurrencyAmount: 0 }, FinancialEventGroupStart: new Date(NOW - 10 * DAY).toISOString() };
    amazon.groups.push(group);
    const s = await connectedSession();
    const first = await amazonConnector.fetchSettlements(s, { from: NOW - 2 * DAY, to: NOW });
    expect(first.result.settlements.map((x) => [x.settlementId, x.status])).toEqual([['open:GRP-3', 'open']]);
    expect(first.renamed).toEqual([]);
    Object.assign(group, { ProcessingStatus: 'Closed', FinancialEventGroupEnd: new Date(NOW - DAY).toISOString() });
    amazon.transactions.push(transaction({ id: 'T-3', at: NOW - 4 * DAY, amount: 5, group: 'GRP-3', settlement: '60000000003' }));
    const second = await amazonConnector.fetchSettlements(s, { from: NOW - 2 * DAY, to: NOW });
    expect(second.renamed).toEqual([{ from: 'open:GRP-3', to: '60000000003' }]);
    expect(amazon.violations()).toEqual([]);
  });

  it('makes deferred transactions (DEFERRED and DEFERRED_RELEASED, every page) into one settlement per month, only when the account asks', async () => {
    const OCT = Date.parse('2026-10-10T10:00:00Z');
    for (let i = 0; i < 23; i++) amazon.transactions.push(transaction({ id: `D-${i}`, at: OCT + i * 3600_000, amount: 25.5, status: i % 3 === 0 ? 'DEFERRED_RELEASED' : 'DEFERRED', fee: -3.83 }));
    amazon.transactions.push(transaction({ id: 'R-1', at: OCT, amount: 99, status: 'RELEASED' }));
    amazon.transactions.push(transaction({ id: 'D-NOV', at: NOW - 2 * DAY, amount: 40, status: 'DEFERRED', total: 41.25 }));
    const s = await connectedSession();
    expect((await amazonConnector.fetchSettlements(s, { from: Date.parse('2026-10-20T00:00:00Z'), to: NOW })).deferredTransactionIds).toEqual([]);
    amazon.throttleNextByRate(2, 0.5);
    const outcome = await amazonConnector.fetchSettlements(s, { from: Date.parse('2026-10-20T00:00:00Z'), to: NOW }, { isDeferredTransactionsEnabled: true });
    expect(s.sleeps).toEqual([2000, 2000]);
    expect(outcome.deferredTransactionIds).toEqual(['deferred:2026-10', 'deferred:2026-11']);
    const [october, november] = ['deferred:2026-10', 'deferred:2026-11'].map((id) => outcome.result.settlements.find((x) => x.settlementId === id)!);
    expect(october!.lines).toHaveLength(46);
    expect([october!.status, october!.total, october!.startDate, october!.endDate]).toEqual(['closed', 23n * (25_5000n - 3_8300n), Date.parse('2026-10-01T00:00:00Z'), Date.parse('2026-10-31T23:59:59Z')]);
    expect(october!.lines.slice(0, 2).map((l) => [l.typeKey, l.amount, l.orderId, l.sku, l.quantity])).toEqual([
      ['Order|ItemPrice|Principal', 25_5000n, '113-D-0', 'SKU-D', 1],
      ['Order|ItemFees|Commission', -3_8300n, '113-D-0', 'SKU-D', 1],
    ]);
    expect([november!.status, november!.total]).toEqual(['open', null]);
    // The part of Amazon's total no breakdown explains stays on a line of its own.
    expect(november!.lines.map((l) => [l.typeKey, l.amount])).toEqual([['Order|ItemPrice|Principal', 40_0000n], ['Order|Other|Order Payment', 1_2500n]]);
    const again = await amazonConnector.fetchSettlement(s, 'deferred:2026-10');
    expect(again.settlements.map((x) => [x.settlementId, x.total])).toEqual([['deferred:2026-10', october!.total]]);
    expect(amazon.apiCalls().filter((c) => c.operationId === 'listTransactions').length).toBeGreaterThan(6);
    expect(amazon.violations()).toEqual([]);
  });
});

/** A Finances 2024-06-19 transaction as the model describes it (item breakdown: product charges, Amazon fees). */
function transaction(o: { id: string; at: number; amount: number; status?: string; fee?: number; total?: number; group?: string; settlement?: string }) {
  const money = (n: number) => ({ currencyCode: 'USD', currencyAmount: n });
  const ids = [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: `113-${o.id}` }];
  if (o.group) ids.push({ relatedIdentifierName: 'FINANCIAL_EVENT_GROUP_ID', relatedIdentifierValue: o.group });
  if (o.settlement) ids.push({ relatedIdentifierName: 'SETTLEMENT_ID', relatedIdentifierValue: o.settlement });
  const breakdowns = [
    { breakdownType: 'Product Charges', breakdownAmount: money(o.amount), breakdowns: [{ breakdownType: 'Principal', breakdownAmount: money(o.amount), breakdowns: [] }] },
    ...(o.fee ? [{ breakdownType: 'Amazon Fees', breakdownAmount: money(o.fee), breakdowns: [{ breakdownType: 'Commission', breakdownAmount: money(o.fee), breakdowns: [] }] }] : []),
  ];
  return {
    sellingPartnerMetadata: { sellingPartnerId: 'A1SELLER', accountType: 'PAYABLE', marketplaceId: 'ATVPDKIKX0DER' },
    relatedIdentifiers: ids,
    transactionType: 'Shipment',
    transactionId: o.id,
    transactionStatus: o.status ?? 'RELEASED',
    description: 'Order Payment',
    postedDate: new Date(o.at).toISOString(),
    totalAmount: money(o.total ?? Math.round((o.amount + (o.fee ?? 0)) * 100) / 100),
    marketplaceDetails: { marketplaceId: 'ATVPDKIKX0DER', marketplaceName: 'Amazon.com' },
    items: [{ description: 'Item title', totalAmount: money(o.amount + (o.fee ?? 0)), breakdowns, contexts: [{ contextType: 'ProductContext', asin: 'B07FGXZQZ1', sku: 'SKU-D', quantityShipped: 1, fulfillmentNetwork: 'AFN' }] }],
    contexts: [{ contextType: 'DeferredContext', deferralReason: 'B2B', maturityDate: new Date(o.at + 7 * DAY).toISOString() }],
  };
}
