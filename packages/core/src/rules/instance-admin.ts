/**
 * An instance has an administrator (issue 26, decision 0057): the first person to sign up on an
 * instance that has no root admin becomes its root admin (the server does it in the sign-up's own
 * statement, so two simultaneous first sign-ups cannot both win), and `npx ledgerport admin grant`
 * or `revoke` changes it later. This is what the start-up message says about it.
 */
export interface InstanceAdminFacts {
  hasUsers: boolean;
  hasRootAdmin: boolean;
  /** Where people open the web app, e.g. http://127.0.0.1:8070/app/. */
  appUrl: string;
}

export function instanceAdminNotice(facts: InstanceAdminFacts): string | null {
  if (facts.hasRootAdmin) return null;
  if (!facts.hasUsers) return `This instance is empty: open ${facts.appUrl} and sign up: the first account becomes the administrator.`;
  return `This instance has no administrator: the next person to sign up becomes it, or make one with: npx ledgerport admin grant EMAIL`;
}
