/**
 * The facts of Shopify orders that decide B2B invoices and deferred revenue (decision 0028), from the
 * GraphQL Admin API's `orders` connection searched by name (`name:#1001 OR name:#1002`, 50 names a
 * query): tags, payment gateway names, PO number, customer, and when the order was fulfilled in full
 * (`displayFulfillmentStatus` FULFILLED and the latest of its fulfillments' `createdAt`). Needs the
 * read_orders scope the connection already asks for.
 */
import type { ChannelOrderFacts } from '../channel-connector';
import type { ChannelSession } from '../shared/channel-session';
import { shopifyGraphQl } from './shopify-graphql';

const NAMES_PER_QUERY = 50;

export const ORDERS_QUERY = `query Orders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes { name tags poNumber paymentGatewayNames displayFulfillmentStatus customer { displayName } fulfillments(first: 20) { createdAt } } }
}`;

interface OrderNode {
  name: string;
  tags: string[];
  poNumber: string | null;
  paymentGatewayNames: string[];
  displayFulfillmentStatus: string;
  customer: { displayName: string } | null;
  fulfillments: { createdAt: string }[];
}
interface OrdersPage {
  orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: OrderNode[] };
}

/** Shopify's search syntax: a value with spaces or quotes is quoted, quotes escaped. */
const searchValue = (name: string) => (/^[\w#.-]+$/.test(name) ? name : `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);

export function orderFactsOf(node: OrderNode): ChannelOrderFacts {
  const times = node.fulfillments.map((f) => Date.parse(f.createdAt)).filter((t) => !Number.isNaN(t));
  return {
    orderName: node.name,
    tags: node.tags,
    gateways: node.paymentGatewayNames,
    poNumber: node.poNumber,
    customerName: node.customer?.displayName ?? null,
    fulfilledAt: node.displayFulfillmentStatus === 'FULFILLED' && times.length > 0 ? Math.max(...times) : null,
  };
}

export async function fetchShopifyOrders(s: ChannelSession, names: readonly string[]): Promise<ChannelOrderFacts[]> {
  const wanted = [...new Set(names)];
  const facts: ChannelOrderFacts[] = [];
  for (let from = 0; from < wanted.length; from += NAMES_PER_QUERY) {
    const query = wanted.slice(from, from + NAMES_PER_QUERY).map((n) => `name:${searchValue(n)}`).join(' OR ');
    let after: string | null = null;
    for (;;) {
      const page: OrdersPage = await shopifyGraphQl<OrdersPage>(s, ORDERS_QUERY, { first: NAMES_PER_QUERY, after, query });
      // The search matches prefixes too (name:#100 finds #1001): keep the names asked for.
      facts.push(...page.orders.nodes.filter((n) => wanted.includes(n.name)).map(orderFactsOf));
      if (!page.orders.pageInfo.hasNextPage) break;
      after = page.orders.pageInfo.endCursor;
    }
  }
  return facts;
}
