/**
 * Inventory (issue 17, decision 0034): an uploaded Amazon Inventory Ledger summary is kept per account
 * and month as month-end positions (units per SKU and fulfilment centre, all dispositions together,
 * with the month's customer shipments and returns), not as its raw rows. A new upload of a month
 * replaces that month. Values are not stored: they depend on costs, which change, so they are
 * computed on read from the catalog's effective-dated costs.
 */
import { sql, type Kysely } from 'kysely';

const month = (column: string) => sql`${sql.ref(column)} ~ '^[0-9]{4}-[0-9]{2}$'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventory_reports')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull().check(month('month')))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addPrimaryKeyConstraint('inventory_reports_pk', ['account_key', 'month'])
    .execute();
  await db.schema
    .createTable('inventory_positions')
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starting_units', 'integer', (c) => c.notNull())
    .addColumn('ending_units', 'integer', (c) => c.notNull())
    .addColumn('shipped_units', 'integer', (c) => c.notNull())
    .addColumn('returned_units', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('inventory_positions_pk', ['account_key', 'month', 'sku', 'location'])
    .addForeignKeyConstraint('inventory_positions_report_fk', ['account_key', 'month'], 'inventory_reports', ['account_key', 'month'], (c) => c.onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inventory_positions').execute();
  await db.schema.dropTable('inventory_reports').execute();
}
