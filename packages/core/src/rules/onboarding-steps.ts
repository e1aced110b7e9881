/**
 * The four onboarding steps of spec section 4, derived from the account alone, and the active-step
 * rule. The web's admin page renders them; nothing here reads the network.
 */
export type StepState = 'initial' | 'pending' | 'completed' | 'failed';

export interface OnboardingAccount {
  accountingSystem: string;
  accountingSystemConnected: boolean;
  salesChannel: string;
  salesChannelConnected: boolean;
  salesChannelPending: boolean;
  requiresReauthentication: boolean;
  mappingsCompleted: boolean;
  mappingsConfigurationInitiated: boolean;
  firstSettlementPosted: boolean;
}

export interface OnboardingStep {
  number: 1 | 2 | 3 | 4;
  key: 'connect-accounting' | 'connect-sales-channel' | 'set-up-accounts-and-taxes' | 'post-and-reconcile';
  state: StepState;
  /** Extra text shown with the state ('Connected manually' for the MANUAL accounting system). */
  note?: string;
}

function accountingStep(a: OnboardingAccount): OnboardingStep {
  const base = { number: 1, key: 'connect-accounting' } as const;
  if (a.accountingSystem === 'NONE' || a.accountingSystem === '') return { ...base, state: 'initial' };
  if (a.accountingSystem === 'MANUAL') return { ...base, state: 'completed', note: 'Connected manually' };
  return { ...base, state: a.accountingSystemConnected ? 'completed' : 'failed' };
}

function salesChannelStep(a: OnboardingAccount): OnboardingStep {
  const base = { number: 2, key: 'connect-sales-channel' } as const;
  if (a.requiresReauthentication) return { ...base, state: 'initial' };
  // Shopify reports "pending" while the store install is not finished: only then is it pending.
  const pending = a.salesChannel === 'SHOPIFY' ? !a.salesChannelConnected && a.salesChannelPending : a.salesChannelPending;
  if (pending) return { ...base, state: 'pending' };
  return { ...base, state: a.salesChannelConnected ? 'completed' : 'initial' };
}

export function buildOnboardingSteps(a: OnboardingAccount): OnboardingStep[] {
  return [
    accountingStep(a),
    salesChannelStep(a),
    { number: 3, key: 'set-up-accounts-and-taxes', state: a.mappingsCompleted ? 'completed' : 'initial' },
    { number: 4, key: 'post-and-reconcile', state: a.firstSettlementPosted ? 'completed' : 'initial' },
  ];
}

/** Whether step 1 counts as connected: MANUAL needs no connection. */
function isAccountingConnected(a: OnboardingAccount): boolean {
  return a.accountingSystem === 'MANUAL' || a.accountingSystemConnected;
}

/**
 * Active step: 1 if accounting not connected; 2 if channel not connected; 3 if mappings neither
 * completed nor initiated; 4 if first settlement not posted or mappings not initiated; otherwise 1.
 */
export function findActiveStep(a: OnboardingAccount): 1 | 2 | 3 | 4 {
  if (!isAccountingConnected(a)) return 1;
  if (!a.salesChannelConnected) return 2;
  if (!a.mappingsCompleted && !a.mappingsConfigurationInitiated) return 3;
  if (!a.firstSettlementPosted || !a.mappingsConfigurationInitiated) return 4;
  return 1;
}
