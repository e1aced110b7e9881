/**
 * Shopify Payments played from its documented shapes (shopify-documented-spec.ts): the OAuth
 * endpoints of a shop and the GraphQL Admin endpoint, resolving the two queries the connector sends
 * (payouts, balanceTransactions) with cursor pages, the `issued_at`/`payout_id` search filters and
 * GraphQL cost throttling. Requests and answers are validated by the contract harness.
 */
import { formatUnits, parseDecimalUnits, sumUnits } from '@ledgerport/core/money';
import { createContract } from '../openapi-contract';
import { createFakeAuthorizationServer } from '../fake-authorization-server';
import { createThrottle, decodePageToken, encodePageToken, type FakeChannel } from './fake-channel';
import { SHOPIFY_DOCUMENTED_SPEC } from './shopify-documented-spec';

export interface FakeShopifyPayout {
  legacyResourceId: string;
  status: 'PAID' | 'SCHEDULED' | 'IN_TRANSIT' | 'FAILED' | 'CANCELED';
  issuedAt: string;
  currency: string;
  transactions: { type: string; transactionDate: string; amount: string; fee: string; net: string; order: string | null }[];
}

/** An order as the Admin GraphQL API's Order object gives the fields the connector reads. */
export interface FakeShopifyOrder {
  name: string;
  tags: string[];
  poNumber: string | null;
  paymentGatewayNames: string[];
  displayFulfillmentStatus: string;
  customer: { displayName: string } | null;
  fulfillments: { createdAt: string }[];
}

export interface FakeShopify extends FakeChannel {
  payouts: FakeShopifyPayout[];
  orders: FakeShopifyOrder[];
  /** The next GraphQL calls answer THROTTLED (200 with errors, Shopify's cost limit). */
  throttleGraphQlNext: (count: number) => void;
}

export async function createFakeShopify(o: { shopUrl: string; clientId: string; clientSecret: string }): Promise<FakeShopify> {
  const api = await createContract({ name: 'shopify', spec: SHOPIFY_DOCUMENTED_SPEC, baseUrl: o.shopUrl });
  const auth = createFakeAuthorizationServer({ name: 'Shopify', clientId: o.clientId, clientSecret: o.clientSecret, clientAuth: 'body', accessTokenTtlSeconds: null, implicitGrant: 'authorization_code' });
  const throttle = createThrottle({ errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' });
  const payouts: FakeShopifyPayout[] = [];
  const orders: FakeShopifyOrder[] = [];
  let graphQlThrottled = 0;
  const money = (amount: string, currencyCode: string) => ({ amount, currencyCode });
  const page = <T>(items: T[], first: number, after: string | null | undefined) => {
    const offset = decodePageToken(after);
    const nodes = items.slice(offset, offset + first);
    const hasNextPage = offset + first < items.length;
    return { pageInfo: { hasNextPage, endCursor: nodes.length ? encodePageToken(offset + nodes.length) : null }, nodes };
  };
  api.respondWith('graphql', (c) => {
    if (graphQlThrottled > 0) {
      graphQlThrottled--;
      return { status: 200, body: { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: { requestedQueryCost: 102, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2, restoreRate: 100 } } } } };
    }
    const body = c.request.requestBody as { query: string; variables: { first: number; after?: string | null; query?: string } };
    const filter = body.variables.query ?? '';
    if (body.query.includes('orders(')) {
      // Shopify's search: name:<value> terms joined by OR; a name matches as a prefix, as Shopify's does.
      const names = [...filter.matchAll(/name:("(?:[^"\\]|\\.)*"|\S+)/g)].map((m) => (m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : m[1]!));
      const matching = orders.filter((o) => names.some((n) => o.name.startsWith(n)));
      return { status: 200, body: { data: { orders: page(matching, body.variables.first, body.variables.after) } } };
    }
    if (body.query.includes('balanceTransactions(')) {
      const id = /payout_id:(\S+)/.exec(filter)?.[1];
      const p = payouts.find((x) => x.legacyResourceId === id);
      const nodes = (p?.transactions ?? []).map((t, i) => ({
        id: `gid://shopify/ShopifyPaymentsBalanceTransaction/${Number(p!.legacyResourceId) * 1000 + i}`,
        type: t.type, test: false, transactionDate: t.transactionDate,
        amount: money(t.amount, p!.currency), fee: money(t.fee, p!.currency), net: money(t.net, p!.currency),
        associatedOrder: t.order ? { name: t.order } : null,
        associatedPayout: { id: `gid://shopify/ShopifyPaymentsPayout/${p!.legacyResourceId}`, status: p!.status },
      }));
      return { status: 200, body: { data: { shopifyPaymentsAccount: { balanceTransactions: page(nodes, body.variables.first, body.variables.after) } } } };
    }
    const from = /issued_at:>=(\S+)/.exec(filter)?.[1];
    const to = /issued_at:<(\S+)/.exec(filter)?.[1];
    const id = /(?:^|\s)id:(\S+)/.exec(filter)?.[1];
    const matching = payouts.filter((p) => (!from || p.issuedAt.slice(0, 10) >= from) && (!to || p.issuedAt.slice(0, 10) < to) && (!id || p.legacyResourceId === id));
    const nodes = matching.map((p) => ({
      id: `gid://shopify/ShopifyPaymentsPayout/${p.legacyResourceId}`, legacyResourceId: p.legacyResourceId, status: p.status, issuedAt: p.issuedAt,
      net: money(formatUnits(sumUnits(p.transactions.map((t) => parseDecimalUnits(t.net) ?? 0n)), 2), p.currency),
    }));
    return { status: 200, body: { data: { shopifyPaymentsAccount: { payouts: page(nodes, body.variables.first, body.variables.after) } } } };
  });

  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const path = new URL(req.url).pathname;
    if (path.endsWith('/admin/oauth/access_token')) return auth.handleToken(req);
    const throttled = throttle.take();
    if (throttled) return throttled;
    if (!auth.isValidAccessToken(req.headers.get('x-shopify-access-token') ?? '')) return new Response(JSON.stringify({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }), { status: 401, headers: { 'content-type': 'application/json' } });
    return api.fetch(req);
  };
  return {
    fetch, auth, contracts: [api], payouts, orders,
    violations: () => [...api.violations, ...auth.violations],
    throttleNext: throttle.set,
    throttleGraphQlNext: (n) => (graphQlThrottled = n),
    apiCalls: () => api.calls,
  };
}
