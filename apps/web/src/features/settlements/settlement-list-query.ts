/**
 * One page of a settlement list as a query: the list page's, and what the opening prefetch asks for
 * (app/opening-loads.ts). A small module of its own, so the prefetch need not wait for the page's code.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SearchCriterion } from '@ledgerport/contract';
import { buildSearchClause, readSavedListState, type SavedListState, type SettlementListKind } from './settlement-filters';
import { searchSettlementPage } from './settlements-api';

export const sortParamOf = (state: SavedListState) => (state.sort ? `${state.sort.id},${state.sort.desc ? 'desc' : 'asc'}` : undefined);

export const settlementPageQuery = (accountKey: string, kind: SettlementListKind, clause: SearchCriterion[][], pageIndex: number, pageSize: number, sort: string | undefined) => ({
  queryKey: ['settlements', accountKey, kind, clause, pageIndex, pageSize, sort] as const,
  queryFn: () => searchSettlementPage({ paginatedSearchCriteriaClause: clause }, pageIndex, pageSize, sort),
  // A page fetched a moment ago (the opening prefetch) is shown as it is, not fetched again on mount;
  // sending polls, and every change invalidates the list, whatever this says.
  staleTime: 5_000,
});

/**
 * Asks for the first page of the list as the page will on its first render (the saved filters, page
 * size and sort of `accountKey`), so an app opening on the list fetches it while the session loads.
 * If the session opens another account, that is simply another query key: nothing wrong is shown.
 */
export function prefetchSettlementList(queryClient: QueryClient, accountKey: string, kind: SettlementListKind): Promise<void> {
  const state = readSavedListState(accountKey, kind);
  return queryClient.prefetchQuery(settlementPageQuery(accountKey, kind, buildSearchClause(accountKey, kind, state.filters), 0, state.pageSize, sortParamOf(state)));
}
