/**
 * What the app asks the server for before React first renders (decision 0026's preload, for data): the
 * signed-in start-up query (admin status and user meta), and, when the app opens on a settlement list,
 * that list's first page for the account this browser last used. Both go while the entry script still
 * runs; the components that need them find the queries already in flight under the same keys.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isTokenExpired } from '@ledgerport/core/rules';
import { readAccountKey, readTokenSet } from '../lib/token-store';
import { readOverride, sessionQueryOptions } from './load-session';
// Static on purpose (under 2 kB gzipped with the filters and API it uses): the list's request then goes
// out with the session's, instead of after one more download.
import { prefetchSettlementList } from '../features/settlements/settlement-list-query';
import type { RouteMeta } from './route-meta';

export function startOpeningLoads(queryClient: QueryClient, opening: RouteMeta | undefined, search: string): void {
  if (!opening || opening.isPublic) return;
  const tokens = readTokenSet();
  if (!tokens || isTokenExpired(tokens.refreshTokenExpiresAt, Date.now())) return;
  const override = readOverride(search);
  void queryClient.prefetchQuery(sessionQueryOptions(tokens.userId, override));
  // The settlement list the opening route shows (its route-table entry says which).
  const kind = opening.settlementList;
  const accountKey = readAccountKey();
  // An admin's ?account= or ?userId= opens another account: its list waits for the session.
  if (!kind || !accountKey || override.accountKey !== undefined || override.userId !== undefined) return;
  void prefetchSettlementList(queryClient, accountKey, kind);
}
