import { readFileSync } from 'node:fs';
import { parseReport } from '@ledgerport/core/channels';
import { duplicateKey, type Settlement } from '@ledgerport/core/settlements';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeEbay, type FakeEbay } from '../../testing/fake-channels/fake-ebay';
import { createTestSession } from '../../testing/test-session';
import { ChannelAuthError } from '../shared/channel-errors';
import { ebayConnector } from './ebay-connector';

const API = 'https://apiz.ebay.com/sell/finances/v1';
const TOKEN = 'https://api.ebay.com/identity/v1/oauth2/token';
const endpoints = { api: API, token: TOKEN, consent: 'https://auth.ebay.com/oauth2/authorize' };
const app = { clientId: 'ebay-app', clientSecret: 'ebay-secret' };
const NOW = Date.parse('2023-08-15T12:00:00Z');
let ebay: FakeEbay;

const sale = (i: number, value: string, fee: string) => ({
  transactionId: `2000${i}`, transactionType: 'SALE', transactionStatus: 'PAYOUT', transactionDate: '2023-07-03T10:00:00.000Z', bookingEntry: 'CREDIT',
  amount: { value, currency: 'USD' }, orderId: `12-10001-${String(i).padStart(5, '0')}`, totalFeeBasisAmount: { value: '51.80', currency: 'USD' },
  orderLineItems: [{ lineItemId: `${i}`, feeBasisAmount: { value: '51.80', currency: 'USD' }, marketplaceFees: [{ feeType: 'FINAL_VALUE_FEE', amount: { value: fee, currency: 'USD' } }] }],
});

async function connected() {
  const account = await ebayConnector.finishConnect({ fetch: ebay.fetch, endpoints, app, now: () => NOW }, { redirectUri: 'x', query: { code: ebay.auth.issueCode() }, codeVerifier: '', form: {} });
  return createTestSession({ fetch: ebay.fetch, endpoints, app, tokens: account.credentials.tokens, now: () => NOW });
}

beforeEach(async () => {
  ebay = await createFakeEbay({ apiUrl: API, tokenUrl: TOKEN, ...app });
});

describe('eBay Finances API (official spec)', () => {
  it('reads payouts and their transactions over many pages, signed by bookingEntry, one settlement per payout', async () => {
    for (let p = 0; p < 210; p++)
      ebay.payouts.push({
        payoutId: String(6000000000 + p), payoutDate: '2023-07-05T00:00:00.000Z', amount: { value: p === 3 ? '1.00' : '0.00', currency: 'USD' },
        transactions: p === 3 ? [...Array.from({ length: 1100 }, (_, i) => sale(i, '10.00', '1.30')), { transactionId: 'L1', transactionType: 'SHIPPING_LABEL', transactionStatus: 'PAYOUT', transactionDate: '2023-07-03T10:00:00.000Z', bookingEntry: 'DEBIT', amount: { value: '10999.00', currency: 'USD' } }] : [],
      });
    const s = await connected();
    const { result } = await ebayConnector.fetchSettlements(s, { from: Date.parse('2023-07-01T00:00:00Z'), to: NOW });
    expect(ebay.violations()).toEqual([]);
    const payout = result.settlements.find((x) => x.settlementId === '6000000003')!;
    expect(payout).toBeDefined();
    expect(result.problems).toEqual([]);
    expect(payout.total).toBe(1_0000n);
    expect(payout.lines.reduce((sum, l) => sum + l.amount, 0n)).toBe(1100n * 10_0000n - 10999_0000n);
    expect(ebay.apiCalls().filter((c) => c.operationId === 'getPayouts')).toHaveLength(2);
    expect(ebay.apiCalls().filter((c) => c.operationId === 'getTransactions' && c.url.includes('6000000003'))).toHaveLength(2);
  });

  it('refreshes the 2-hour token and says reconnect when eBay revokes it', async () => {
    const s = await connected();
    ebay.auth.expireAccessTokens();
    await ebayConnector.fetchSettlements(s, { from: NOW - 86_400_000, to: NOW });
    expect(s.savedTokens).toHaveLength(1);
    ebay.auth.revokeAll();
    await expect(ebayConnector.fetchSettlements(s, { from: NOW - 86_400_000, to: NOW })).rejects.toBeInstanceOf(ChannelAuthError);
  });

  it('waits on 429 Retry-After', async () => {
    const s = await connected();
    ebay.throttleNext(2, 1);
    await ebayConnector.fetchSettlements(s, { from: NOW - 86_400_000, to: NOW });
    expect(s.sleeps).toEqual([1000, 1000]);
  });

  it('gives the payout of the transaction report: same id and duplicate key, total, deposit, net per transaction and fee lines', async () => {
    const usd = (value: string) => ({ value, currency: 'USD' });
    const fees = (...f: [string, string][]) => [{ lineItemId: '1', feeBasisAmount: usd('51.80'), marketplaceFees: f.map(([feeType, value]) => ({ feeType, amount: usd(value) })) }];
    const at = (day: string) => `2023-07-${day}T15:00:00.000Z`;
    // Payout 6000111222 of the fixture, as the Finances API describes the same money (unsigned amounts, bookingEntry).
    ebay.payouts.push({
      payoutId: '6000111222', payoutDate: '2023-07-05T00:00:00.000Z', amount: usd('18.52'),
      transactions: [
        { transactionId: '2000001', transactionType: 'SALE', transactionStatus: 'PAYOUT', transactionDate: at('03'), bookingEntry: 'CREDIT', amount: usd('43.07'), orderId: '12-10001-00001', totalFeeBasisAmount: usd('51.80'), orderLineItems: fees(['FINAL_VALUE_FEE_FIXED_PER_ORDER', '0.30'], ['FINAL_VALUE_FEE', '5.13'], ['REGULATORY_OPERATING_FEE', '0.00']) },
        { transactionId: 'L-1', transactionType: 'SHIPPING_LABEL', transactionStatus: 'PAYOUT', transactionDate: at('03'), bookingEntry: 'DEBIT', amount: usd('7.45'), orderId: '12-10001-00001', transactionMemo: 'USPS Ground Advantage' },
        { transactionId: 'R-1', transactionType: 'REFUND', transactionStatus: 'PAYOUT', transactionDate: at('04'), bookingEntry: 'DEBIT', amount: usd('15.00'), orderId: '12-09999-00042' },
        { transactionId: 'F-1', transactionType: 'NON_SALE_CHARGE', transactionStatus: 'PAYOUT', transactionDate: at('04'), bookingEntry: 'DEBIT', amount: usd('2.10'), transactionMemo: 'Promoted Listings - General fee' },
      ],
    });
    const s = await connected();
    const { result } = await ebayConnector.fetchSettlements(s, { from: Date.parse('2023-07-01T00:00:00Z'), to: NOW });
    const file = (await parseReport(new Uint8Array(readFileSync(FIXTURE)), { fileName: 'transaction_report_2023_07.csv' })).settlements.find((x) => x.settlementId === '6000111222')!;
    const api = result.settlements.find((x) => x.settlementId === '6000111222')!;
    expect(result.problems).toEqual([]);
    expect(duplicateKey(api)).toBe(duplicateKey(file));
    expect([api.status, api.total, api.depositDate, api.startDate, api.endDate]).toEqual([file.status, file.total, file.depositDate, file.startDate, file.endDate]);
    expect(netByTransaction(api)).toEqual(netByTransaction(file));
    const feeLines = (x: Settlement) => x.lines.filter((l) => l.typeKey.includes('Fee')).map((l) => [l.typeKey, l.amount, l.orderId]);
    expect(feeLines(api)).toEqual(feeLines(file));
    const labelsAndOtherFees = (x: Settlement) => x.lines.filter((l) => l.typeKey === 'Shipping label' || l.typeKey === 'Other fee').map((l) => [l.typeKey, l.amount, l.orderId, l.description]);
    expect(labelsAndOtherFees(api)).toEqual(labelsAndOtherFees(file));
    // Finances v1.9 does not split item subtotal, shipping and eBay-collected tax, and has no item title, SKU or quantity:
    // the rest of a sale is one 'Other amounts' line, a refund one line of its type (docs/CHANNELS.md).
    expect(api.lines.filter((l) => l.typeKey.startsWith('Order|') && !l.typeKey.includes('Fee')).map((l) => [l.typeKey, l.amount])).toEqual([['Order|Other amounts', 48_5000n]]);
    expect(api.lines.filter((l) => l.typeKey.startsWith('Refund')).map((l) => [l.typeKey, l.amount])).toEqual([['Refund', -15_0000n]]);
    expect(ebay.violations()).toEqual([]);
  });
});

const FIXTURE = new URL('../../../../core/src/channels/ebay/__fixtures__/transaction_report_2023_07.csv', import.meta.url);

/** Σ lines per order and transaction type: what a transaction is worth, however its columns are split. */
function netByTransaction(x: Settlement): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const l of x.lines) {
    const key = `${l.orderId ?? '-'}|${l.typeKey.split('|')[0]!}`;
    out[key] = (out[key] ?? 0n) + l.amount;
  }
  return out;
}
