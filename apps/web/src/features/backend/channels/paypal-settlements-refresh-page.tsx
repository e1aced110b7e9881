/**
 * /backend/{accountKey}/paypal/settlements-refresh: support asks PayPal again for the account's
 * statements of a period and follows the request (issue 19, decision 0046). The request is the
 * account's own history request on its PayPal connection (same checks, same fetch job, shown in the
 * account's Settings > History with the staff member's name); statements already stored are
 * recognised, not stored twice.
 */
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { HistoryRequest } from '@ledgerport/contract';
import { showToast } from '../../../lib/toast';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { TimestampText } from '../../../ui/date-text';
import { HistoryRangeForm, historyStatusColumn } from '../../account-settings/history-requests-panel';
import { fetchPayPalRefreshes, paypalRawPath, requestPayPalRefresh } from './backend-channels-api';
import { CallError, ConnectionHeading } from './channel-page-parts';

const isRunning = (r: HistoryRequest) => r.status === 'QUEUED' || r.status === 'RUNNING';

const columns: Array<DataColumn<HistoryRequest>> = [
  { id: 'period', header: 'Period', sortValue: (r) => r.fromDate, cell: (r) => `${r.fromDate} to ${r.toDate}` },
  { id: 'requestedAt', header: 'Requested (UTC)', sortValue: (r) => r.requestedAt, cell: (r) => <TimestampText value={r.requestedAt} /> },
  historyStatusColumn('Refresh'),
  { id: 'finishedAt', header: 'Finished (UTC)', sortValue: (r) => r.finishedAt ?? '', cell: (r) => <TimestampText value={r.finishedAt} /> },
  {
    id: 'count',
    header: 'New or changed statements',
    align: 'right',
    sortValue: (r) => r.settlementCount ?? -1,
    cell: (r) => (r.settlementCount === null ? '--' : r.settlementCount),
  },
  { id: 'message', header: 'Notes', cell: (r) => r.message ?? '--' },
];

export function PayPalSettlementsRefreshPage() {
  const { accountKey = '' } = useParams();
  const queryClient = useQueryClient();
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const status = useQuery({
    queryKey: ['backend', 'paypal-refresh', accountKey],
    queryFn: () => fetchPayPalRefreshes(accountKey),
    retry: false,
    refetchInterval: (q) => (q.state.data?.requests.some(isRunning) ? 1000 : false),
  });
  const request = useMutation({
    mutationFn: () => requestPayPalRefresh(accountKey, fromDate, toDate),
    onSuccess: async () => {
      showToast('success', 'PayPal statements refresh requested.');
      await queryClient.invalidateQueries({ queryKey: ['backend', 'paypal-refresh', accountKey] });
    },
  });
  if (status.error)
    return (
      <Stack>
        <ConnectionHeading title="Refresh PayPal statements" channel="PayPal" connection={undefined} />
        <CallError error={status.error} channel="PayPal" />
      </Stack>
    );
  const isBlocked = status.data?.requestHistoryBlocked ?? false;
  return (
    <Stack>
      <Group justify="space-between" align="start">
        <ConnectionHeading title="Refresh PayPal statements" channel="PayPal" connection={status.data?.connection} />
        <Anchor component={Link} to={paypalRawPath(accountKey)} size="sm">
          PayPal raw transactions
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        Ask PayPal again for this account&apos;s statements of a period (at most 366 days). Statements already in Ledgerport are recognised and not stored twice;
        the request shows in the account&apos;s Settings &gt; History with your name.
      </Text>
      {isBlocked && (
        <Alert color="yellow" role="alert" title="History requests are blocked">
          History requests are blocked for this account, so its statements cannot be refreshed.
        </Alert>
      )}
      <HistoryRangeForm from={[fromDate, setFromDate]} to={[toDate, setToDate]} isBlocked={isBlocked} isPending={request.isPending} onSubmit={() => request.mutate()} submitLabel="Refresh statements" />
      {request.isError && (
        <Alert color="red" role="alert" title="Could not request the refresh">
          {request.error.message}
        </Alert>
      )}
      <DataTable label="Statement refreshes" columns={columns} rows={status.data?.requests ?? []} getRowId={(r) => r.requestId} isLoading={status.isPending} emptyText="No refresh or history request yet for this PayPal connection." />
    </Stack>
  );
}
