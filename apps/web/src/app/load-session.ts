/**
 * Start-up loading (spec section 4): admin status, then the user meta of the current account.
 * Admins may override the account and user with the query parameters account/accountKey and userId.
 */
import { ApiError, api } from '../lib/api-client';
import type { HasAdminPermissions } from '../lib/api-types';
import type { UsableUserMeta } from '../lib/session-context';

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
}

/** A user meta the shell can use: a user and a current account. Anything else goes to /app/404. */
export function isUsableMeta(meta: unknown): meta is UsableUserMeta {
  if (typeof meta !== 'object' || meta === null) return false;
  const m = meta as Partial<UsableUserMeta>;
  return typeof m.user?.userId === 'string' && typeof m.currentAccount?.accountKey === 'string';
}

export async function loadSession(tokensUserId: string, storedAccountKey: string | undefined, override: SessionOverride): Promise<LoadedSession> {
  const { hasAdminPermissions } = await api.get<HasAdminPermissions>('/public/oauth/has-admin-permissions');
  const userId = (hasAdminPermissions && override.userId) || tokensUserId;
  const accountKey = (hasAdminPermissions && override.accountKey) || storedAccountKey;
  try {
    const meta = await api.get<unknown>('/user-meta', { userId, accountKey });
    return { meta: isUsableMeta(meta) ? meta : undefined, hasAdminPermissions };
  } catch (error) {
    // A remembered account this user may no longer open: fall back to the user's current account.
    if (error instanceof ApiError && error.status === 404 && accountKey && accountKey !== override.accountKey) {
      const meta = await api.get<unknown>('/user-meta', { userId });
      return { meta: isUsableMeta(meta) ? meta : undefined, hasAdminPermissions };
    }
    throw error;
  }
}
