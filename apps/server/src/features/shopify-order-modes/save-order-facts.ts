/**
 * Keeps what the Shopify orders API said of an account's orders (shopify_orders), before the fetched
 * payouts are stored, so storeSettlements decides B2B and deferral from the latest facts.
 */
import type { Kysely } from 'kysely';
import type { ChannelOrderFacts } from '@ledgerport/integrations/channels';
import type { Database } from '@ledgerport/db';
import { findShopifyOrderModes } from './shopify-order-settings';

/** Whether a fetch should read the orders of the payouts: either mode is on. */
export async function isOrderFactsWanted(db: Kysely<Database>, accountKey: string): Promise<boolean> {
  const modes = await findShopifyOrderModes(db, accountKey);
  return modes.isB2bEnabled || modes.isDeferredRevenueEnabled;
}

export async function saveOrderFacts(trx: Kysely<Database>, accountKey: string, orders: readonly ChannelOrderFacts[], at: Date): Promise<void> {
  for (const o of orders) {
    const values = {
      tags: o.tags.join(', '),
      gateways: o.gateways.join('\n'),
      po_number: o.poNumber,
      customer_name: o.customerName,
      fulfilled_at: o.fulfilledAt === null ? null : new Date(o.fulfilledAt),
      updated_at: at,
    };
    await trx
      .insertInto('shopify_orders')
      .values({ account_key: accountKey, order_name: o.orderName, ...values })
      .onConflict((c) => c.columns(['account_key', 'order_name']).doUpdateSet(values))
      .execute();
  }
}
