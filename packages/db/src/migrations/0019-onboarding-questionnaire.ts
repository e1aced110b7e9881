/**
 * The assisted setup questionnaire (issue 15, spec section 7, decision 0022): one per account, keyed
 * by the account (the spec's questionnaire {id} is the account key). Answers are nullable while the
 * seller saves as they go; finalized_at locks them. quick_setup_applied keeps what a quick setup
 * changed in the posting settings, for the support page. Lists are jsonb arrays of the contract's codes.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onboarding_questionnaires')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'))
    .addColumn('business_type', 'text')
    .addColumn('sales_channels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('selling_countries', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('monthly_order_volume', 'text')
    .addColumn('accounting_system', 'text')
    .addColumn('has_accountant', 'boolean')
    .addColumn('is_multi_currency', 'boolean')
    .addColumn('is_vat_registered', 'boolean')
    .addColumn('help_with', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('notes', 'text')
    .addColumn('quick_setup', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('quick_setup_applied', 'jsonb')
    .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finalized_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('finalized_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onboarding_questionnaires').execute();
}
