/**
 * The day date pickers open on before a range is chosen: the end of the account's latest settlement,
 * so a bookkeeper with 2018 data lands in 2018, not on today (issue 26). One small cached query.
 */
import { useQuery } from '@tanstack/react-query';
import { searchSettlementPage } from './settlements-api';

export function useLatestSettlementDay(accountKey: string): string | undefined {
  const latest = useQuery({
    queryKey: ['settlements', accountKey, 'latest-end'],
    queryFn: () => searchSettlementPage({ paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: accountKey }]] }, 0, 1, 'end,desc'),
    staleTime: 60_000,
  });
  const settlement = latest.data?.settlements[0];
  return (settlement?.end ?? settlement?.start ?? undefined)?.slice(0, 10);
}
