/**
 * Inventory through SP-API (decision 0050): an Amazon account's settings for fetching the Inventory
 * Ledger summary (monthly on/off, by fulfilment centre or by country, the marketplace asked for, the
 * currency inventory is valued in), one row per fetch asked for (its progress and outcome), and where
 * each stored month came from (an upload or SP-API, with Amazon's report id).
 */
import { sql, type Kysely } from 'kysely';

const month = (column: string) => sql`${sql.ref(column)} ~ '^[0-9]{4}-[0-9]{2}$'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventory_fetch_settings')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'))
    .addColumn('is_monthly_fetch_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('aggregate_by', 'text', (c) => c.notNull().defaultTo('FC').check(sql`aggregate_by in ('FC', 'COUNTRY')`))
    .addColumn('marketplace_id', 'text', (c) => c.notNull())
    .addColumn('valuation_currency', 'text', (c) => c.check(sql`valuation_currency ~ '^[A-Z]{3}$'`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('inventory_fetches')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('fetch_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull().check(month('month')))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('QUEUED', 'REQUESTED', 'DONE', 'FAILED')`))
    .addColumn('aggregate_by', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text')
    .addColumn('message', 'text')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('finished_at', 'timestamptz')
    .addPrimaryKeyConstraint('inventory_fetches_pk', ['account_key', 'fetch_id'])
    .execute();
  await db.schema.createIndex('inventory_fetches_recent').on('inventory_fetches').columns(['account_key', 'requested_at']).execute();
  await db.schema
    .alterTable('inventory_reports')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('UPLOAD').check(sql`source in ('UPLOAD', 'SP_API')`))
    .execute();
  await db.schema.alterTable('inventory_reports').addColumn('report_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_reports').dropColumn('report_id').execute();
  await db.schema.alterTable('inventory_reports').dropColumn('source').execute();
  await db.schema.dropTable('inventory_fetches').execute();
  await db.schema.dropTable('inventory_fetch_settings').execute();
}
