/**
 * Applies the pre-navigation rules before a route renders: it asks the pure decision in core,
 * fetches the user status when an admin-only route needs it, and redirects when told to.
 */
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decidePreNavigation, isClarityViewOnly } from '@ledgerport/core/rules';
import { api } from '../lib/api-client';
import type { UserStatus } from '../lib/api-types';
import { useOptionalSession } from '../lib/session-context';
import type { RouteMeta } from './route-meta';

/** The previous in-app location, for carrying query parameters between Clarity and organization pages. */
let previousLocation: { path: string; search: string } | undefined;

export function RouteGuard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const location = useLocation();
  const session = useOptionalSession();
  const from = useRef(previousLocation).current;
  const userStatus = useQuery({
    queryKey: ['user-status'],
    queryFn: () => api.get<UserStatus>('/public/oauth/user-status'),
    enabled: Boolean(meta.adminOnly),
    retry: false,
    staleTime: 60_000,
  });
  const decision = decidePreNavigation({
    path: location.pathname,
    search: location.search,
    route: meta,
    from,
    referrer: from ? window.location.origin : document.referrer,
    origin: window.location.origin,
    clarityViewOnly: session ? isClarityViewOnly(session.user) : false,
    organizationId: session?.account.organizationId ?? null,
    // A failed user-status call counts as no admin rights (spec section 8: failed check goes to /404).
    userStatus: userStatus.isError ? { expired: true, user: null } : userStatus.data,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'needs-user-status') {
    return (
      <Center py="xl">
        <Loader aria-label="Checking your access" />
      </Center>
    );
  }
  previousLocation = { path: location.pathname, search: location.search };
  return children;
}
