import { beforeEach, describe, expect, it } from 'vitest';
import { createFakePayPal, type FakePayPal } from '../../testing/fake-channels/fake-paypal';
import { createTestSession } from '../../testing/test-session';
import { ChannelAuthError } from '../shared/channel-errors';
import { paypalConnector } from './paypal-connector';

const API = 'https://api-m.paypal.com';
const endpoints = { api: API };
const NOW = Date.parse('2026-03-31T12:00:00Z');
const DAY = 86_400_000;
let paypal: FakePayPal;

const txn = (i: number, at: number, gross: string, fee: string, code = 'T0006') => ({
  transaction_info: { transaction_id: `9AB${String(i).padStart(14, '0')}`, transaction_event_code: code, transaction_initiation_date: new Date(at).toISOString().replace(/\.\d+Z$/, 'Z'), transaction_status: 'S', transaction_amount: { currency_code: 'USD', value: gross }, fee_amount: { currency_code: 'USD', value: fee } },
  payer_info: { payer_name: { alternate_full_name: `Buyer ${i}` } },
});

async function connected() {
  const account = await paypalConnector.finishConnect({ fetch: paypal.fetch, endpoints, app: { clientId: '', clientSecret: '' }, now: () => NOW }, { redirectUri: '', query: {}, codeVerifier: '', form: { clientId: 'seller-app', clientSecret: 'seller-secret' } });
  return createTestSession({ fetch: paypal.fetch, endpoints, tokens: account.credentials.tokens, params: account.credentials.params, now: () => NOW });
}

beforeEach(async () => {
  paypal = await createFakePayPal({ apiUrl: API, clientId: 'seller-app', clientSecret: 'seller-secret' });
});

describe('PayPal Transaction Search (official spec)', () => {
  it('splits a long period into 31-day searches and reads every page', async () => {
    for (let i = 0; i < 1200; i++) paypal.transactions.push(txn(i, NOW - 80 * DAY + i * 5_000_000, '10.00', '-0.59'));
    const s = await connected();
    const { result } = await paypalConnector.fetchSettlements(s, { from: NOW - 85 * DAY, to: NOW });
    expect(result.problems).toEqual([]);
    const lines = result.settlements.flatMap((x) => x.lines);
    expect(lines.filter((l) => l.amount === 10_0000n)).toHaveLength(1200);
    expect(result.settlements.reduce((sum, x) => sum + (x.total ?? 0n), 0n)).toBe(1200n * 9_4100n);
    const searches = paypal.apiCalls().filter((c) => c.operationId === 'search.get');
    expect(new Set(searches.map((c) => new URL(c.url).searchParams.get('start_date'))).size).toBe(3);
    expect(searches.some((c) => new URL(c.url).searchParams.get('page') === '2')).toBe(true);
    expect(paypal.violations()).toEqual([]);
  });

  it('asks for a new client-credentials token when PayPal says it expired', async () => {
    paypal.transactions.push(txn(1, NOW - DAY, '25.00', '-1.03'));
    const s = await connected();
    paypal.auth.expireAccessTokens();
    const { result } = await paypalConnector.fetchSettlements(s, { from: NOW - 2 * DAY, to: NOW });
    expect(result.settlements).toHaveLength(1);
    expect(s.savedTokens).toHaveLength(1);
  });

  it('waits on 429 Retry-After', async () => {
    const s = await connected();
    paypal.throttleNext(1, 4);
    await paypalConnector.fetchSettlements(s, { from: NOW - DAY, to: NOW });
    expect(s.sleeps).toEqual([4000]);
  });

  it('refuses wrong app credentials at connect', async () => {
    await expect(paypalConnector.finishConnect({ fetch: paypal.fetch, endpoints, app: { clientId: '', clientSecret: '' }, now: () => NOW }, { redirectUri: '', query: {}, codeVerifier: '', form: { clientId: 'seller-app', clientSecret: 'wrong' } })).rejects.toBeInstanceOf(ChannelAuthError);
  });
});
