/**
 * An account's tax settings (issue 19, decision 0036): its VAT/GST registration (Settings > Registered
 * Country) and the tax rates and statement account its postings use (Settings > Statements Accounts
 * and Taxes). One row per account, changed in place; every change is an audit entry (History). No
 * row: the mapping's own tax rates and clearing account, as before. account_key is the primary key
 * (a Citus distribution column).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_settings')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'))
    .addColumn('country', 'text', (c) => c.check(sql`country ~ '^[A-Z]{2}$'`))
    .addColumn('is_registered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('registration_number', 'text')
    .addColumn('tax_rates', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sales_tax_rate_code', 'text')
    .addColumn('fees_tax_rate_code', 'text')
    .addColumn('reverse_charge_tax_rate_code', 'text')
    .addColumn('no_tax_rate_code', 'text')
    .addColumn('statement_account_code', 'text')
    .addColumn('statement_account_name', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('tax_settings_registered_country', sql`not is_registered or country is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tax_settings').execute();
}
