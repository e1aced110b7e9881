/**
 * The one rule for every plan gate (issue 26, decision 0057). Billing off (no Stripe key: a
 * self-hosted install) means no plans at all: every gate is open, no account is on a trial, and no
 * screen names a plan or sends the owner to support. Billing on, a gate is decided as before, by
 * one of two grants:
 * - the plan: what the account's plan (null: a trial) includes, as the billing page sells it
 *   (the contract entries' `planFeature`, decision 0040);
 * - support: a switch support turns on for the account or its organization (Cost of goods sold and
 *   premium's FIFO in `account_features`, the product catalog in `organization_features`).
 * The server applies it before a gated call; the web reads the same answers (the server's bodies,
 * or this rule with the user meta's `paymentProviderEnabled`), never a copy of its own.
 */
import { cheapestPlanWith, PLAN_FEATURE_NAMES, type Plan, type PlanFeature } from './plans';
import { isTrialAccount } from '../rules/menu-filtering';

export { isTrialAccount };

/** What a gate guards: a plan feature, or FIFO by purchase lots (premium's costing method). */
export type GatedFeature = PlanFeature | 'FIFO';

export type PlanGrant =
  /** The account's effective plan decides (null: a trial); `plans` names the one that would. */
  | { by: 'plan'; plan: Plan | null; plans: readonly Plan[] }
  /** Support's switch on the account or organization decides. */
  | { by: 'support'; isGranted: boolean };

export interface PlanGateInput {
  billingEnabled: boolean;
  feature: GatedFeature;
  grant: PlanGrant;
}

export type PlanGate =
  | { isOpen: true }
  | { isOpen: false; message: string; /** The plan that would open it, when one does. */ planCode: string | null };

const OPEN: PlanGate = { isOpen: true };

/** Billing on only: the words of a gate support opens (the spec's own, unchanged). */
const SUPPORT_REFUSALS: Readonly<Record<GatedFeature, string>> = {
  COGS: 'Cost of goods sold is not turned on for this account. Ask support to enable it for your plan.',
  FIFO: 'FIFO by purchase lots is part of the premium plan; this account can use standard costs.',
  PRODUCT_CATALOG: 'The product catalog is a premium feature of organizations, and this organization does not have it. Each account’s costs are still in Costs.',
  CLARITY: 'Clarity is a premium feature of organizations, and this organization does not have it.',
  PREMIUM_REPORTS: 'Premium reports are not turned on for this account. Ask support to enable them for your plan.',
};

export function planGate(input: PlanGateInput): PlanGate {
  if (!input.billingEnabled) return OPEN;
  const { feature, grant } = input;
  if (grant.by === 'support') return grant.isGranted ? OPEN : { isOpen: false, message: SUPPORT_REFUSALS[feature], planCode: null };
  if (feature === 'FIFO') return { isOpen: false, message: SUPPORT_REFUSALS.FIFO, planCode: null };
  if (grant.plan?.limits.features.includes(feature)) return OPEN;
  const having = cheapestPlanWith(grant.plans, feature);
  const name = PLAN_FEATURE_NAMES[feature];
  const yours = grant.plan ? `your ${grant.plan.name} plan` : 'a trial account';
  return {
    isOpen: false,
    message: having ? `${name} is part of the ${having.name} plan, not ${yours}. Upgrade to ${having.name} to use it.` : `${name} is not part of any plan offered now.`,
    planCode: having?.code ?? null,
  };
}

/**
 * The plan's name as a screen shows it: "Trial", "Premium"; null where billing is off (no plans:
 * the screen says the account is unlimited instead, with UNLIMITED_NOTE).
 */
export function planLabel(account: { planCode: string | null | undefined }, billingEnabled: boolean): string | null {
  if (!billingEnabled) return null;
  const code = account.planCode;
  return code ? `${code.charAt(0)}${code.slice(1).toLowerCase()}` : 'Trial';
}

/** What a screen says of an account's limits where billing is off. */
export const UNLIMITED_NOTE = 'Unlimited: billing is off on this instance, so every feature is open to every account.';
