/**
 * The built-in ledger's own chart of accounts and tax rates (decision 0058), keyed by account_key
 * first (decision 0042). An account with no rows uses core's default chart and its one "No Tax" rate;
 * the first change stores the whole chart. A tax rate's percentage is exact (NUMERIC), its tax account
 * a code of the same account's chart. The assisted setup's registered country is one more answer.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('code_lower', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('asset', 'liability', 'equity', 'income', 'expense')`))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('role', 'text')
    .addColumn('channel', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_accounts_pk', ['account_key', 'code'])
    .addUniqueConstraint('ledger_accounts_code_lower', ['account_key', 'code_lower'])
    .execute();
  await db.schema
    .createTable('ledger_tax_rates')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rate_percent', sql`numeric(9,4)`, (c) => c.notNull().check(sql`rate_percent >= 0 and rate_percent <= 100`))
    .addColumn('tax_account_code', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_tax_rates_pk', ['account_key', 'code'])
    .addForeignKeyConstraint('ledger_tax_rates_account_fk', ['account_key', 'tax_account_code'], 'ledger_accounts', ['account_key', 'code'])
    .execute();
  await db.schema.alterTable('onboarding_questionnaires').addColumn('registered_country', 'text', (c) => c.check(sql`registered_country ~ '^[A-Z]{2}$'`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onboarding_questionnaires').dropColumn('registered_country').execute();
  await db.schema.dropTable('ledger_tax_rates').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}
