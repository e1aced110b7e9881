/**
 * Start-up loading (spec section 4): admin status, then the user meta of the current account.
 * Admins may override the account and user with the query parameters account/accountKey and userId.
 */
import { ApiError, api } from '../lib/api-client';
import type { AuthUser, HasAdminPermissions } from '../lib/api-types';
import type { UsableUserMeta } from '../lib/session-context';
import { readAccountKey } from '../lib/token-store';

export interface SessionOverride {
  accountKey?: string;
  userId?: string;
}

export function readOverride(search: string): SessionOverride {
  const q = new URLSearchParams(search);
  const accountKey = q.get('accountKey') ?? q.get('account') ?? undefined;
  const userId = q.get('userId') ?? undefined;
  return { ...(accountKey ? { accountKey } : {}), ...(userId ? { userId } : {}) };
}

export interface LoadedSession {
  meta: UsableUserMeta | undefined;
  hasAdminPermissions: boolean;
  /** A signed-in user with no account yet (a new sign-up): the newcomer frame shows instead of the app. */
  newcomer?: AuthUser;
  /** The newcomer's user meta says whether billing is on (its `paymentProviderEnabled`). */
  isNewcomerBillingEnabled?: boolean;
}

/** The user of a meta without a current account and without any account to open. */
function newcomerOf(meta: unknown): AuthUser | undefined {
  const m = meta as Partial<UsableUserMeta> | null;
  const user = m?.user;
  return user && typeof user.userId === 'string' && m?.currentAccount === null && user.accountsThatCanBeAccessedByThisUser.length === 0 ? user : undefined;
}

function loaded(meta: unknown, hasAdminPermissions: boolean): LoadedSession {
  if (isUsableMeta(meta)) return { meta, hasAdminPermissions };
  const newcomer = newcomerOf(meta);
  const isNewcomerBillingEnabled = (meta as { paymentProviderEnabled?: unknown } | null)?.paymentProviderEnabled === true;
  return { meta: undefined, hasAdminPermissions, ...(newcomer ? { newcomer, isNewcomerBillingEnabled } : {}) };
}

/** A user meta the shell can use: a user and a current account. Anything else goes to /app/404. */
export function isUsableMeta(meta: unknown): meta is UsableUserMeta {
  if (typeof meta !== 'object' || meta === null) return false;
  const m = meta as Partial<UsableUserMeta>;
  return typeof m.user?.userId === 'string' && typeof m.currentAccount?.accountKey === 'string';
}

export async function loadSession(tokensUserId: string, storedAccountKey: string | undefined, override: SessionOverride): Promise<LoadedSession> {
  const hasOverride = override.userId !== undefined || override.accountKey !== undefined;
  // Without an override the user meta does not depend on the admin status: both calls go at once.
  const admin = api.get<HasAdminPermissions>('/public/oauth/has-admin-permissions');
  const early = hasOverride ? undefined : userMeta(tokensUserId, storedAccountKey);
  early?.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  const { hasAdminPermissions } = await admin;
  if (early) return loaded(await early, hasAdminPermissions);
  const userId = (hasAdminPermissions && override.userId) || tokensUserId;
  const accountKey = (hasAdminPermissions && override.accountKey) || storedAccountKey;
  return loaded(await userMeta(userId, accountKey, override.accountKey), hasAdminPermissions);
}

async function userMeta(userId: string, accountKey: string | undefined, overrideAccountKey?: string): Promise<unknown> {
  try {
    return await api.get<unknown>('/user-meta', { userId, accountKey });
  } catch (error) {
    // A remembered account this user may no longer open: fall back to the user's current account.
    if (error instanceof ApiError && error.status === 404 && accountKey && accountKey !== overrideAccountKey) {
      return api.get<unknown>('/user-meta', { userId });
    }
    throw error;
  }
}

/** The start-up query (signed-in-root.tsx uses it, and opening-loads.ts starts it before React renders). */
export const sessionQueryOptions = (userId: string, override: SessionOverride) => ({
  queryKey: ['session', userId, override] as const,
  queryFn: () => loadSession(userId, readAccountKey(), override),
  retry: false as const,
  staleTime: Infinity,
});
