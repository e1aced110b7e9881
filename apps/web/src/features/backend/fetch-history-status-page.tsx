/** /backend/fetch-history-status: every history request across accounts and how far it got (issue 19). */
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { FetchHistoryStatus } from '@ledgerport/contract';
import { channelName } from '../../ui/channel-icon';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { STATUS_COLORS, STATUS_LABELS } from '../account-settings/history-requests-panel';
import { fetchHistoryPath, fetchHistoryStatus } from './backend-api';
import { ErrorAlert } from '../../ui/error-alert';

const columns: Array<DataColumn<FetchHistoryStatus>> = [
  { id: 'requestedAt', header: 'Requested', sortValue: (r) => r.requestedAt, cell: (r) => r.requestedAt.slice(0, 16).replace('T', ' ') },
  {
    id: 'account',
    header: 'Account',
    sortValue: (r) => r.accountName.toLowerCase(),
    cell: (r) => (
      <Anchor component={Link} to={fetchHistoryPath(r.accountKey)} size="sm" aria-label={`History requests of ${r.accountName}`}>
        {r.accountName} ({channelName(r.salesChannel)})
      </Anchor>
    ),
  },
  { id: 'period', header: 'Period', sortValue: (r) => r.fromDate, cell: (r) => `${r.fromDate} to ${r.toDate}` },
  {
    id: 'status',
    header: 'Status',
    sortValue: (r) => r.status,
    cell: (r) => (
      <Badge color={STATUS_COLORS[r.status]} variant="light" tt="none">
        {STATUS_LABELS[r.status]}
      </Badge>
    ),
  },
  { id: 'count', header: 'Settlements', align: 'right', sortValue: (r) => r.settlementCount ?? -1, cell: (r) => r.settlementCount ?? '--' },
  { id: 'message', header: 'Notes', cell: (r) => r.message ?? '--' },
];

export function FetchHistoryStatusPage() {
  const query = useQuery({
    queryKey: ['backend', 'fetch-history-status'],
    queryFn: fetchHistoryStatus,
    refetchInterval: (q) => (q.state.data?.requests.some((r) => r.status === 'QUEUED' || r.status === 'RUNNING') ? 2000 : false),
  });
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Requests for older settlements, from account owners and from support, newest first.
      </Text>
      <ErrorAlert error={query.error} />
      <DataTable
        label="History requests of every account"
        columns={columns}
        rows={query.data?.requests ?? []}
        getRowId={(r) => `${r.accountKey}:${r.requestId}`}
        clientPageSize={50}
        initialSort={{ id: 'requestedAt', desc: true }}
        isLoading={query.isPending}
        emptyText="No history has been requested yet."
      />
    </Stack>
  );
}
