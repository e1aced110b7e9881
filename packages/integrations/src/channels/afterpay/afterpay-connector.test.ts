import { readFileSync } from 'node:fs';
import { parseReport } from '@ledgerport/core/channels';
import { duplicateKey, type Settlement } from '@ledgerport/core/settlements';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestSession } from '../../testing/test-session';
import { ChannelAuthError } from '../shared/channel-errors';
import { afterpayConnector, type AfterpaySettlementRecord } from './afterpay-connector';
import { createFakeAfterpay, type FakeAfterpay } from './afterpay-fake';

const API = 'https://global-api.afterpay.com';
const endpoints = { api: API };
const keys = { merchantId: '41234', secretKey: 'sk-afterpay-1' };
const env = () => ({ fetch: afterpay.fetch, endpoints, app: { clientId: '', clientSecret: '' }, now: () => Date.parse('2024-03-10T00:00:00Z') });
let afterpay: FakeAfterpay;

const usd = (amount: string) => ({ amount, currency: 'USD' });
/** The four rows of core's settlement_report_us.csv fixture, as the API gives them. */
const FIXTURE_RECORDS: AfterpaySettlementRecord[] = [
  { settlementDate: '2024-03-05', orderDate: '2024-03-03T14:22:00Z', afterpayOrderId: '100101', merchantOrderId: 'ORD-5001', type: 'Order', channel: 'Online', storeName: 'Acme Online', orderAmount: usd('85.95'), settlementAmount: usd('85.95'), merchantFeeExclTax: usd('5.46'), merchantFeeTax: usd('0.00'), merchantFeeInclTax: usd('5.46'), netSettlementAmount: usd('80.49') },
  { settlementDate: '2024-03-05', orderDate: '2024-03-04T09:05:00Z', afterpayOrderId: '100102', merchantOrderId: 'ORD-5002', type: 'Order', channel: 'Online', storeName: 'Acme Online', orderAmount: usd('240.00'), settlementAmount: usd('240.00'), merchantFeeExclTax: usd('14.70'), merchantFeeTax: usd('0.00'), merchantFeeInclTax: usd('14.70'), netSettlementAmount: usd('225.30') },
  { settlementDate: '2024-03-05', orderDate: '2024-02-28T18:40:00Z', afterpayOrderId: '100090', merchantOrderId: 'ORD-4990', merchantRefundId: 'R-77', afterpayRefundId: '900077', type: 'Refund', channel: 'Online', storeName: 'Acme Online', orderAmount: usd('120.00'), settlementAmount: usd('-40.00'), merchantFeeExclTax: usd('0.00'), merchantFeeTax: usd('0.00'), merchantFeeInclTax: usd('0.00'), netSettlementAmount: usd('-40.00') },
  { settlementDate: '2024-03-06', orderDate: '2024-03-05T20:15:00Z', afterpayOrderId: '100103', merchantOrderId: 'ORD-5003', type: 'Order', channel: 'In-store', storeName: 'Acme Main St', orderAmount: usd('59.99'), settlementAmount: usd('59.99'), merchantFeeExclTax: usd('3.90'), merchantFeeTax: usd('0.00'), merchantFeeInclTax: usd('3.90'), netSettlementAmount: usd('56.09') },
];

const comparable = (s: Settlement) => ({
  duplicateKey: duplicateKey(s), settlementId: s.settlementId, currency: s.currency, total: s.total, depositDate: s.depositDate, status: s.status,
  lines: s.lines.map((l) => [l.postedAt, l.typeKey, l.amount, l.orderId, l.marketplace, l.fulfilmentChannel].join('|')),
});

async function connected() {
  const account = await afterpayConnector.finishConnect(env(), { redirectUri: '', query: {}, codeVerifier: '', form: keys });
  return createTestSession({ fetch: afterpay.fetch, endpoints, app: { clientId: '', clientSecret: '' }, tokens: account.credentials.tokens, params: account.credentials.params });
}

beforeEach(() => {
  afterpay = createFakeAfterpay({ apiUrl: API, ...keys });
});

describe('Afterpay settlements (documented shapes)', () => {
  it('API and settlement report file give the same normalized settlements and duplicate keys', async () => {
    afterpay.records.push(...FIXTURE_RECORDS);
    const s = await connected();
    const { result } = await afterpayConnector.fetchSettlements(s, { from: Date.parse('2024-03-01T00:00:00Z'), to: Date.parse('2024-03-10T00:00:00Z') });
    const file = await parseReport(readFileSync(new URL('../../../../core/src/channels/afterpay/__fixtures__/settlement_report_us.csv', import.meta.url)), { fileName: 'settlement_report_us.csv', channel: 'AFTERPAY' });
    expect(result.problems).toEqual([]);
    expect(result.settlements.map(comparable)).toEqual(file.settlements.map(comparable));
    expect(result.settlements.map((x) => [x.settlementId, x.total])).toEqual([['2024-03-05_USD', 265_7900n], ['2024-03-06_USD', 56_0900n]]);
    expect(afterpay.violations()).toEqual([]);
  });

  it('refuses wrong keys at connect with a message naming them', async () => {
    await expect(afterpayConnector.finishConnect(env(), { redirectUri: '', query: {}, codeVerifier: '', form: { merchantId: '41234', secretKey: 'wrong' } })).rejects.toThrow(/Merchant ID and Secret Key/);
  });

  it('reads settlements over offset pages of 250 and redownloads one day by its id', async () => {
    for (let i = 0; i < 600; i++) afterpay.records.push({ ...FIXTURE_RECORDS[0]!, settlementDate: '2024-03-07', afterpayOrderId: String(200000 + i), merchantOrderId: `ORD-${i}` });
    const s = await connected();
    const { result } = await afterpayConnector.fetchSettlements(s, { from: Date.parse('2024-03-07T00:00:00Z'), to: Date.parse('2024-03-08T00:00:00Z') });
    expect(result.settlements.map((x) => [x.settlementId, x.total])).toEqual([['2024-03-07_USD', 600n * 80_4900n]]);
    expect(afterpay.apiCalls().filter((c) => c.operationId === 'listSettlements')).toHaveLength(3);
    const one = await afterpayConnector.fetchSettlement(s, '2024-03-07_USD');
    expect(one.settlements.map((x) => x.lines.length)).toEqual([1200]);
    expect(afterpay.violations()).toEqual([]);
  });

  it('waits on 429 Retry-After, and says reconnect when the secret key was regenerated', async () => {
    const s = await connected();
    afterpay.throttleNext(1, 2);
    await afterpayConnector.fetchSettlements(s, { from: Date.parse('2024-03-01T00:00:00Z'), to: Date.parse('2024-03-02T00:00:00Z') });
    expect(s.sleeps).toEqual([2000]);
    afterpay.rotateSecretKey('sk-afterpay-2');
    await expect(afterpayConnector.fetchSettlements(s, { from: Date.parse('2024-03-01T00:00:00Z'), to: Date.parse('2024-03-02T00:00:00Z') })).rejects.toBeInstanceOf(ChannelAuthError);
  });
});
