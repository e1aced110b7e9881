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

  it('reads the orders of the payouts when asked: tags, gateways, PO, customer and the time they were fulfilled in full', async () => {
    shopify.payouts.push({
      legacyResourceId: '5501', status: 'PAID', issuedAt: '2026-07-15T00:00:00Z', currency: 'USD',
      transactions: [
        { type: 'CHARGE', transactionDate: '2026-07-13T14:02:10Z', amount: '1200.00', fee: '35.10', net: '1164.90', order: '#1001' },
        { type: 'CHARGE', transactionDate: '2026-07-13T15:00:00Z', amount: '40.00', fee: '1.46', net: '38.54', order: '#1002' },
        { type: 'ADJUSTMENT', transactionDate: '2026-07-13T16:00:00Z', amount: '-2.00', fee: '0.00', net: '-2.00', order: null },
      ],
    });
    shopify.orders.push(
      { name: '#1001', tags: ['A2XB2B', 'wholesale'], poNumber: 'PO-88', paymentGatewayNames: ['shopify_payments'], displayFulfillmentStatus: 'FULFILLED', customer: { displayName: 'Trailhead Outfitters Ltd' }, fulfillments: [{ createdAt: '2026-07-12T09:00:00Z' }, { createdAt: '2026-07-14T10:00:00Z' }] },
      { name: '#1002', tags: [], poNumber: null, paymentGatewayNames: ['shopify_payments'], displayFulfillmentStatus: 'PARTIALLY_FULFILLED', customer: null, fulfillments: [{ createdAt: '2026-07-14T10:00:00Z' }] },
      { name: '#10020', tags: [], poNumber: null, paymentGatewayNames: ['manual'], displayFulfillmentStatus: 'UNFULFILLED', customer: null, fulfillments: [] },
    );
    const s = await connected();
    const without = await shopifyConnector.fetchSettlements(s, { from: NOW - 30 * 86_400_000, to: NOW });
    expect(without.orders).toBeUndefined();
    const { orders } = await shopifyConnector.fetchSettlements(s, { from: NOW - 30 * 86_400_000, to: NOW }, { isOrderFactsWanted: true });
    expect(orders).toEqual([
      { orderName: '#1001', tags: ['A2XB2B', 'wholesale'], gateways: ['shopify_payments'], poNumber: 'PO-88', customerName: 'Trailhead Outfitters Ltd', fulfilledAt: Date.parse('2026-07-14T10:00:00Z') },
      { orderName: '#1002', tags: [], gateways: ['shopify_payments'], poNumber: null, customerName: null, fulfilledAt: null },
    ]);
    expect(shopify.violations()).toEqual([]);
  });
});
