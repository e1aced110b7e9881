/**
 * After a sign-in with an identity provider: the token set replaces any previous session, the
 * provider is remembered as the last one used (kept on logout), and the person goes on: a new user to
 * account creation (they have no account yet), a returning one where `continue` says, else /admin.
 */
import type { FinishedIdentitySignIn } from '@ledgerport/contract/identity-providers';
import { resetSessionExpired } from '../../lib/session-events';
import { STORAGE_KEYS, clearSession, writeTokenSet } from '../../lib/token-store';

/** Where a new user lands: the new account form. */
export const NEW_USER_LANDING = '/switch?account=NEW';

export function completeSignIn(result: FinishedIdentitySignIn, continuePath: string | null): string {
  clearSession(); // a previous user's account choice must not leak into this session
  writeTokenSet(result.tokens);
  localStorage.setItem(STORAGE_KEYS.lastLoginProvider, result.party);
  resetSessionExpired();
  if (result.isNewUser) return NEW_USER_LANDING;
  return continuePath ?? '/admin';
}
