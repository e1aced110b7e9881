import { readFileSync } from 'node:fs';
import { parseReport } from '@ledgerport/core/channels';
import { duplicateKey, type Settlement } from '@ledgerport/core/settlements';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestSession } from '../../testing/test-session';
import { ChannelAuthError } from '../shared/channel-errors';
import { bigcommerceConnector } from './bigcommerce-connector';
import { createFakeBraintree, type FakeBraintree } from './braintree-fake';

const GATEWAY = 'https://api.braintreegateway.com';
const endpoints = { gateway: GATEWAY };
const keys = { merchantId: 'acmestore', publicKey: 'pub-1', privateKey: 'priv-1' };
const env = () => ({ fetch: braintree.fetch, endpoints, app: { clientId: '', clientSecret: '' }, now: () => Date.parse('2026-03-10T00:00:00Z') });
let braintree: FakeBraintree;

const comparable = (s: Settlement) => ({
  duplicateKey: duplicateKey(s), settlementId: s.settlementId, currency: s.currency, total: s.total, depositDate: s.depositDate, status: s.status,
  lines: s.lines.map((l) => [l.postedAt, l.typeKey, l.amount, l.quantity].join('|')),
});

async function connected() {
  const account = await bigcommerceConnector.finishConnect(env(), { redirectUri: '', query: {}, codeVerifier: '', form: keys });
  return createTestSession({ fetch: braintree.fetch, endpoints, tokens: account.credentials.tokens, params: account.credentials.params });
}

/** core's settlement_batch_summary_2026_03.csv fixture as the gateway's records. */
function addFixture(): string {
  const csv = readFileSync(new URL('../../../../core/src/channels/bigcommerce/__fixtures__/settlement_batch_summary_2026_03.csv', import.meta.url), 'utf8');
  const [, ...lines] = csv.trim().split('\n');
  for (const line of lines) {
    const [settlementDate, merchantAccountId, cardType, kind, count, amountSettled, currency] = line.split(',') as [string, string, string, 'sale' | 'credit', string, string, string];
    braintree.merchantAccounts.set(merchantAccountId, currency);
    braintree.records.push({ settlementDate, merchantAccountId, cardType, kind, count: Number(count), amountSettled });
  }
  return csv;
}

beforeEach(() => {
  braintree = createFakeBraintree({ gatewayUrl: GATEWAY, ...keys });
});

describe('BigCommerce payouts through Braintree (documented shapes)', () => {
  it('API and Settlement Batch Summary file give the same normalized settlements and duplicate keys', async () => {
    const csv = addFixture();
    const s = await connected();
    const { result } = await bigcommerceConnector.fetchSettlements(s, { from: Date.parse('2026-03-01T00:00:00Z'), to: Date.parse('2026-03-10T00:00:00Z') });
    const file = await parseReport(new TextEncoder().encode(csv), { fileName: 'settlement_batch_summary_2026_03.csv', channel: 'BIGCOMMERCE' });
    expect(result.problems).toEqual(file.problems);
    expect(result.settlements.length).toBeGreaterThan(1);
    expect(result.settlements.map(comparable)).toEqual(file.settlements.map(comparable));
    expect(braintree.apiCalls().filter((c) => c.operationId === 'settlementBatchSummary')).toHaveLength(9);
    expect(braintree.violations()).toEqual([]);
  });

  it('reads merchant accounts over pages and redownloads one settlement by its id', async () => {
    for (let i = 0; i < 120; i++) braintree.merchantAccounts.set(`acct_${i}`, 'EUR');
    braintree.records.push({ settlementDate: '2026-03-04', merchantAccountId: 'acct_119', cardType: 'Visa', kind: 'sale', count: 2, amountSettled: '70.00' });
    const s = await connected();
    const one = await bigcommerceConnector.fetchSettlement(s, '2026-03-04_acct_119');
    expect(one.settlements.map((x) => [x.settlementId, x.currency, x.total])).toEqual([['2026-03-04_acct_119', 'EUR', 70_0000n]]);
    expect(braintree.apiCalls().filter((c) => c.operationId === 'merchantAccounts' && c.url.includes('page=3'))).toHaveLength(1);
    expect(braintree.violations()).toEqual([]);
  });

  it('refuses wrong keys at connect, waits on 429 Retry-After, says reconnect when the key is revoked', async () => {
    await expect(bigcommerceConnector.finishConnect(env(), { redirectUri: '', query: {}, codeVerifier: '', form: { ...keys, privateKey: 'nope' } })).rejects.toThrow(/Private Key/);
    const s = await connected();
    braintree.throttleNext(2, 4);
    await bigcommerceConnector.fetchSettlements(s, { from: Date.parse('2026-03-01T00:00:00Z'), to: Date.parse('2026-03-02T00:00:00Z') });
    expect(s.sleeps).toEqual([4000, 4000]);
    braintree.rotatePrivateKey('priv-2');
    await expect(bigcommerceConnector.fetchSettlements(s, { from: Date.parse('2026-03-01T00:00:00Z'), to: Date.parse('2026-03-02T00:00:00Z') })).rejects.toBeInstanceOf(ChannelAuthError);
  });
});
