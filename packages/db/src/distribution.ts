/**
 * Where each table lives on Citus (distributed PostgreSQL), decision 0042 and docs/SCALING.md. One
 * list, read by the set-up script in SCALING.md and checked by the server's distribution.test.ts
 * against the catalog (every table of the schema is in exactly one list; a distributed table has
 * account_key first in its primary key, unique indexes and foreign keys to distributed tables; no
 * reference table points at a distributed one) and against the SQL of the hot paths.
 */

/** Distributed by account_key, co-located: what grows with an account's activity. */
export const DISTRIBUTED_TABLES = [
  'account_automation',
  'account_cogs_settings',
  'account_feature_flags',
  'account_features',
  'account_status_summary',
  'accounting_reference_data',
  'cogs_fifo_posted_costs',
  'deferred_revenue_orders',
  'idempotency_keys',
  'inventory_fetch_settings',
  'inventory_fetches',
  'inventory_positions',
  'inventory_reports',
  'ledger_accounts',
  'ledger_journals',
  'ledger_lines',
  'ledger_period_locks',
  'ledger_tax_rates',
  'mapping_sets',
  'onboarding_questionnaires',
  'payment_source_settings',
  'paypal_transactions',
  'posting_settings',
  'reconciliation_report_rows',
  'reconciliation_reports',
  'report_day_totals',
  'settlement_cogs',
  'settlement_cogs_documents',
  'settlement_cogs_lots',
  'settlement_documents',
  'settlement_import_files',
  'settlement_imports',
  'settlement_lines',
  'settlement_order_totals',
  'settlement_refs',
  'settlement_type_totals',
  'settlements',
  'shopify_order_settings',
  'shopify_orders',
  'single_order_invoices',
  'tax_settings',
] as const;

/**
 * Reference tables (a copy on every node): small, and read across accounts by design: who may open
 * what (users, memberships, accounts themselves), sign-in and OAuth callbacks that arrive before an
 * account is known, billing driven by Stripe's webhooks, and organizations' shared catalogs. (The
 * per-account summary rows the partner dashboard reads are distributed: one small row per shard asked.)
 * Teams and the clients each team sees are here too: they decide which accounts a firm member reaches.
 */
export const REFERENCE_TABLES = [
  'account_access_requests',
  'account_invites',
  'account_memberships',
  'accounts',
  'billing_checkout_sessions',
  'billing_customers',
  'billing_plan_prices',
  'billing_plans',
  'billing_subscription_accounts',
  'billing_subscriptions',
  'billing_webhook_events',
  'clarity_analyses',
  'connections',
  'firm_invites',
  'identity_links',
  'notification_settings',
  'notifications',
  'oauth_states',
  'one_time_links',
  'organization_features',
  'organization_memberships',
  'organizations',
  'product_bundle_components',
  'product_costs',
  'products',
  'purchase_lots',
  'refresh_tokens',
  'team_accounts',
  'team_members',
  'teams',
  'user_application_preferences',
  'user_feature_flags',
  'user_permissions',
  'users',
] as const;

/**
 * Local tables (on the coordinator only): written on every request of one kind and never joined with
 * account data: rate-limit counters, the channel call budget, the audit log (its account_key may be
 * null: a sign-in, a staff action), the browser's analytics and error events, Clarity's organization documents (files of up to 5 MB, read one at
 * a time: not worth a copy on every node) and the migration bookkeeping. pg-boss keeps its own schema
 * there too.
 */
export const LOCAL_TABLES = [
  'audit_log',
  'client_events',
  'clarity_documents',
  'connection_call_pauses',
  'connection_calls',
  'kysely_migration',
  'kysely_migration_lock',
  'mail_request_attempts',
  'sign_in_attempts',
] as const;

export type DistributedTable = (typeof DISTRIBUTED_TABLES)[number];
