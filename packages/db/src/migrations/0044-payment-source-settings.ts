/**
 * Settings > PayPal and Settings > Amazon Pay (issue 19, decision 0044): how an account's PayPal
 * statements (PayPal accounts and currencies imported and posted, a clearing account per currency)
 * and its Amazon Pay transactions post. One row per saved version of one source's settings, never
 * updated, like posting_settings (decision 0012); the latest version is the current one, and no row
 * means the source posts as before. account_key leads the primary key (a Citus distribution column).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_source_settings')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('paypal', 'amazon-pay')`))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version > 0`))
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_source_settings_pkey', ['account_key', 'source', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_source_settings').execute();
}
