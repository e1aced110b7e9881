/**
 * /account/{accountKey}/settlements: the account's settlements as support sees them, read-only, with
 * the merchant list's filters, columns, server sorting and pages (the same query as Settlements).
 */
import { Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Account } from '../../../lib/api-types';
import { DataTable } from '../../../ui/data-table';
import { settlementColumns } from '../../settlements/settlement-columns';
import { SettlementFiltersBar } from '../../settlements/settlement-filters-bar';
import {
  DEFAULT_LIST_STATE,
  buildSearchClause,
  countActiveFilters,
  type SavedListState,
} from '../../settlements/settlement-filters';
import { settlementPageQuery, sortParamOf } from '../../settlements/settlement-list-query';
import { AccountAreaFrame } from './account-area-frame';
import { ErrorAlert } from '../../../ui/error-alert';

function AccountSettlements({ account }: { account: Account }) {
  const [state, setState] = useState<SavedListState>(DEFAULT_LIST_STATE);
  const [pageIndex, setPageIndex] = useState(0);
  const update = (next: SavedListState) => {
    setState(next);
    setPageIndex(0);
  };
  const clause = buildSearchClause(account.accountKey, 'standard', state.filters);
  const query = useQuery({
    ...settlementPageQuery(
      account.accountKey,
      'standard',
      clause,
      pageIndex,
      state.pageSize,
      sortParamOf(state),
    ),
    placeholderData: keepPreviousData,
  });
  const totalRows = query.data?.pagination.totalRows ?? null;
  return (
    <>
      <SettlementFiltersBar
        account={account}
        isSingleOrder={false}
        value={state.filters}
        onChange={(filters) => update({ ...state, filters })}
      />
      <Text size="sm" c="dimmed">
        {totalRows === null
          ? ''
          : totalRows === 1
            ? '1 settlement matches'
            : `${totalRows.toLocaleString('en-US')} settlements match`}
      </Text>
      <ErrorAlert error={query.error} />
      <DataTable
        label={`Settlements of ${account.accountName}`}
        columns={settlementColumns()}
        rows={query.data?.settlements ?? []}
        getRowId={(s) => s.settlementKey}
        sorting={state.sort}
        onSortingChange={(sort) => update({ ...state, sort })}
        paging={{
          pageIndex,
          pageSize: state.pageSize,
          totalRows,
          hasMore: totalRows !== null && (pageIndex + 1) * state.pageSize < totalRows,
          onChange: (next) =>
            next.pageSize !== state.pageSize
              ? update({ ...state, pageSize: next.pageSize })
              : setPageIndex(next.pageIndex),
        }}
        isLoading={query.isPending}
        emptyText={
          countActiveFilters(state.filters) === 0
            ? 'This account has no settlement yet.'
            : 'No settlement of this account matches these filters.'
        }
      />
    </>
  );
}

export function AccountSettlementsPage() {
  return <AccountAreaFrame>{(account) => <AccountSettlements account={account} />}</AccountAreaFrame>;
}
