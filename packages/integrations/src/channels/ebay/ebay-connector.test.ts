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
});
