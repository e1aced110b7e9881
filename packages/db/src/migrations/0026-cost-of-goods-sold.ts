/**
 * Cost of goods sold (issue 17, decision 0030). The product catalog, its costs, bundles and purchase
 * lots belong to a catalog: the account's organization (`org:<id>`), or the account alone
 * (`account:<key>`) when it has none, so every account of a business costs the same SKU alike.
 * A cost's effective day is 'YYYY-MM-DD' text, as documents' dates are. The account's choices are
 * `account_cogs_settings`; a settlement's computed result is `settlement_cogs` (written by
 * refreshcogs), the lot each sold unit came from `settlement_cogs_lots`, and its posted COGS journals
 * `settlement_cogs_documents` (kept apart from the sales documents, so their one-live-part rule and
 * the settlement's posting status stay as they are).
 */
import { sql, type Kysely } from 'kysely';

const money = 'numeric(20, 4)';
const day = (column: string) => sql`${sql.ref(column)} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('catalog_key', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('products_pk', ['catalog_key', 'sku'])
    .execute();
  await db.schema
    .createTable('product_costs')
    .addColumn('catalog_key', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'text', (c) => c.notNull().check(day('effective_date')))
    .addColumn('unit_cost', money, (c) => c.notNull().check(sql`unit_cost >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('product_costs_pk', ['catalog_key', 'sku', 'currency', 'effective_date'])
    .execute();
  await db.schema
    .createTable('product_bundle_components')
    .addColumn('catalog_key', 'text', (c) => c.notNull())
    .addColumn('bundle_sku', 'text', (c) => c.notNull())
    .addColumn('component_sku', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('product_bundle_components_pk', ['catalog_key', 'bundle_sku', 'component_sku'])
    .execute();
  await db.schema
    .createTable('purchase_lots')
    .addColumn('catalog_key', 'text', (c) => c.notNull())
    .addColumn('lot_id', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('purchased_on', 'text', (c) => c.notNull().check(day('purchased_on')))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_cost', money, (c) => c.notNull().check(sql`unit_cost >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('purchase_lots_pk', ['catalog_key', 'lot_id'])
    .execute();
  await sql`create index purchase_lots_sku_idx on purchase_lots (catalog_key, sku, purchased_on)`.execute(db);
  await db.schema
    .createTable('account_cogs_settings')
    .addColumn('account_key', 'text', (c) =>
      c.primaryKey().references('accounts.account_key').onDelete('cascade'),
    )
    .addColumn('costing_method', 'text', (c) =>
      c.notNull().check(sql`costing_method in ('standard', 'fifo')`),
    )
    .addColumn('refund_treatment', 'text', (c) =>
      c.notNull().check(sql`refund_treatment in ('restock', 'write-off')`),
    )
    .addColumn('inventory_account_code', 'text', (c) => c.notNull())
    .addColumn('inventory_account_name', 'text', (c) => c.notNull())
    .addColumn('cogs_account_code', 'text', (c) => c.notNull())
    .addColumn('cogs_account_name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('settlement_cogs')
    .addColumn('settlement_key', 'text', (c) =>
      c.primaryKey().references('settlements.settlement_key').onDelete('cascade'),
    )
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total', money, (c) => c.notNull())
    .addColumn('cells', 'jsonb', (c) => c.notNull())
    .addColumn('missing', 'jsonb', (c) => c.notNull())
    .addColumn('settings_version', 'integer', (c) => c.notNull())
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index settlement_cogs_account_idx on settlement_cogs (account_key)`.execute(db);
  await db.schema
    .createTable('settlement_cogs_lots')
    .addColumn('settlement_key', 'text', (c) =>
      c.notNull().references('settlements.settlement_key').onDelete('cascade'),
    )
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('catalog_key', 'text', (c) => c.notNull())
    .addColumn('lot_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index settlement_cogs_lots_settlement_idx on settlement_cogs_lots (settlement_key)`.execute(
    db,
  );
  await sql`create index settlement_cogs_lots_lot_idx on settlement_cogs_lots (catalog_key, lot_id)`.execute(
    db,
  );
  await sql`create index settlement_cogs_lots_order_idx on settlement_cogs_lots (catalog_key, order_id, sku) where order_id is not null`.execute(
    db,
  );
  await db.schema
    .createTable('settlement_cogs_documents')
    .addColumn('document_id', 'text', (c) => c.primaryKey())
    .addColumn('settlement_key', 'text', (c) =>
      c.notNull().references('settlements.settlement_key').onDelete('cascade'),
    )
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('part_index', 'integer', (c) => c.notNull())
    .addColumn('part_count', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('document_date', 'text', (c) => c.notNull())
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total', money, (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('SENDING', 'POSTED', 'REVERSED', 'FAILED')`),
    )
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('remote_id', 'text')
    .addColumn('remote_number', 'text')
    .addColumn('document', 'jsonb', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('posted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index settlement_cogs_documents_live_uq on settlement_cogs_documents (settlement_key, part_index) where status in ('SENDING', 'POSTED')`.execute(
    db,
  );
  await sql`create index settlement_cogs_documents_account_idx on settlement_cogs_documents (account_key)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'settlement_cogs_documents',
    'settlement_cogs_lots',
    'settlement_cogs',
    'account_cogs_settings',
    'purchase_lots',
    'product_bundle_components',
    'product_costs',
    'products',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
