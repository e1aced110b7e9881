/** The spec's trial limit (section 9): a trial account (no plan code) loads at most this many files. */
export const TRIAL_FILES_MAX = 3;

/** A trial account is one without a plan code (spec section 1). */
export function isTrialPlanCode(planCode: string | null | undefined): boolean {
  return planCode === null || planCode === undefined || planCode === '';
}

export const TRIAL_FILES_MESSAGE =
  'Trial accounts may load up to three files. Upgrade to send all transactions; choose a plan to sync all transactions and load multiple files.';
