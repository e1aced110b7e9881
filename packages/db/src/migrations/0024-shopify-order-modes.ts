/**
 * Shopify B2B (single-order) invoices and Deferred Revenue (issue 18, decision 0028).
 * - shopify_order_settings: one row per account that saved either tab; no row means both off.
 * - shopify_orders: what the Shopify orders API (or an upload's column) says of an order that decides
 *   its mode: tags, payment gateways, PO number, customer, fulfilment time.
 * - single_order_invoices: each B2B settlement's order, PO, customer and the payout it was paid in.
 * - deferred_revenue_orders: per order, net paid, held in the liability and recognised so far.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shopify_order_settings')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'))
    .addColumn('is_b2b_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('b2b_tag', 'text')
    .addColumn('b2b_gateways', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_deferred_revenue_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('shopify_orders')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('order_name', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gateways', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('po_number', 'text')
    .addColumn('customer_name', 'text')
    .addColumn('fulfilled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('shopify_orders_pk', ['account_key', 'order_name'])
    .execute();
  await db.schema
    .createTable('single_order_invoices')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('settlement_key', 'text', (c) => c.notNull())
    .addColumn('order_name', 'text', (c) => c.notNull())
    .addColumn('payout_id', 'text', (c) => c.notNull())
    .addColumn('po_number', 'text')
    .addColumn('customer_name', 'text')
    .addPrimaryKeyConstraint('single_order_invoices_pk', ['account_key', 'settlement_key'])
    .execute();
  await db.schema
    .createTable('deferred_revenue_orders')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('order_name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('paid', sql`numeric(20,4)`, (c) => c.notNull())
    .addColumn('held', sql`numeric(20,4)`, (c) => c.notNull())
    .addColumn('recognised', sql`numeric(20,4)`, (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('deferred_revenue_orders_pk', ['account_key', 'order_name', 'currency'])
    .execute();
  // Held orders are looked at on every payout: keep them apart from the fulfilled ones.
  await sql`create index deferred_revenue_orders_held on deferred_revenue_orders (account_key) where held > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['deferred_revenue_orders', 'single_order_invoices', 'shopify_orders', 'shopify_order_settings']) await db.schema.dropTable(table).execute();
}
