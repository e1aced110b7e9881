/**
 * Billing on Stripe (issue 16, decision 0031).
 * - billing_plans / billing_plan_prices: the plans as data (limits, features, prices per currency and
 *   period as NUMERIC(20,4) amounts, each with the Stripe price id it is sold under), seeded with the
 *   tier table below and edited by root admins in the backend.
 * - billing_customers: the Stripe customer of a paying user (one per user).
 * - billing_subscriptions: what Stripe's webhooks last said of each subscription; only the webhook
 *   handler writes it. `last_event_created` orders out-of-order events (core's isNewerSubscriptionEvent).
 * - billing_subscription_accounts: the accounts a subscription covers: one for a merchant's, several
 *   for a partner firm's. An account is covered by at most one subscription.
 * - billing_checkout_sessions: the checkout sessions we opened, so a session's completion is tied to
 *   the account and user that asked for it.
 * - billing_webhook_events: every Stripe event id processed once (a replay changes nothing).
 */
import { sql, type Kysely } from 'kysely';

const STATUSES = sql`('active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused')`;

const SEED: { code: string; name: string; rank: number; sends: number | null; channels: number | null; history: number | null; features: string[]; prices: [string, string, string][] }[] = [
  { code: 'STARTER', name: 'Starter', rank: 1, sends: 20, channels: 1, history: 3, features: [], prices: [['USD', '19', '190'], ['EUR', '19', '190'], ['GBP', '15', '150']] },
  { code: 'STANDARD', name: 'Standard', rank: 2, sends: 200, channels: 3, history: 12, features: ['COGS'], prices: [['USD', '49', '490'], ['EUR', '49', '490'], ['GBP', '39', '390']] },
  { code: 'PREMIUM', name: 'Premium', rank: 3, sends: null, channels: null, history: 36, features: ['COGS', 'CLARITY', 'PRODUCT_CATALOG', 'PREMIUM_REPORTS'], prices: [['USD', '149', '1490'], ['EUR', '149', '1490'], ['GBP', '119', '1190']] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_plans')
    .addColumn('plan_code', 'text', (c) => c.primaryKey().check(sql`plan_code ~ '^[A-Z][A-Z0-9_]{1,31}$'`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('settlements_per_month', 'integer', (c) => c.check(sql`settlements_per_month >= 0`))
    .addColumn('channels', 'integer', (c) => c.check(sql`channels >= 0`))
    .addColumn('history_months', 'integer', (c) => c.check(sql`history_months >= 0`))
    .addColumn('features', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('billing_plan_prices')
    .addColumn('plan_code', 'text', (c) => c.notNull().references('billing_plans.plan_code').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('monthly_amount', sql`numeric(20,4)`, (c) => c.notNull().check(sql`monthly_amount >= 0`))
    .addColumn('yearly_amount', sql`numeric(20,4)`, (c) => c.notNull().check(sql`yearly_amount >= 0`))
    .addColumn('stripe_monthly_price_id', 'text')
    .addColumn('stripe_yearly_price_id', 'text')
    .addPrimaryKeyConstraint('billing_plan_prices_pk', ['plan_code', 'currency'])
    .execute();

  await db.schema
    .createTable('billing_customers')
    .addColumn('customer_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.user_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('account', 'firm')`))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('monthly', 'yearly')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(20,4)`, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${STATUSES}`))
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('past_due_since', 'timestamptz')
    .addColumn('coupon_code', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('card_exp_month', 'integer')
    .addColumn('card_exp_year', 'integer')
    .addColumn('last_event_id', 'text', (c) => c.notNull())
    .addColumn('last_event_created', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_subscriptions_user').on('billing_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('billing_subscription_accounts')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('billing_subscriptions.subscription_id').onDelete('cascade'))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_subscription_accounts_sub').on('billing_subscription_accounts').column('subscription_id').execute();

  await db.schema
    .createTable('billing_checkout_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('monthly', 'yearly')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'complete', 'expired')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_checkout_sessions_account').on('billing_checkout_sessions').column('account_key').execute();

  await db.schema
    .createTable('billing_webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  for (const p of SEED) {
    await sql`insert into billing_plans (plan_code, name, rank, settlements_per_month, channels, history_months, features, is_active, updated_at)
      values (${p.code}, ${p.name}, ${p.rank}, ${p.sends}, ${p.channels}, ${p.history}, ${JSON.stringify(p.features)}::jsonb, true, ${now})`.execute(db);
    for (const [currency, monthly, yearly] of p.prices) {
      await sql`insert into billing_plan_prices (plan_code, currency, monthly_amount, yearly_amount) values (${p.code}, ${currency}, ${monthly}, ${yearly})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['billing_webhook_events', 'billing_checkout_sessions', 'billing_subscription_accounts', 'billing_subscriptions', 'billing_customers', 'billing_plan_prices', 'billing_plans']) {
    await db.schema.dropTable(t).execute();
  }
}
