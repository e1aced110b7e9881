/**
 * Plans as data (issue 16). A plan is what an account pays for: a price per currency and billing
 * period in minor units (bigint: cents for USD, yen for JPY), and its limits. No plan code means a
 * trial (spec section 1). The server seeds DEFAULT_PLANS into the `billing_plans` table; root admins
 * edit them there, so every rule takes the plan it is given, never this table directly.
 */

export type BillingPeriod = 'monthly' | 'yearly';
export const BILLING_PERIODS: readonly BillingPeriod[] = ['monthly', 'yearly'];

/** Features a plan may include (spec section 3: premium features PRODUCT_CATALOG, CLARITY; COGS). */
export type PlanFeature = 'COGS' | 'CLARITY' | 'PRODUCT_CATALOG' | 'PREMIUM_REPORTS';
export const PLAN_FEATURES: readonly PlanFeature[] = ['COGS', 'CLARITY', 'PRODUCT_CATALOG', 'PREMIUM_REPORTS'];
export const PLAN_FEATURE_NAMES: Readonly<Record<PlanFeature, string>> = {
  COGS: 'Cost of goods sold',
  CLARITY: 'Clarity',
  PRODUCT_CATALOG: 'Product catalog',
  PREMIUM_REPORTS: 'Premium reports',
};

export interface PlanPrice {
  /** Price of one month, in the currency's minor units. */
  monthlyMinor: bigint;
  /** Price of one year, in the currency's minor units. */
  yearlyMinor: bigint;
}

export interface PlanLimits {
  /** Settlements an account may send per calendar month (UTC); null: no limit. */
  settlementsPerMonth: number | null;
  /** Sales channels (connections) an account may have; null: no limit. */
  channels: number | null;
  /** How far back (in months) a channel fetch or backfill may reach; null: no limit. */
  historyMonths: number | null;
  features: readonly PlanFeature[];
}

export interface Plan {
  code: string;
  name: string;
  /** Order of the tiers, cheapest first: upgrade means a higher rank. */
  rank: number;
  /** Prices by ISO currency code. */
  prices: Readonly<Record<string, PlanPrice>>;
  limits: PlanLimits;
  /** Offered on the billing page; an inactive plan keeps its subscribers but takes no new ones. */
  isActive: boolean;
}

export const DEFAULT_PLANS: readonly Plan[] = [
  {
    code: 'STARTER',
    name: 'Starter',
    rank: 1,
    prices: { USD: { monthlyMinor: 1900n, yearlyMinor: 19000n }, EUR: { monthlyMinor: 1900n, yearlyMinor: 19000n }, GBP: { monthlyMinor: 1500n, yearlyMinor: 15000n } },
    limits: { settlementsPerMonth: 20, channels: 1, historyMonths: 3, features: [] },
    isActive: true,
  },
  {
    code: 'STANDARD',
    name: 'Standard',
    rank: 2,
    prices: { USD: { monthlyMinor: 4900n, yearlyMinor: 49000n }, EUR: { monthlyMinor: 4900n, yearlyMinor: 49000n }, GBP: { monthlyMinor: 3900n, yearlyMinor: 39000n } },
    limits: { settlementsPerMonth: 200, channels: 3, historyMonths: 12, features: ['COGS'] },
    isActive: true,
  },
  {
    code: 'PREMIUM',
    name: 'Premium',
    rank: 3,
    prices: { USD: { monthlyMinor: 14900n, yearlyMinor: 149000n }, EUR: { monthlyMinor: 14900n, yearlyMinor: 149000n }, GBP: { monthlyMinor: 11900n, yearlyMinor: 119000n } },
    limits: { settlementsPerMonth: null, channels: null, historyMonths: 36, features: ['COGS', 'CLARITY', 'PRODUCT_CATALOG', 'PREMIUM_REPORTS'] },
    isActive: true,
  },
];

/** The cheapest active plan that has the feature, or undefined when none does. */
export function cheapestPlanWith(plans: readonly Plan[], feature: PlanFeature): Plan | undefined {
  return [...plans].filter((p) => p.isActive && p.limits.features.includes(feature)).sort((a, b) => a.rank - b.rank)[0];
}

/** The price of a plan for a currency and period, in minor units; undefined when the plan has no price in that currency. */
export function planPriceMinor(plan: Plan, currency: string, period: BillingPeriod): bigint | undefined {
  const price = plan.prices[currency];
  if (!price) return undefined;
  return period === 'monthly' ? price.monthlyMinor : price.yearlyMinor;
}
