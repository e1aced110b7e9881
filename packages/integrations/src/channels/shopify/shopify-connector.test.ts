import { readFileSync } from 'node:fs';
import { parseReport } from '@ledgerport/core/channels';
import { duplicateKey, type Settlement } from '@ledgerport/core/settlements';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeShopify, type FakeShopify } from '../../testing/fake-channels/fake-shopify';
import { createTestSession } from '../../testing/test-session';
import { ChannelAuthError } from '../shared/channel-errors';
import { shopifyConnector } from './shopify-connector';

const SHOP = 'acme-goods.myshopify.com';
const endpoints = { shop: 'https://{shop}' };
const app = { clientId: 'shopify-client', clientSecret: 'shopify-secret' };
const NOW = Date.parse('2026-07-20T12:00:00Z');
let shopify: FakeShopify;

async function connected() {
  const code = shopify.auth.issueCode();
  const account = await shopifyConnector.finishConnect({ fetch: shopify.fetch, endpoints, app, now: () => NOW }, { redirectUri: 'http://x/cb', query: { code, shop: SHOP }, codeVerifier: '', form: {} });
  expect(account.storeName).toBe('acme-goods');
  return createTestSession({ fetch: shopify.fetch, endpoints, app, tokens: account.credentials.tokens, params: account.credentials.params, now: () => NOW });
}
const withoutSource = (s: Settlement) => ({ ...s, sourceFile: '', lines: s.lines.map((l) => ({ ...l, source: { file: '', row: 0 } })) });

beforeEach(async () => {
  shopify = await createFakeShopify({ shopUrl: `https://${SHOP}`, ...app });
});

describe('Shopify Payments payouts (GraphQL Admin API, documented shapes)', () => {
  it('gives the same payout as the payment-transactions export of the same rows', async () => {
    shopify.payouts.push({
      legacyResourceId: '118273645', status: 'PAID', issuedAt: '2026-07-15T00:00:00Z', currency: 'EUR',
      transactions: [
        { type: 'CHARGE', transactionDate: '2026-07-13T14:02:10Z', amount: '249.00', fee: '4.73', net: '244.27', order: 'AI-1001' },
        { type: 'REFUND', transactionDate: '2026-07-13T07:30:00Z', amount: '-35.00', fee: '0.00', net: '-35.00', order: 'AI-0998' },
      ],
    });
    const s = await connected();
    const { result } = await shopifyConnector.fetchSettlements(s, { from: NOW - 30 * 86_400_000, to: NOW });
    expect(result.problems).toEqual([]);
    const file = await parseReport(new Uint8Array(readFileSync(new URL('../../../../core/src/channels/shopify/__fixtures__/payment_transactions_export_18col.csv', import.meta.url))));
    const fromFile = file.settlements.find((x) => x.settlementId === '118273645')!;
    const fromApi = result.settlements[0]!;
    expect(duplicateKey(fromApi)).toBe(duplicateKey(fromFile));
    expect(fromApi.total).toBe(fromFile.total);
    expect(withoutSource(fromApi).lines.map((l) => [l.typeKey, l.amount, l.orderId])).toEqual(withoutSource(fromFile).lines.filter((l) => l.orderId !== 'AI-1002').map((l) => [l.typeKey, l.amount, l.orderId]));
    expect(shopify.violations()).toEqual([]);
  });

  it('follows cursors over many pages of payouts and transactions', async () => {
    for (let p = 0; p < 120; p++)
      shopify.payouts.push({
        legacyResourceId: String(900_000 + p), status: 'PAID', issuedAt: new Date(NOW - (1 + (p % 25)) * 86_400_000).toISOString(), currency: 'USD',
        transactions: Array.from({ length: p === 7 ? 230 : 2 }, (_, i) => ({ type: 'CHARGE', transactionDate: new Date(NOW - 30 * 86_400_000).toISOString(), amount: '10.00', fee: '0.59', net: '9.41', order: `#${p}-${i}` })),
      });
    const s = await connected();
    const { result } = await shopifyConnector.fetchSettlements(s, { from: NOW - 40 * 86_400_000, to: NOW });
    expect(result.settlements).toHaveLength(120);
    expect(result.settlements.find((x) => x.settlementId === '900007')!.total).toBe(230n * 9_4100n);
    expect(shopify.violations()).toEqual([]);
  });

  it('waits out GraphQL cost throttling and HTTP 429 Retry-After', async () => {
    const s = await connected();
    shopify.throttleGraphQlNext(1);
    shopify.throttleNext(1, 2);
    await shopifyConnector.fetchSettlements(s, { from: NOW - 86_400_000, to: NOW });
    expect(s.sleeps).toEqual([2000, 1000]);
  });

  it('says reconnect when the app was uninstalled (401)', async () => {
    const s = await connected();
    shopify.auth.revokeAll();
    await expect(shopifyConnector.fetchSettlements(s, { from: NOW - 86_400_000, to: NOW })).rejects.toBeInstanceOf(ChannelAuthError);
  });

  it('refuses a store address that is not a myshopify domain', () => {
    expect(() => shopifyConnector.authorizeUrl({ fetch: shopify.fetch, endpoints, app, now: () => NOW }, { redirectUri: 'x', state: 's', codeChallenge: '', params: { shop: 'evil.com/x' } })).toThrow(/not a Shopify store address/);
  });
});
