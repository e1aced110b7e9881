/**
 * Foundation (issue 2): users, organizations, accounts, memberships, permissions, feature flags,
 * preferences, refresh tokens and the audit log. Every tenant-owned row carries account_key or
 * organization_id. Runs unchanged on PGlite and PostgreSQL (one statement per call: PGlite's
 * extended protocol rejects multi-statement strings).
 */
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('organization_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('clarity_organization_id', 'text')
    .addColumn('partner_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('organization_features')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.organization_id').onDelete('cascade'))
    .addColumn('feature', 'text', (c) => c.notNull().check(sql`feature in ('CLARITY', 'PRODUCT_CATALOG')`))
    .addPrimaryKeyConstraint('organization_features_pk', ['organization_id', 'feature'])
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('account_key', 'text', (c) => c.primaryKey())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_address', 'text')
    .addColumn('account_status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('accounting_system', 'text', (c) =>
      c.notNull().check(sql`accounting_system in ('QBO', 'XERO', 'SAGE', 'NETSUITE', 'MANUAL', 'NONE')`),
    )
    .addColumn('accounting_system_connected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('accounting_system_organization_name', 'text')
    .addColumn('partner_code', 'text')
    // null plan_code means a trial account (spec section 3).
    .addColumn('plan_code', 'text')
    .addColumn('plan_amount', sql`numeric(20, 4)`)
    .addColumn('subscribed_at', 'timestamptz')
    .addColumn('sales_channel', 'text', (c) =>
      c.notNull().check(sql`sales_channel in ('AMAZON', 'SHOPIFY', 'EBAY', 'ETSY', 'WALMART', 'BIGCOMMERCE', 'PAYPAL', 'AFTERPAY')`),
    )
    .addColumn('sales_channel_connected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sales_channel_pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sales_channel_invite_status', 'text')
    .addColumn('sales_channel_store_name', 'text')
    .addColumn('mappings_completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mappings_configuration_initiated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('first_settlement_posted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_accounts_file', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('time_zone_id', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('template_prefix', 'text')
    .addColumn('is_piggy_backing_account', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('request_history_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('redaction_pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('accounting_system_reference_name', 'text')
    .addColumn('account_super_user_key', 'text')
    .addColumn('requires_reauthentication', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('organization_id', 'text', (c) => c.references('organizations.organization_id').onDelete('set null'))
    .addColumn('should_split_by_country', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('quick_setup', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('accounts_organization_idx').on('accounts').column('organization_id').execute();
  await db.schema.createIndex('accounts_partner_code_idx').on('accounts').column('partner_code').execute();
  await db.schema.createIndex('accounts_name_idx').on('accounts').expression(sql`lower(account_name), account_key`).execute();

  await db.schema
    .createTable('account_features')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'))
    .addColumn('enable_amazon_pay', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('amazon_deferred_transaction_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_advanced_fba', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_gift_cards', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('stripe_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cogs_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cogs_refunds_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('premium', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_demo_account', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('account_feature_flags')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('flag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('account_feature_flags_pk', ['account_key', 'flag'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('partner_code', 'text')
    .addColumn('root_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('support_lead', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('support_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('developer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('billing_account_id', 'text')
    .addColumn('billing_data', 'jsonb')
    .addColumn('login_enabling_party', 'text', (c) => c.check(sql`login_enabling_party in ('GOOGLE', 'XERO', 'QBO', 'MICROSOFT')`))
    .addColumn('current_account_key', 'text', (c) => c.references('accounts.account_key').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Emails are compared case-insensitively: one index on lower(email) keeps them unique that way.
  await db.schema.createIndex('users_email_unique').on('users').expression(sql`lower(email)`).unique().execute();
  await db.schema.createIndex('users_partner_code_idx').on('users').column('partner_code').execute();

  await db.schema
    .createTable('user_permissions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'permission'])
    .execute();
  await db.schema
    .createTable('user_feature_flags')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('flag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('user_feature_flags_pk', ['user_id', 'flag'])
    .execute();
  await db.schema
    .createTable('user_application_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('organization_modal_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('paypal_banner_on_shopify_dismissed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('account_memberships')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('account_memberships_pk', ['account_key', 'user_id'])
    .execute();
  await db.schema.createIndex('account_memberships_user_idx').on('account_memberships').column('user_id').execute();
  await db.schema
    .createTable('organization_memberships')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.organization_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'member')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('organization_memberships_pk', ['organization_id', 'user_id'])
    .execute();
  await db.schema.createIndex('organization_memberships_user_idx').on('organization_memberships').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('refresh_token_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    // sha256 of the opaque token: a database leak yields no usable token.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('audit_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_user_id', 'text')
    .addColumn('account_key', 'text')
    .addColumn('organization_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before_state', 'jsonb')
    .addColumn('after_state', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('audit_log_account_idx').on('audit_log').columns(['account_key', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'refresh_tokens',
    'organization_memberships',
    'account_memberships',
    'user_application_preferences',
    'user_feature_flags',
    'user_permissions',
    'users',
    'account_feature_flags',
    'account_features',
    'accounts',
    'organization_features',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
