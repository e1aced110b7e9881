/**
 * Reconciliation reports (issue 18, decision 0024): a saved run with what it was asked (params:
 * statement file name and format, date range, window) and its totals, and one row per outcome
 * (a matched pair, a settlement or a bank credit alone; for an order list, an order paid or unpaid).
 * Rows are a table, not a JSON column: a year of daily payouts against a busy bank account is
 * thousands of rows, read a page at a time per tab. Days are 'YYYY-MM-DD' text: a bank day has no
 * time zone, and a date column would come back as a Date at local midnight.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reconciliation_reports')
    .addColumn('report_id', 'text', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('deposits', 'orders')`))
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('totals', 'jsonb', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reconciliation_reports_account').on('reconciliation_reports').columns(['account_key', 'created_at']).execute();
  await db.schema
    .createTable('reconciliation_report_rows')
    .addColumn('report_id', 'text', (c) => c.notNull().references('reconciliation_reports.report_id').onDelete('cascade'))
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('matched', 'unmatched-settlement', 'unmatched-deposit', 'paid-order', 'unpaid-order')`))
    .addColumn('settlement_key', 'text')
    .addColumn('settlement_id', 'text')
    .addColumn('settlement_currency', 'text')
    .addColumn('settlement_amount', sql`numeric(20,4)`)
    .addColumn('settlement_end_date', 'text')
    .addColumn('deposit_row', 'integer')
    .addColumn('deposit_date', 'text')
    .addColumn('deposit_amount', sql`numeric(20,4)`)
    .addColumn('deposit_currency', 'text')
    .addColumn('deposit_description', 'text')
    .addColumn('deposit_reference', 'text')
    .addColumn('order_id', 'text')
    .addColumn('date_difference_days', 'integer')
    .addColumn('amount_difference', sql`numeric(20,4)`)
    .addColumn('reason', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reconciliation_report_rows_pk', ['report_id', 'row_no'])
    .execute();
  await db.schema.createIndex('reconciliation_report_rows_kind').on('reconciliation_report_rows').columns(['report_id', 'kind', 'row_no']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reconciliation_report_rows').execute();
  await db.schema.dropTable('reconciliation_reports').execute();
}
