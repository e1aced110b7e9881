/**
 * The one rule deciding every billing limit (issue 16, decision 0031). The server asks it before an
 * upload, a send (one, bulk or automatic), a channel fetch or backfill, a new channel connection and a
 * plan feature, and applies the answer; nothing else in the code compares usage with a plan.
 *
 * - Billing off (no Stripe key: a self-hosted install): everything is allowed, unlimited.
 * - Trial (no plan, or a cancelled subscription): three files (spec section 9), no sending to an
 *   external accounting system (the built-in ledger and file exports stay open), no channel sync
 *   ("choose a plan to sync all transactions", spec section 1).
 * - A plan: its settlements per month, channels, history months and features.
 * - Past due: everything goes on for PAST_DUE_GRACE_DAYS; then sending stops (read-only for sending)
 *   while uploads and fetches go on, so no data is ever lost.
 */
import { TRIAL_FILES_MAX, TRIAL_FILES_MESSAGE } from './trial';
import { planGate } from './plan-gate';
import type { Plan, PlanFeature } from './plans';

export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

/** Stripe's subscription statuses. */
export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

/** Accounting systems that are not external: the built-in ledger, or none chosen. */
const INTERNAL_SYSTEMS = new Set(['MANUAL', 'NONE', '']);

export interface BillingFacts {
  isBillingEnabled: boolean;
  /** The account's plan; null: a trial. */
  plan: Plan | null;
  /** Every plan, to name the one that has what the account's plan lacks. */
  plans: readonly Plan[];
  subscriptionStatus: SubscriptionStatus | null;
  /** When the first unpaid invoice failed; null when nothing is owed. */
  pastDueSince: Date | null;
  now: Date;
}

export type BillingAction =
  | { kind: 'upload'; filesUsed: number; filesAdded: number }
  | { kind: 'send'; accountingSystem: string; sentThisMonth: number; count: number; isAutomatic: boolean }
  | { kind: 'fetch'; isScheduled: boolean }
  /** A history request (backfill) for fromDate..toDate (YYYY-MM-DD), asked on `today` (UTC). */
  | { kind: 'history'; fromDate: string; toDate: string; today: string }
  | { kind: 'connect-channel'; channelsUsed: number }
  | { kind: 'feature'; feature: PlanFeature };

export type BillingRefusalCode = 'trial-files' | 'trial-send' | 'trial-sync' | 'plan-sends' | 'plan-channels' | 'plan-feature' | 'plan-history' | 'past-due';

export type BillingDecision =
  | { isAllowed: true; /** How many months back a fetch may reach; null: no limit. */ historyMonths: number | null }
  | { isAllowed: false; code: BillingRefusalCode; message: string; /** The plan that would allow it, when one does. */ planCode: string | null };

const ALLOWED_UNLIMITED: BillingDecision = { isAllowed: true, historyMonths: null };

/** A plan applies while its subscription is live; a cancelled (ended) one leaves a trial. */
export function effectivePlan(facts: Pick<BillingFacts, 'plan' | 'subscriptionStatus'>): Plan | null {
  if (!facts.plan) return null;
  if (facts.subscriptionStatus === 'canceled' || facts.subscriptionStatus === 'incomplete_expired') return null;
  return facts.plan;
}

/** True once a payment has been failing for longer than the grace period. */
export function isPastDueBeyondGrace(facts: Pick<BillingFacts, 'subscriptionStatus' | 'pastDueSince' | 'now'>): boolean {
  const owing = facts.subscriptionStatus === 'past_due' || facts.subscriptionStatus === 'unpaid';
  if (!owing) return false;
  if (facts.subscriptionStatus === 'unpaid') return true;
  const since = facts.pastDueSince ?? facts.now;
  return facts.now.getTime() - since.getTime() >= PAST_DUE_GRACE_DAYS * DAY_MS;
}

export function decideBillingLimit(facts: BillingFacts, action: BillingAction): BillingDecision {
  const plan = effectivePlan(facts);
  // A plan feature is the plan gate's, billing on or off (one rule for the server and the screens).
  if (action.kind === 'feature') return featureDecision(facts.isBillingEnabled, plan, facts.plans, action.feature);
  if (!facts.isBillingEnabled) return ALLOWED_UNLIMITED;
  const entry = cheapestPaidPlan(facts.plans);
  if (!plan) return decideTrial(action, facts.plans, entry);
  if (action.kind === 'send' && isPastDueBeyondGrace(facts)) {
    const since = (facts.pastDueSince ?? facts.now).toISOString().slice(0, 10);
    return refuse('past-due', `The payment for your ${plan.name} plan has failed since ${since}; sending is paused until it is paid. Update the payment method under Billing. Nothing is lost: uploads and fetches go on.`, plan.code);
  }
  return decidePlan(plan, facts.plans, action);
}

function decideTrial(action: BillingAction, plans: readonly Plan[], entry: Plan | undefined): BillingDecision {
  const choose = entry ? `Choose a plan (${entry.name} or higher)` : 'Choose a plan';
  const planCode = entry?.code ?? null;
  switch (action.kind) {
    case 'upload':
      if (action.filesUsed + action.filesAdded > TRIAL_FILES_MAX) {
        // The spec's trial text (section 1), which the upload has always answered.
        return refuse('trial-files', TRIAL_FILES_MESSAGE, null);
      }
      return { isAllowed: true, historyMonths: null };
    case 'send':
      if (INTERNAL_SYSTEMS.has(action.accountingSystem)) return ALLOWED_UNLIMITED;
      return refuse('trial-send', `A trial account cannot send settlements to ${systemName(action.accountingSystem)}. ${choose} to send all transactions.`, planCode);
    case 'fetch':
    case 'history':
      return refuse('trial-sync', `A trial account does not sync settlements from the sales channel. ${choose} to sync all transactions, or upload up to ${TRIAL_FILES_MAX} files.`, planCode);
    case 'connect-channel':
      return ALLOWED_UNLIMITED;
    case 'feature':
      return featureDecision(true, null, plans, action.feature);
  }
}

function decidePlan(plan: Plan, plans: readonly Plan[], action: BillingAction): BillingDecision {
  const allowed: BillingDecision = { isAllowed: true, historyMonths: plan.limits.historyMonths };
  switch (action.kind) {
    case 'upload':
      return allowed;
    case 'send': {
      const max = plan.limits.settlementsPerMonth;
      if (max === null || action.sentThisMonth + action.count <= max) return allowed;
      const bigger = nextPlan(plans, plan, (p) => p.limits.settlementsPerMonth === null || p.limits.settlementsPerMonth > max);
      return refuse('plan-sends', `Your ${plan.name} plan sends up to ${max} settlements a month and ${action.sentThisMonth} ${action.sentThisMonth === 1 ? 'was' : 'were'} sent this month.${bigger ? ` Upgrade to ${bigger.name} to send more.` : ''}`, bigger?.code ?? null);
    }
    case 'fetch':
      return allowed;
    case 'history': {
      const earliest = earliestHistoryDate(action.today, plan.limits.historyMonths);
      // A range reaching into the plan's window is fetched from its start (the fetch caps it); one wholly before it is refused.
      if (earliest === null || action.toDate >= earliest) return allowed;
      const reaches = (p: Plan) => { const e = earliestHistoryDate(action.today, p.limits.historyMonths); return e === null || action.fromDate >= e; };
      const bigger = nextPlan(plans, plan, reaches) ?? nextPlan(plans, plan, (p) => p.limits.historyMonths === null || p.limits.historyMonths > (plan.limits.historyMonths ?? 0));
      return refuse('plan-history', `Your ${plan.name} plan fetches history back to ${earliest} (${plan.limits.historyMonths} months), and ${action.fromDate} to ${action.toDate} is wholly before it.${bigger ? ` Upgrade to ${bigger.name} (${bigger.limits.historyMonths === null ? 'all history' : `${bigger.limits.historyMonths} months`}) to fetch it.` : ' Upload the settlement files of that period instead.'}`, bigger?.code ?? null);
    }
    case 'connect-channel': {
      const max = plan.limits.channels;
      if (max === null || action.channelsUsed + 1 <= max) return allowed;
      const bigger = nextPlan(plans, plan, (p) => p.limits.channels === null || p.limits.channels > max);
      return refuse('plan-channels', `Your ${plan.name} plan connects up to ${max} sales channel${max === 1 ? '' : 's'}.${bigger ? ` Upgrade to ${bigger.name} to connect more.` : ''}`, bigger?.code ?? null);
    }
    case 'feature':
      return featureDecision(true, plan, plans, action.feature);
  }
}

/** A plan feature is the plan gate's (one rule for the server's gates and the web's screens). */
function featureDecision(billingEnabled: boolean, plan: Plan | null, plans: readonly Plan[], feature: PlanFeature): BillingDecision {
  const gate = planGate({ billingEnabled, feature, grant: { by: 'plan', plan, plans } });
  if (!gate.isOpen) return refuse('plan-feature', gate.message, gate.planCode);
  return billingEnabled && plan ? { isAllowed: true, historyMonths: plan.limits.historyMonths } : ALLOWED_UNLIMITED;
}

function cheapestPaidPlan(plans: readonly Plan[]): Plan | undefined {
  return [...plans].filter((p) => p.isActive).sort((a, b) => a.rank - b.rank)[0];
}

function nextPlan(plans: readonly Plan[], current: Plan, isEnough: (p: Plan) => boolean): Plan | undefined {
  return [...plans].filter((p) => p.isActive && p.rank > current.rank && isEnough(p)).sort((a, b) => a.rank - b.rank)[0];
}

function refuse(code: BillingRefusalCode, message: string, planCode: string | null): BillingDecision {
  return { isAllowed: false, code, message, planCode };
}

const SYSTEM_NAMES: Readonly<Record<string, string>> = { QBO: 'QuickBooks Online', XERO: 'Xero', SAGE: 'Sage', NETSUITE: 'NetSuite' };
function systemName(system: string): string {
  return SYSTEM_NAMES[system] ?? system;
}

/**
 * The earliest day (YYYY-MM-DD) a fetch may reach for a plan's history months, from today (UTC
 * calendar day). A requested start before it is moved up to it; null months: no limit.
 */
export function earliestHistoryDate(today: string, historyMonths: number | null): string | null {
  if (historyMonths === null) return null;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) - historyMonths;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
