/**
 * Browser-stored session data (spec section 3): the token set, the chosen account, the last login
 * provider (kept on logout), the what's-new last-seen date and the shared activity clock. One place
 * names every storage key so tests and the e2e journeys can set them.
 */
import type { TokenSet } from './api-types';

export const STORAGE_KEYS = {
  tokenSet: 'ledgerport.tokenSet',
  accountKey: 'ledgerport.accountKey',
  lastLoginProvider: 'ledgerport.lastLoginProvider',
  redirectUrl: 'ledgerport.redirectUrl',
  whatsNewSeenAt: 'ledgerport.whatsNewSeenAt',
  lastActivityAt: 'ledgerport.lastActivityAt',
  idleTimeoutMs: 'ledgerport.idleTimeoutMs',
  idleWarningMs: 'ledgerport.idleWarningMs',
} as const;

/** Per-tab copy of the account this tab shows, to detect another tab switching accounts. */
export const TAB_ACCOUNT_KEY = 'ledgerport.tabAccountKey';

function isTokenSet(value: unknown): value is TokenSet {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.accessToken === 'string' && typeof v.refreshToken === 'string';
}

export function readTokenSet(): TokenSet | undefined {
  const text = localStorage.getItem(STORAGE_KEYS.tokenSet);
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isTokenSet(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Access and refresh tokens are always replaced together. */
export function writeTokenSet(tokens: TokenSet): void {
  localStorage.setItem(STORAGE_KEYS.tokenSet, JSON.stringify(tokens));
}

/** Clears the session but keeps the last login provider, so the sign-in page can offer it again. */
export function clearSession(): void {
  for (const key of [STORAGE_KEYS.tokenSet, STORAGE_KEYS.accountKey, STORAGE_KEYS.redirectUrl]) localStorage.removeItem(key);
  sessionStorage.removeItem(TAB_ACCOUNT_KEY);
}

export function readAccountKey(): string | undefined {
  return localStorage.getItem(STORAGE_KEYS.accountKey) ?? undefined;
}

export function writeAccountKey(accountKey: string): void {
  localStorage.setItem(STORAGE_KEYS.accountKey, accountKey);
  sessionStorage.setItem(TAB_ACCOUNT_KEY, accountKey);
}

export function readTabAccountKey(): string | undefined {
  return sessionStorage.getItem(TAB_ACCOUNT_KEY) ?? undefined;
}
