/**
 * The route tree under the /app base (history navigation). Public pages (sign-in, 404, oauth) render
 * without a session; everything else goes through the signed-in start-up.
 */
import { Navigate, createBrowserRouter, matchRoutes, useLocation, useParams, type RouteObject } from 'react-router';
import { useSession } from '../lib/session-context';
import { stripAppBase } from '@ledgerport/core/rules';
import type { QueryClient } from '@tanstack/react-query';
import { startOpeningLoads } from './opening-loads';
import { preloadLayoutOf } from './page-layout';
import { RoutePage } from './route-page';
import { REDIRECTS, ROUTES, preloadPage } from './route-table';
import type { RouteMeta } from './route-meta';
import { SignedInRoot } from './signed-in-root';

function RelativeRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} relative="path" replace />;
}

/** /app/app/... : the spec lists some pages with an /app prefix; they are the same pages. */
function AppPrefixRedirect() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}

/** A Clarity route with an organization id goes to that organization's Clarity dashboard. */
function ClarityOrganizationRedirect() {
  const { organizationId = '' } = useParams();
  return <Navigate to={`/clarity/dashboard?organizationId=${encodeURIComponent(organizationId)}`} replace />;
}

function OrganizationIndexRedirect() {
  const { account } = useSession();
  return <Navigate to={`/organization/${account.organizationId ?? 'unassigned'}/dashboard`} replace />;
}

const toRoute = (meta: RouteMeta): RouteObject => ({ path: meta.path, handle: meta, element: <RoutePage meta={meta} /> });

export function buildRoutes(): RouteObject[] {
  return [
    // Public pages (sign-in, logout, 404, oauth) render without the signed-in start-up.
    ...ROUTES.filter((r) => r.isPublic).map(toRoute),
    { path: 'app/*', element: <AppPrefixRedirect /> },
    {
      element: <SignedInRoot />,
      children: [
        { index: true, element: <Navigate to="/admin" replace /> },
        ...ROUTES.filter((r) => !r.isPublic).map(toRoute),
        ...REDIRECTS.map((r) => ({ path: r.path, element: <RelativeRedirect to={r.redirectTo} /> })),
        { path: 'clarity/:organizationId', element: <ClarityOrganizationRedirect /> },
        { path: 'organization', element: <OrganizationIndexRedirect /> },
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

/** The router; given the app's query client, it also starts the opening page's data (opening-loads.ts). */
export function createAppRouter(queryClient?: QueryClient) {
  const routes = buildRoutes();
  // The opening page's code downloads while the session loads, not after it (decision 0026).
  const opening = matchRoutes(routes, window.location.pathname, '/app')?.at(-1)?.route.handle as RouteMeta | undefined;
  preloadPage(opening);
  if (queryClient) startOpeningLoads(queryClient, opening, window.location.search);
  preloadLayoutOf(stripAppBase(window.location.pathname));
  return createBrowserRouter(routes, { basename: '/app' });
}
