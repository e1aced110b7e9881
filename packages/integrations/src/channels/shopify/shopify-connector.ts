/**
 * Shopify Payments through the GraphQL Admin API (REST is legacy for new apps since Apr 2025).
 * Connect: OAuth authorization-code grant on the shop's own domain (…/admin/oauth/authorize, then
 * POST …/admin/oauth/access_token); offline tokens do not expire, so a 401 means the app was
 * uninstalled: reconnect. Fetch: `shopifyPaymentsAccount.payouts` (cursor pages of 100), then each
 * payout's `balanceTransactions`; the rows are written in the layout of Shopify's payment-transactions
 * export and read by core's parser, so the numbers and payout ids equal an uploaded export's.
 * Throttling: GraphQL answers 200 with errors[].extensions.code THROTTLED; we wait for the bucket
 * to refill as the cost extension says, and honour 429 Retry-After like every channel.
 */
import { parseReport } from '@ledgerport/core/channels';
import { emptyResult, type ChannelConnector, type DateRange } from '../channel-connector';
import { ChannelApiError, ChannelAuthError } from '../shared/channel-errors';
import type { ChannelSession } from '../shared/channel-session';
import { requestToken } from '../shared/oauth-token';
import { rowOf, writeDelimited } from '../shared/write-csv';
import { fetchShopifyOrders } from './shopify-orders';
import { SHOPIFY, shopifyGraphQl, shopUrl } from './shopify-graphql';

const SCOPES = 'read_shopify_payments_payouts,read_orders';
const PAGE = 100;

/** A shop domain as Shopify's docs require: <name>.myshopify.com. */
export function isShopDomain(shop: string): boolean {
  return /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop);
}

interface Money {
  amount: string;
  currencyCode: string;
}
interface Payout {
  id: string;
  legacyResourceId: string;
  status: string;
  issuedAt: string;
  net: Money;
}
interface BalanceTransaction {
  id: string;
  type: string;
  test: boolean;
  transactionDate: string;
  amount: Money;
  fee: Money;
  net: Money;
  associatedOrder: { name: string } | null;
  associatedPayout: { id: string; status: string } | null;
}
interface Page<T> {
  shopifyPaymentsAccount: { [k: string]: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: T[] } } | null;
}

export const PAYOUTS_QUERY = `query Payouts($first: Int!, $after: String, $query: String) {
  shopifyPaymentsAccount { payouts(first: $first, after: $after, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes { id legacyResourceId status issuedAt net { amount currencyCode } } } }
}`;
export const BALANCE_TRANSACTIONS_QUERY = `query BalanceTransactions($first: Int!, $after: String, $query: String) {
  shopifyPaymentsAccount { balanceTransactions(first: $first, after: $after, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes { id type test transactionDate amount { amount currencyCode } fee { amount currencyCode } net { amount currencyCode }
      associatedOrder { name } associatedPayout { id status } } } }
}`;

async function allNodes<T>(s: ChannelSession, query: string, field: string, filter: string): Promise<T[]> {
  const nodes: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Page<T> = await shopifyGraphQl<Page<T>>(s, query, { first: PAGE, after, query: filter });
    const connection = page.shopifyPaymentsAccount?.[field];
    if (!connection) throw new ChannelApiError(SHOPIFY, 200, 'This store has no Shopify Payments account.');
    nodes.push(...connection.nodes);
    if (!connection.pageInfo.hasNextPage) return nodes;
    after = connection.pageInfo.endCursor;
  }
}

const HEADER = ['Transaction Date', 'Type', 'Order', 'Payout Status', 'Payout Date', 'Payout ID', 'Available On', 'Amount', 'Fee', 'Net', 'Currency'];
/** '2026-07-14T08:12:44Z' -> '2026-07-14 08:12:44 +0000', the export's layout. */
const exportTime = (iso: string) => new Date(iso).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' +0000');
const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

export function payoutToExportRows(payout: Payout, transactions: BalanceTransaction[]): string[][] {
  return transactions
    .filter((t) => !t.test)
    .map((t) =>
      rowOf(HEADER, {
        'Transaction Date': exportTime(t.transactionDate),
        Type: t.type.toLowerCase(),
        Order: t.associatedOrder?.name ?? '',
        'Payout Status': payout.status.toLowerCase(),
        'Payout Date': day(payout.issuedAt),
        'Payout ID': payout.legacyResourceId,
        'Available On': day(payout.issuedAt),
        Amount: t.amount.amount,
        Fee: t.fee.amount,
        Net: t.net.amount,
        Currency: t.net.currencyCode,
      }),
    );
}

async function readPayouts(s: ChannelSession, payouts: Payout[]) {
  const rows: string[][] = [];
  for (const payout of payouts) rows.push(...payoutToExportRows(payout, await allNodes<BalanceTransaction>(s, BALANCE_TRANSACTIONS_QUERY, 'balanceTransactions', `payout_id:${payout.legacyResourceId}`)));
  if (rows.length === 0) return emptyResult();
  return parseReport(writeDelimited(HEADER, rows), { fileName: `shopify-payouts-${s.credentials.params.shop}.csv`, channel: 'SHOPIFY' });
}

export const shopifyConnector: ChannelConnector = {
  channel: 'SHOPIFY',
  connectKind: 'oauth',
  keyFields: [],
  authorizeUrl: (env, start) => {
    const shop = start.params.shop ?? '';
    if (!isShopDomain(shop)) throw new ChannelApiError(SHOPIFY, 0, `'${shop}' is not a Shopify store address; it looks like your-store.myshopify.com.`);
    const url = new URL(`${shopUrl(env.endpoints, shop)}/admin/oauth/authorize`);
    url.searchParams.set('client_id', env.app.clientId);
    url.searchParams.set('scope', SCOPES);
    url.searchParams.set('redirect_uri', start.redirectUri);
    url.searchParams.set('state', start.state);
    return url.toString();
  },
  finishConnect: async (env, finish) => {
    const { code, shop } = finish.query;
    if (!code || !shop || !isShopDomain(shop)) throw new ChannelAuthError(SHOPIFY, 'Shopify did not send back an authorization code and store address.');
    const tokens = await requestToken(env.fetch, {
      channel: SHOPIFY,
      tokenUrl: `${shopUrl(env.endpoints, shop)}/admin/oauth/access_token`,
      clientId: env.app.clientId,
      clientSecret: env.app.clientSecret,
      clientAuth: 'body',
      params: { code },
      now: env.now(),
    });
    return { credentials: { tokens: { accessToken: tokens.accessToken, refreshToken: null, expiresAt: null }, params: { shop } }, remoteId: shop, storeName: shop.replace(/\.myshopify\.com$/, '') };
  },
  fetchSettlements: async (s, range: DateRange, options) => {
    const filter = `issued_at:>=${day(new Date(range.from).toISOString())} issued_at:<${day(new Date(range.to).toISOString())}`;
    const payouts = await allNodes<Payout>(s, PAYOUTS_QUERY, 'payouts', filter);
    const result = await readPayouts(s, payouts);
    if (options?.isOrderFactsWanted !== true) return { result, notReady: [] };
    // B2B invoices and deferred revenue need each order's tags, gateways and fulfilment (shopify-orders.ts).
    const names = result.settlements.flatMap((x) => x.lines.map((l) => l.orderId)).filter((o): o is string => o !== null);
    return { result, notReady: [], orders: names.length === 0 ? [] : await fetchShopifyOrders(s, names) };
  },
  fetchSettlement: async (s, settlementId) => {
    const payouts = await allNodes<Payout>(s, PAYOUTS_QUERY, 'payouts', `id:${settlementId}`);
    return readPayouts(s, payouts.filter((p) => p.legacyResourceId === settlementId));
  },
};
