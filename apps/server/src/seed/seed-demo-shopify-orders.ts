/**
 * What the Shopify orders API would say of the demo Shopify account's orders (those of its payouts
 * fixture): tags, gateways, PO number, customer and fulfilment. #43001 is a wholesale order tagged
 * A2XB2B; #42999 ships after its payout and #43020 is not fulfilled yet. Both modes start off (the
 * tag is filled in), so the seeded payouts stay as every other test knows them: turning B2B on splits
 * #43001 out of its unposted payout, and turning Deferred Revenue on holds #42999 and #43020.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';

export const DEMO_SHOPIFY_ACCOUNT = 'acme-shopify';

export const demoShopifyOrders = [
  { order_name: '#43001', tags: 'A2XB2B, wholesale', gateways: 'shopify_payments', po_number: 'PO-7781', customer_name: 'Trailhead Outfitters Ltd', fulfilled_at: '2025-06-29T15:00:00Z' },
  { order_name: '#43033', tags: '', gateways: 'shopify_payments', po_number: null, customer_name: 'Dana Whitfield', fulfilled_at: '2025-07-01T10:00:00Z' },
  { order_name: '#43020', tags: 'pos', gateways: 'shopify_payments', po_number: null, customer_name: null, fulfilled_at: null },
  { order_name: '#42999', tags: '', gateways: 'shopify_payments', po_number: null, customer_name: 'Marc Tremblay', fulfilled_at: '2025-07-03T09:30:00Z' },
  { order_name: '#42990', tags: '', gateways: 'shopify_payments', po_number: null, customer_name: null, fulfilled_at: '2025-06-25T12:00:00Z' },
];

export async function seedDemoShopifyOrders(trx: Kysely<Database>, now: Date): Promise<void> {
  await trx
    .insertInto('shopify_orders')
    .values(demoShopifyOrders.map((o) => ({ ...o, account_key: DEMO_SHOPIFY_ACCOUNT, fulfilled_at: o.fulfilled_at === null ? null : new Date(o.fulfilled_at), updated_at: now })))
    .execute();
  await trx
    .insertInto('shopify_order_settings')
    .values({ account_key: DEMO_SHOPIFY_ACCOUNT, is_b2b_enabled: false, b2b_tag: 'A2XB2B', b2b_gateways: '', is_deferred_revenue_enabled: false, updated_at: now, updated_by: null })
    .execute();
}
