/**
 * Shopify's GraphQL Admin API call, shared by the connector (payouts) and the order facts
 * (shopify-orders.ts): one place for the API version, the shop URL, the access header and the wait
 * on THROTTLED answers (the bucket refills as the cost extension says).
 */
import { ChannelApiError, ChannelAuthError } from '../shared/channel-errors';
import { callChannel, type CallPolicy, type ChannelSession } from '../shared/channel-session';

export const SHOPIFY = 'Shopify';
export const SHOPIFY_API_VERSION = '2025-10';
const THROTTLED_TRIES_MAX = 5;

export const shopifyPolicy: CallPolicy = {
  channel: SHOPIFY,
  authorize: (headers, token) => headers.set('x-shopify-access-token', token),
  refresh: () => Promise.reject(new ChannelAuthError(SHOPIFY, 'Shopify no longer accepts our access (the app was removed from the store). Please reconnect.')),
};

export function shopUrl(endpoints: Record<string, string>, shop: string): string {
  return endpoints.shop!.replace('{shop}', shop);
}

interface GraphQlAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable?: number; restoreRate?: number } } };
}

export async function shopifyGraphQl<T>(s: ChannelSession, query: string, variables: Record<string, unknown>): Promise<T> {
  const url = `${shopUrl(s.endpoints, s.credentials.params.shop!)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  for (let attempt = 0; ; attempt++) {
    const response = await callChannel(s, shopifyPolicy, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    const answer = (await response.json()) as GraphQlAnswer<T>;
    if (answer.errors?.some((e) => e.extensions?.code === 'THROTTLED') && attempt + 1 < THROTTLED_TRIES_MAX) {
      const cost = answer.extensions?.cost;
      const missing = (cost?.requestedQueryCost ?? 100) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
      await s.sleep(Math.ceil(Math.max(missing, 1) / (cost?.throttleStatus?.restoreRate ?? 50)) * 1000);
      continue;
    }
    if (answer.errors?.length || !answer.data) throw new ChannelApiError(SHOPIFY, 200, `Shopify refused the query: ${answer.errors?.map((e) => e.message).join('; ') ?? 'no data'}`);
    return answer.data;
  }
}
