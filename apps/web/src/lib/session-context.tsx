/**
 * The signed-in session as React sees it: the user meta of the current account, whether the user
 * has admin rights, and the actions that change the session (switch account, log out).
 */
import { createContext, useContext } from 'react';
import type { Account, AuthUser, UserMeta } from './api-types';

/** A user meta the shell can use: it has a current account. */
export type UsableUserMeta = UserMeta & { currentAccount: Account };

export interface Session {
  meta: UsableUserMeta;
  user: AuthUser;
  account: Account;
  hasAdminPermissions: boolean;
  switchAccount: (accountKey: string) => Promise<void>;
  logout: () => Promise<void>;
  /** Reloads the user meta (after a switch, or when another tab changed the account). */
  reload: () => Promise<void>;
}

export const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs the signed-in app frame');
  return session;
}

/** The session when there is one: public pages render without it. */
export function useOptionalSession(): Session | undefined {
  return useContext(SessionContext);
}

/**
 * Where the newcomer frame (a signed-in user with no account, so no session) learns whether billing
 * is on: the same user meta's `paymentProviderEnabled`, handed down by the start-up.
 */
export const NewcomerBillingContext = createContext<boolean>(false);

/**
 * Billing on (a Stripe key on the server), as the user meta says (`paymentProviderEnabled`): where it
 * is off there are no plans, trials or "ask support" (core's plan gate, decision 0057).
 */
export function useIsBillingEnabled(): boolean {
  const session = useOptionalSession();
  const newcomer = useContext(NewcomerBillingContext);
  return session ? session.meta.paymentProviderEnabled === true : newcomer;
}

/** The user may change the current account (send, delete, upload, settings): not a view-only member. Public pages: no. */
export function useCanChangeAccount(): boolean {
  const level = useOptionalSession()?.meta.accessLevel;
  return level === 'write' || level === 'manage';
}

/** What a view-only user reads beside a disabled action. */
export const VIEW_ONLY_NOTE = 'You have view-only access to this account.';
