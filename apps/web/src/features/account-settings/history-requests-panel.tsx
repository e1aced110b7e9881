/**
 * Ask the sales channel for settlements of an older period, and follow each request (queued, running
 * with a progress bar, done with the count, failed with the reason). Accounts with
 * requestHistoryBlocked see why the form is closed. Used by Settings > History for the current account
 * and by the backend's fetch-history page for any account.
 */
import { Alert, Badge, Button, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HistoryRequest } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { channelName } from '../../ui/channel-icon';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { showToast } from '../../lib/toast';
import { useIsBillingEnabled } from '../../lib/session-context';

export const STATUS_COLORS: Record<HistoryRequest['status'], string> = { QUEUED: 'gray', RUNNING: 'blue', DONE: 'green', FAILED: 'red' };
export const STATUS_LABELS: Record<HistoryRequest['status'], string> = { QUEUED: 'Waiting', RUNNING: 'Fetching', DONE: 'Done', FAILED: 'Failed' };

/** A history request's status with a progress bar while it waits or runs; `what` names it for screen readers. */
export function historyStatusColumn(what: string): DataColumn<HistoryRequest> {
  return {
    id: 'status',
    header: 'Status',
    sortValue: (r) => r.status,
    cell: (r) => (
      <Stack gap={4}>
        <Badge color={STATUS_COLORS[r.status]} variant="light" tt="none">
          {STATUS_LABELS[r.status]}
        </Badge>
        {(r.status === 'QUEUED' || r.status === 'RUNNING') && <Progress value={r.status === 'RUNNING' ? 60 : 15} animated aria-label={`${what} ${r.fromDate} to ${r.toDate} in progress`} />}
      </Stack>
    ),
  };
}

/** The period of a history request (or a support refresh): two dates and the button that asks. */
export function HistoryRangeForm(props: {
  from: [string, (value: string) => void];
  to: [string, (value: string) => void];
  isBlocked: boolean;
  isPending: boolean;
  onSubmit: () => void;
  submitLabel: string;
}) {
  const [fromDate, setFromDate] = props.from;
  const [toDate, setToDate] = props.to;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <Group align="end">
        <TextInput type="date" label="From date" value={fromDate} onChange={(e) => setFromDate(e.currentTarget.value)} required disabled={props.isBlocked} />
        <TextInput type="date" label="To date" value={toDate} onChange={(e) => setToDate(e.currentTarget.value)} required disabled={props.isBlocked} />
        <Button type="submit" loading={props.isPending} disabled={props.isBlocked}>
          {props.submitLabel}
        </Button>
      </Group>
    </form>
  );
}

export function HistoryRequestsPanel({ accountKey, salesChannel }: { accountKey: string; salesChannel: string }) {
  const queryClient = useQueryClient();
  const isBillingEnabled = useIsBillingEnabled();
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const query = useQuery({
    queryKey: ['history-requests', accountKey],
    queryFn: () => api.get<{ requestHistoryBlocked: boolean; requests: HistoryRequest[] }>('/sales-channel/history', { accountKey: accountKey }),
    refetchInterval: (q) => (q.state.data?.requests.some((r) => r.status === 'QUEUED' || r.status === 'RUNNING') ? 1000 : false),
  });
  const request = useMutation({
    mutationFn: () => api.post<HistoryRequest>('/sales-channel/history', { accountKey: accountKey, fromDate, toDate }),
    onSuccess: async () => {
      showToast('success', 'History request sent.');
      await queryClient.invalidateQueries({ queryKey: ['history-requests'] });
    },
  });
  const columns: Array<DataColumn<HistoryRequest>> = [
    { id: 'period', header: 'Period', cell: (r) => `${r.fromDate} to ${r.toDate}`, sortValue: (r) => r.fromDate },
    { id: 'requestedAt', header: 'Requested', cell: (r) => r.requestedAt.slice(0, 16).replace('T', ' '), sortValue: (r) => r.requestedAt },
    historyStatusColumn('History request'),
    {
      id: 'count',
      header: 'Settlements',
      align: 'right',
      sortValue: (r) => r.settlementCount ?? -1,
      // Open settlements fetched again as they were are not stored again: said apart, not counted.
      cell: (r) =>
        r.settlementCount === null ? (
          '--'
        ) : (
          <Stack gap={0} align="flex-end">
            <Text size="sm">{r.settlementCount}</Text>
            {(r.unchangedCount ?? 0) > 0 && (
              <Text size="xs" c="dimmed">
                {r.unchangedCount} open unchanged
              </Text>
            )}
          </Stack>
        ),
    },
    { id: 'message', header: 'Notes', cell: (r) => r.message ?? '--' },
  ];
  const isBlocked = query.data?.requestHistoryBlocked ?? false;
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        New settlements arrive by themselves. To bring in older ones from {channelName(salesChannel)}, choose a period (at most 366 days).
      </Text>
      {isBlocked && (
        <Alert color="yellow" role="alert" title="History requests are blocked">
          {isBillingEnabled ? 'History requests are blocked for this account. Please contact support.' : 'An administrator of this instance blocked history requests for this account (Backend app).'}
        </Alert>
      )}
      <HistoryRangeForm from={[fromDate, setFromDate]} to={[toDate, setToDate]} isBlocked={isBlocked} isPending={request.isPending} onSubmit={() => request.mutate()} submitLabel="Request history" />
      {request.isError && (
        <Alert color="red" role="alert" title="Could not request history">
          {request.error.message}
        </Alert>
      )}
      <DataTable label="History requests" columns={columns} rows={query.data?.requests ?? []} getRowId={(r) => r.requestId} isLoading={query.isPending} emptyText="No history requested yet." />
    </Stack>
  );
}
