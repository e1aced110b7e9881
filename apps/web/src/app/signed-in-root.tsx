/**
 * Start-up of the signed-in app (spec section 4): authenticate first, show a skeleton while the
 * admin status and user meta load, then mount the frame. A failed load shows the general error
 * page; an empty or invalid user meta goes to /app/404. Also wires the cross-tab session sync,
 * activity tracking and the idle timer.
 */
import { Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { acceptSameHostRedirect, isInternalDeveloper, isTokenExpired, stripAppBase } from '@ledgerport/core/rules';
import { api } from '../lib/api-client';
import { announceSessionExpired, isSessionExpiredAnnounced } from '../lib/session-events';
import { NewcomerBillingContext, SessionContext, type Session } from '../lib/session-context';
import { markActivity, watchOtherTabs } from '../lib/session-sync';
import { clearSession, readTokenSet, writeAccountKey } from '../lib/token-store';
import { AppFrame } from './app-frame';
import { GeneralErrorPage } from './general-error-page';
import { IdleTimer } from './idle-timer';
import { readOverride, sessionQueryOptions } from './load-session';
import { loginUrlFor } from './session-expired-modal';
import { lazyComponent } from '../ui/lazy-component';

// Only a signed-in user with no account yet sees it: its code stays off everyone else's first load.
const NewcomerFrame = lazyComponent(() => import('./newcomer-frame').then((m) => m.NewcomerFrame));

/** Loads the newcomer frame now (tests). */
export const preloadNewcomerFrame = () => NewcomerFrame.preload();

export function StartUpSkeleton() {
  return (
    <Stack p="md" aria-label="Loading your account" aria-busy="true">
      <Skeleton height={48} />
      <Skeleton height={24} width="40%" />
      <Skeleton height={240} />
    </Stack>
  );
}

export function SignedInRoot() {
  const location = useLocation();
  const tokens = readTokenSet();
  if (!tokens) {
    const target = loginUrlFor({ pathname: `/app${location.pathname}`, search: location.search });
    return <Navigate to={stripAppBase(target)} replace />;
  }
  if (isTokenExpired(tokens.refreshTokenExpiresAt, Date.now())) {
    announceSessionExpired();
    return <StartUpSkeleton />;
  }
  return <LoadedRoot userId={tokens.userId} />;
}

function LoadedRoot({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [override] = useState(() => readOverride(window.location.search));
  const query = useQuery(sessionQueryOptions(userId, override));

  const reload = useCallback(async () => {
    await query.refetch();
  }, [query]);

  const logout = useCallback(async () => {
    const t = readTokenSet();
    if (t) await api.post('/oauth/logout', { refreshToken: t.refreshToken }).catch(() => undefined);
    clearSession();
    queryClient.clear();
    window.location.assign('/app/login');
  }, [queryClient]);

  const switchAccount = useCallback(
    async (accountKey: string) => {
      const { redirectUrl } = await api.post<{ redirectUrl: string }>('/switch/account', { destinationAccountKey: accountKey });
      writeAccountKey(accountKey);
      await query.refetch();
      const target = acceptSameHostRedirect(redirectUrl, window.location.origin) ?? '/app/admin';
      await navigate(stripAppBase(target));
    },
    [navigate, query],
  );

  const data = query.data;
  useEffect(() => {
    if (data?.meta) writeAccountKey(data.meta.currentAccount.accountKey);
  }, [data]);

  useEffect(
    () =>
      watchOtherTabs({
        onSignedOut: () => window.location.assign('/app/login'),
        onAccountMismatch: (accountKey) => {
          writeAccountKey(accountKey);
          void query.refetch().then(() => navigate('/admin?simultaneousAccessDetected=true'));
        },
      }),
    [navigate, query],
  );

  useEffect(() => {
    const onActivity = () => markActivity();
    const events = ['mousemove', 'keydown', 'click', 'scroll', 'touchstart'] as const;
    events.forEach((e) => window.addEventListener(e, onActivity, { passive: true }));
    markActivity();
    return () => events.forEach((e) => window.removeEventListener(e, onActivity));
  }, []);

  const session = useMemo<Session | undefined>(
    () =>
      data?.meta
        ? { meta: data.meta, user: data.meta.user, account: data.meta.currentAccount, hasAdminPermissions: data.hasAdminPermissions, switchAccount, logout, reload }
        : undefined,
    [data, switchAccount, logout, reload],
  );

  // When the session ended, the Session Expired modal takes over: no error page behind it.
  if (query.isPending || (query.isError && isSessionExpiredAnnounced())) return <StartUpSkeleton />;
  if (query.isError) return <GeneralErrorPage message={query.error.message} onRetry={() => void query.refetch()} />;
  if (!session && data?.newcomer) {
    const newcomer = data.newcomer;
    return (
      <NewcomerBillingContext.Provider value={data.isNewcomerBillingEnabled === true}>
        <Suspense fallback={<StartUpSkeleton />}>
          <NewcomerFrame.Component user={newcomer} onLogout={() => void logout()} />
        </Suspense>
      </NewcomerBillingContext.Provider>
    );
  }
  if (!session) return <Navigate to="/404" replace />;
  return (
    <SessionContext.Provider value={session}>
      <AppFrame />
      {isInternalDeveloper(session.user) && <IdleTimer onTimeout={() => void logout()} />}
    </SessionContext.Provider>
  );
}
