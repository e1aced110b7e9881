/**
 * Posting settings (issues 4/5): the account's Sales Grouping and Tracking choices and its product
 * type rules, versioned like mapping sets (a new row per save, never updated) so a posted document
 * records the settings version it was built with. No row means core's defaults (version 0). The
 * product type rules are an ordered JSON array in the same row: their order is part of the rule
 * (the first rule that catches a SKU names it) and a version must capture them whole.
 *
 * accounts.time_zone_id and accounts.should_split_by_country stay the spec's account fields: a save
 * writes them with the new version, in one transaction.
 *
 * Settlements held because they are inconsistent carry on_hold_cause 'inconsistent' (so switching
 * back to suspense releases only those), and a settlement released by hand records who and when.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('posting_settings')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version > 0`))
    // The account's time zone as of this version (accounts.time_zone_id holds the current one).
    .addColumn('time_zone_id', 'text', (c) => c.notNull())
    .addColumn('group_by', 'text', (c) => c.notNull().check(sql`group_by in ('type', 'sku', 'product-type', 'country', 'fulfilment')`))
    .addColumn('is_split_by_month', 'boolean', (c) => c.notNull())
    .addColumn('should_split_by_country', 'boolean', (c) => c.notNull())
    .addColumn('is_tracked_by_marketplace', 'boolean', (c) => c.notNull())
    .addColumn('tracking_category_name', 'text', (c) => c.notNull())
    .addColumn('inconsistent_settlements', 'text', (c) => c.notNull().check(sql`inconsistent_settlements in ('suspense', 'hold')`))
    .addColumn('product_types', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('posting_settings_pk', ['account_key', 'version'])
    .execute();

  await db.schema.alterTable('settlements').addColumn('on_hold_cause', 'text').execute();
  await db.schema.alterTable('settlements').addColumn('hold_released_at', 'timestamptz').execute();
  await db.schema.alterTable('settlements').addColumn('hold_released_by', 'text').execute();
  await sql`create index settlements_account_hold_idx on settlements (account_key) where inconsistent and duplicate_of is null`.execute(db);

  await db.schema.alterTable('settlement_documents').addColumn('settings_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('settlement_documents').dropColumn('settings_version').execute();
  await sql`drop index settlements_account_hold_idx`.execute(db);
  await db.schema.alterTable('settlements').dropColumn('hold_released_by').execute();
  await db.schema.alterTable('settlements').dropColumn('hold_released_at').execute();
  await db.schema.alterTable('settlements').dropColumn('on_hold_cause').execute();
  await db.schema.dropTable('posting_settings').execute();
}
