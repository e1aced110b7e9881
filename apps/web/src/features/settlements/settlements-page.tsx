/**
 * The settlement lists of spec section 2: Settlements, B2B Invoices (single-order Shopify),
 * Deferred Revenue, Deferred Transactions (Amazon) and Account Overview. Server-side filters, sort
 * and pages (10/25/50/100), filters saved per account and list in the browser, bulk actions.
 */
import { detailPath } from './settlement-path';
import { Alert, Button, EmptyState, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { countOf, settlementsLabel } from '@ledgerport/core/rules';
import type { Settlement, uploadSettlementFiles } from '@ledgerport/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-client';
import { useMayCall, useSession } from '../../lib/session-context';
import { DataTable } from '../../ui/data-table';
import { BulkActionsBar } from './bulk-actions-bar';
import { ExportSettlementsButton } from './export-settlements-button';
import { SendButton } from './send-button';
import { settlementColumns } from './settlement-columns';
import { buildSearchClause, countActiveFilters, readSavedListState, writeSavedListState, type SavedListState, type SettlementListKind } from './settlement-filters';
import { SettlementFiltersBar } from './settlement-filters-bar';
import { fetchSettlementsAvailable, type BulkAction } from './settlements-api';
import { settlementPageQuery, sortParamOf } from './settlement-list-query';

const INTRO: Record<SettlementListKind, string | null> = {
  standard: null,
  b2b: 'Single-order Shopify B2B invoices: each order is posted as its own invoice.',
  'deferred-revenue': 'Shopify settlements whose revenue is deferred until the orders are fulfilled.',
  'deferred-transactions': 'Amazon deferred transactions: sales Amazon releases after the delivery date.',
  overview: "Every settlement of this account, whatever list it belongs to.",
};

const isSending = (s: Settlement) => s.sendState === 'QUEUED' || s.sendState === 'SENDING';

/** The upload's effect, checked against the contract by type (the entry's schemas stay out of the first load). */
const UPLOAD = { effect: 'write' } as const satisfies Pick<typeof uploadSettlementFiles, 'effect'>;

export function SettlementsPage({ kind }: { kind: SettlementListKind }) {
  const { account } = useSession();
  // The channel's own word, as the menu and the title say it (payouts, deposits, statements, settlements).
  const units = settlementsLabel(account.salesChannel).toLowerCase();
  const unit = units.slice(0, -1);
  // A view-only member cannot load files: the button would only lead to a page that says so.
  const canChange = useMayCall(UPLOAD);
  const queryClient = useQueryClient();
  const [state, setState] = useState<SavedListState>(() => readSavedListState(account.accountKey, kind));
  const [pageIndex, setPageIndex] = useState(0);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);

  // Another account or list: start from what that one saved.
  useEffect(() => {
    setState(readSavedListState(account.accountKey, kind));
    setPageIndex(0);
    setSelectedIds([]);
  }, [account.accountKey, kind]);

  const update = (next: SavedListState) => {
    setState(next);
    setPageIndex(0);
    writeSavedListState(account.accountKey, kind, next);
  };

  const typedClause = useMemo(() => buildSearchClause(account.accountKey, kind, state.filters), [account.accountKey, kind, state.filters]);
  // One search per pause in typing, not one per key.
  const [clause] = useDebouncedValue(typedClause, 250);
  const sort = sortParamOf(state);
  const query = useQuery({
    ...settlementPageQuery(account.accountKey, kind, clause, pageIndex, state.pageSize, sort),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.settlements.some(isSending) ? 1000 : false),
  });
  const available = useQuery({ queryKey: ['settlements', account.accountKey, 'available'], queryFn: () => fetchSettlementsAvailable(account.accountKey) });
  const rows = query.data?.settlements ?? [];
  const pagination = query.data?.pagination;
  const totalRows = pagination && pagination.totalRows >= 0 ? pagination.totalRows : null;
  const hasMore = totalRows === null ? pagination?.cursor != null : (pageIndex + 1) * state.pageSize < totalRows;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['settlements', account.accountKey] });
  const onBulkDone = useCallback(
    (action: BulkAction) => {
      if (action === 'delete') setSelectedIds([]);
      void queryClient.invalidateQueries({ queryKey: ['settlements', account.accountKey] });
    },
    [queryClient, account.accountKey],
  );

  const columns = settlementColumns((s) => (
        <>
          <Button component={Link} to={detailPath(s.settlementKey)} size="compact-xs" variant="default" aria-label={`Open ${s.settlementId}`}>
            Open
          </Button>
          <SendButton settlement={s} onSent={refresh} compact />
        </>
  ));

  if (available.data && !available.data.available) {
    return (
      <EmptyState
        role="status"
        aria-label="No settlements yet"
        withIndicatorBackground
        icon={<IconUpload aria-hidden />}
        title="No settlements yet"
        description="Load the settlement reports you downloaded from your sales channel, or connect the channel so its settlements arrive by themselves."
        py="xl"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/settlement-import">
            Load settlement files
          </Button>
          <Button component={Link} to="/admin" variant="default">
            Connect the channel
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  return (
    <>
      {INTRO[kind] && (
        <Text c="dimmed" size="sm" mb="sm">
          {INTRO[kind]}
        </Text>
      )}
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          {totalRows !== null ? `${countOf(totalRows, unit, units)} ${totalRows === 1 ? 'matches' : 'match'}` : ''}
        </Text>
        <Group gap="xs">
          <ExportSettlementsButton accountKey={account.accountKey} range={state.filters.range} icon={<IconDownload size={16} />} />
          {canChange && (
            <Button component={Link} to="/settlement-import" leftSection={<IconUpload size={16} />}>
              Load settlement files
            </Button>
          )}
        </Group>
      </Group>
      <SettlementFiltersBar account={account} isSingleOrder={kind === 'b2b'} value={state.filters} onChange={(filters) => update({ ...state, filters })} dataDay={(rows[0]?.end ?? rows[0]?.start ?? undefined)?.slice(0, 10)} />
      {query.error && (
        <Alert color="red" role="alert" mb="sm">
          {errorText(query.error)}
        </Alert>
      )}
      <BulkActionsBar accountKey={account.accountKey} selectedIds={selectedIds} onDone={onBulkDone} />
      <DataTable
        label="Settlements"
        columns={columns}
        rows={rows}
        getRowId={(s) => s.settlementKey}
        sorting={state.sort}
        onSortingChange={(s) => update({ ...state, sort: s })}
        paging={{
          pageIndex,
          pageSize: state.pageSize,
          totalRows,
          hasMore,
          onChange: (next) => {
            if (next.pageSize !== state.pageSize) update({ ...state, pageSize: next.pageSize });
            else setPageIndex(next.pageIndex);
          },
        }}
        selection={{
          selectedIds,
          onChange: setSelectedIds,
          rowLabel: (id) => `Select settlement ${rows.find((r) => r.settlementKey === id)?.settlementId ?? id}`,
        }}
        isLoading={query.isPending}
        emptyText={
          countActiveFilters(state.filters) === 0 ? 'No settlements yet. Load a settlement file from your sales channel to start.' : 'No settlement matches these filters.'
        }
      />
    </>
  );
}
