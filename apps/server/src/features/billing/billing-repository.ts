/**
 * Reads for billing: the plans table as core's plans, and an account's billing facts and usage.
 * Plan prices are stored as NUMERIC(20,4) amounts and handed to core in minor units.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { BillingFacts, Plan, PlanFeature, PlanPrice, SubscriptionStatus } from '@ledgerport/core/billing';
import { decimalToUnits, formatUnits, getMinorDigits, minorUnitSize } from '@ledgerport/core/money';
import type { Config } from '../../config';

export function amountToMinor(amount: string, currency: string): bigint {
  return decimalToUnits(amount) / minorUnitSize(currency);
}

export function minorToAmount(minor: bigint, currency: string): string {
  return formatUnits(minor * minorUnitSize(currency), getMinorDigits(currency));
}

export async function loadPlans(db: Kysely<Database>): Promise<Plan[]> {
  const [plans, prices] = await Promise.all([
    db.selectFrom('billing_plans').selectAll().orderBy('rank').orderBy('plan_code').execute(),
    db.selectFrom('billing_plan_prices').selectAll().execute(),
  ]);
  return plans.map((p) => {
    const own: Record<string, PlanPrice> = {};
    for (const r of prices.filter((x) => x.plan_code === p.plan_code)) {
      own[r.currency] = { monthlyMinor: amountToMinor(r.monthly_amount, r.currency), yearlyMinor: amountToMinor(r.yearly_amount, r.currency) };
    }
    return {
      code: p.plan_code,
      name: p.name,
      rank: p.rank,
      prices: own,
      limits: { settlementsPerMonth: p.settlements_per_month, channels: p.channels, historyMonths: p.history_months, features: p.features as PlanFeature[] },
      isActive: p.is_active,
    };
  });
}

export interface AccountSubscription {
  subscriptionId: string;
  kind: 'account' | 'firm';
  userId: string | null;
  planCode: string;
  period: 'monthly' | 'yearly';
  currency: string;
  amount: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  isCancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
  couponCode: string | null;
  card: { brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null; holderName: string | null } | null;
}

/** The subscription covering an account (its own, or a firm's), if any. */
export async function findAccountSubscription(db: Kysely<Database>, accountKey: string): Promise<AccountSubscription | undefined> {
  const row = await db
    .selectFrom('billing_subscription_accounts as a')
    .innerJoin('billing_subscriptions as s', 's.subscription_id', 'a.subscription_id')
    .selectAll('s')
    .where('a.account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    subscriptionId: row.subscription_id,
    kind: row.kind,
    userId: row.user_id,
    planCode: row.plan_code,
    period: row.period,
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    currentPeriodEnd: row.current_period_end,
    isCancelAtPeriodEnd: row.cancel_at_period_end,
    pastDueSince: row.past_due_since,
    couponCode: row.coupon_code,
    card: row.card_last4 ? { brand: row.card_brand, last4: row.card_last4, expMonth: row.card_exp_month, expYear: row.card_exp_year, holderName: row.card_holder_name } : null,
  };
}

/** What core's decideBillingLimit needs of an account. */
export async function loadBillingFacts(db: Kysely<Database>, config: Pick<Config, 'billing'>, accountKey: string, now: Date): Promise<BillingFacts> {
  if (!config.billing) return { isBillingEnabled: false, plan: null, plans: [], subscriptionStatus: null, pastDueSince: null, now };
  const [plans, account, subscription] = await Promise.all([
    loadPlans(db),
    db.selectFrom('accounts').select('plan_code').where('account_key', '=', accountKey).executeTakeFirst(),
    findAccountSubscription(db, accountKey),
  ]);
  const plan = account?.plan_code ? (plans.find((p) => p.code === account.plan_code) ?? null) : null;
  return { isBillingEnabled: true, plan, plans, subscriptionStatus: subscription?.status ?? null, pastDueSince: subscription?.pastDueSince ?? null, now };
}

/** First instant of the calendar month (UTC) of `now`. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Settlements counted against this month's limit: those with a document posted this month, and
 * those queued or being sent now (so a bulk send cannot overshoot the limit while its jobs run).
 */
export async function countSentThisMonth(db: Kysely<Database>, accountKey: string, now: Date): Promise<number> {
  const [posted, inFlight] = await Promise.all([
    db
      .selectFrom('settlement_documents')
      .select((eb) => eb.fn.count<string>('settlement_key').distinct().as('n'))
      .where('account_key', '=', accountKey)
      .where('status', '=', 'POSTED')
      .where('posted_at', '>=', monthStart(now))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('settlements')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_key', '=', accountKey)
      .where('send_state', 'in', ['QUEUED', 'SENDING'])
      .executeTakeFirstOrThrow(),
  ]);
  return Number(posted.n) + Number(inFlight.n);
}

/** Sales channel connections of an account (the plan's channel limit). */
export async function countChannels(db: Kysely<Database>, accountKey: string): Promise<number> {
  const row = await db
    .selectFrom('connections')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_key', '=', accountKey)
    .where('role', 'in', ['sales-channel', 'sales-source'])
    .where('status', '!=', 'DISCONNECTED')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
